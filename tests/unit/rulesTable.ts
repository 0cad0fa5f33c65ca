import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Builds docs/rules.md from the code: each domain rule, the API routes that call it, the screens that use it. */
const root = join(import.meta.dirname, '../..');

export interface DomainRule {
  name: string;
  module: string;
  summary: string;
  /** Message keys the rule can answer (its refusals). */
  reasons: string[];
  routes: string[];
  screens: string[];
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** A rule: an exported function of src/domain answering RuleResult, or a can…/show…/while… predicate. */
function domainRules(): DomainRule[] {
  const rules: DomainRule[] = [];
  for (const file of files('src/domain', /\.ts$/)) {
    const source = parse(file);
    source.forEachChild((node) => {
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
      const name = node.name.text;
      const returnsRule = node.type?.getText(source) === 'RuleResult';
      if (!returnsRule && !/^(can|shows?|while)[A-Z]/.test(name)) return;
      const doc = ts.getJSDocCommentsAndTags(node).map((tag) => (typeof tag.comment === 'string' ? tag.comment : '')).join(' ');
      const summary = doc.replace(/\s+/g, ' ').trim().split(/(?<=\.)\s/)[0] ?? '';
      const body = node.body?.getText(source) ?? '';
      const reasons = [...new Set([...body.matchAll(/'((?:[A-Z][A-Za-z]*\.)+[A-Za-z_]+)'/g)].map((m) => m[1]))];
      const defaults = node.parameters.map((p) => p.initializer?.getText(source) ?? '').join(' ');
      for (const m of defaults.matchAll(/'((?:[A-Z][A-Za-z]*\.)+[A-Za-z_]+)'/g)) reasons.push(m[1]);
      rules.push({ name, module: file, summary, reasons: [...new Set(reasons)].sort(), routes: [], screens: [] });
    });
  }
  return rules.sort((a, b) => a.module.localeCompare(b.module) || a.name.localeCompare(b.name));
}

const join2 = (prefix: string, path: string) => `${prefix}${path === '/' ? '' : path}`.replace(/\/$/, '') || '/';

/** Route module file → mount prefixes, from the route table server/routes/index.ts (`api.route('/prefix', x)` and its imports). */
function mounts(): Map<string, string[]> {
  const app = readFileSync(join(root, 'server/routes/index.ts'), 'utf8');
  const moduleOf = new Map<string, string>();
  for (const m of app.matchAll(/import \{([^}]+)\} from '\.\/([\w-]+)\.js'/g)) {
    for (const name of m[1].split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!)) moduleOf.set(name, `server/routes/${m[2]}.ts`);
  }
  const result = new Map<string, string[]>();
  for (const m of app.matchAll(/api\.route\('([^']*)',\s*(\w+)/g)) {
    const module = moduleOf.get(m[2]);
    const prefix = `/api${m[1] === '/' ? '' : m[1]}`;
    // Keyed by the module and by `module#identifier` (one module may export several mounted routers).
    if (module) for (const key of [module, `${module}#${m[2]}`]) result.set(key, [...(result.get(key) ?? []), prefix]);
  }
  // Sub-routers mounted inside a module: `outer.route('/p', inner)`.
  for (const module of new Set(moduleOf.values())) {
    const text = readFileSync(join(root, module), 'utf8');
    for (const m of text.matchAll(/(\w+)\.route\('([^']*)',\s*(\w+)\)/g)) {
      for (const prefix of result.get(`${module}#${m[1]}`) ?? []) {
        const key = `${module}#${m[3]}`;
        result.set(key, [...(result.get(key) ?? []), join2(prefix, m[2])]);
      }
    }
  }
  return result;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'use', 'all']);
const REST_ACTIONS: Record<string, string> = { create: 'POST /', update: 'PUT /:id', remove: 'DELETE /:id' };

/** Where in a server module a call sits: `METHOD path` of the enclosing route, or the enclosing exported function. */
function enclosing(node: ts.Node, source: ts.SourceFile): { route?: string; router?: string; fn?: string } {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression) && METHODS.has(current.expression.name.text)) {
      const [path] = current.arguments;
      const receiver = current.expression.expression;
      const method = ['use', 'all'].includes(current.expression.name.text) ? 'ANY' : current.expression.name.text.toUpperCase();
      if (path && ts.isStringLiteral(path)) return { route: `${method} ${path.text}`, router: ts.isIdentifier(receiver) ? receiver.text : undefined };
    }
    if (ts.isPropertyAssignment(current) && ts.isIdentifier(current.name) && REST_ACTIONS[current.name.text]) {
      // create / update / remove of a restResource({...})
      let outer: ts.Node | undefined = current.parent;
      while (outer && !(ts.isCallExpression(outer) && outer.expression.getText(source) === 'restResource')) outer = outer.parent;
      const declaration = outer?.parent;
      if (outer) return { route: REST_ACTIONS[current.name.text], router: declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined };
    }
    if (ts.isFunctionDeclaration(current) && current.name) return { fn: current.name.text };
    if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name) && current.initializer && (ts.isArrowFunction(current.initializer) || ts.isFunctionExpression(current.initializer))) {
      return { fn: current.name.text };
    }
  }
  return {};
}


/** Calls of `names` in server modules, resolved to API routes (through one level of helper functions). */
function serverCallers(names: Set<string>): Map<string, Set<string>> {
  const prefixes = mounts();
  const serverFiles = [...files('server/routes', /\.ts$/), ...files('server/lib', /\.ts$/), ...files('server/services', /\.ts$/)];
  const sources = serverFiles.map((file) => ({ file, source: parse(file) }));
  const result = new Map<string, Set<string>>();
  const add = (name: string, entry: string) => result.set(name, (result.get(name) ?? new Set()).add(entry));
  const routesOf = (file: string, route: string, router?: string) => {
    const [method, path] = route.split(' ');
    return (prefixes.get(`${file}#${router}`) ?? prefixes.get(file) ?? [file]).map((prefix) => `${method} ${join2(prefix, path)}`);
  };
  // A helper function calling the rule: the routes calling that helper enforce the rule too.
  const helpers = new Map<string, string[]>();
  const visit = (file: string, source: ts.SourceFile, wanted: Set<string>, found: (name: string, node: ts.Node) => void) => {
    const walk = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        if (wanted.has(name)) found(name, node);
      }
      node.forEachChild(walk);
    };
    walk(source);
    void file;
  };
  for (const { file, source } of sources) {
    visit(file, source, names, (name, node) => {
      const where = enclosing(node, source);
      if (where.route) for (const route of routesOf(file, where.route, where.router)) add(name, route);
      else if (where.fn) helpers.set(where.fn, [...(helpers.get(where.fn) ?? []), name]);
    });
  }
  for (let depth = 0; depth < 3 && helpers.size; depth++) {
    const wanted = new Set(helpers.keys());
    const next = new Map<string, string[]>();
    for (const { file, source } of sources) {
      visit(file, source, wanted, (helper, node) => {
        const where = enclosing(node, source);
        for (const rule of helpers.get(helper) ?? []) {
          if (where.route) for (const route of routesOf(file, where.route, where.router)) add(rule, route);
          else if (where.fn && where.fn !== helper) next.set(where.fn, [...(next.get(where.fn) ?? []), rule]);
        }
      });
    }
    helpers.clear();
    for (const [key, value] of next) helpers.set(key, value);
  }
  return result;
}

/** The flags the server computes with a rule for the page (`can: { edit: canEditUnit(…) }` → `can.edit`). */
function serverFlags(names: Set<string>): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  for (const file of files('server/routes', /\.ts$/)) {
    const source = parse(file);
    const walk = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'can' && ts.isObjectLiteralExpression(node.initializer)) {
        for (const property of node.initializer.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
          const text = property.initializer.getText(source);
          for (const name of names) if (new RegExp(`\\b${name}\\(`).test(text)) flags.set(name, [...(flags.get(name) ?? []), `can.${property.name.text}`]);
        }
      }
      node.forEachChild(walk);
    };
    walk(source);
  }
  return flags;
}

/** App modules (outside src/domain) that use each rule, directly or through the flag the server computes with it. */
function screenUsers(names: Set<string>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  const flags = serverFlags(names);
  for (const file of files('src', /\.tsx?$/).filter((file) => !file.startsWith('src/domain/'))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const name of names) {
      const direct = new RegExp(`\\b${name}\\(`).test(text);
      const viaFlag = (flags.get(name) ?? []).some((flag) => new RegExp(`\\b${flag.replace('.', '\\.')}\\b`).test(text));
      if (direct || viaFlag) result.set(name, (result.get(name) ?? new Set()).add(file.replace(/^src\//, '')));
    }
  }
  return result;
}

export function collectRules(): DomainRule[] {
  const rules = domainRules();
  const names = new Set(rules.map((rule) => rule.name));
  const routes = serverCallers(names);
  const screens = screenUsers(names);
  for (const rule of rules) {
    rule.routes = [...(routes.get(rule.name) ?? [])].sort();
    rule.screens = [...(screens.get(rule.name) ?? [])].sort();
  }
  // A rule used inside another rule is enforced and explained wherever that one is.
  const bodies = new Map(rules.map((rule) => [rule.name, ruleBody(rule)]));
  for (let round = 0; round < 3; round++) {
    for (const outer of rules) {
      for (const inner of rules) {
        // canAccess dispatches over every resource: its callers are listed under it, not under each rule it asks.
        if (inner === outer || outer.name === 'canAccess' || !new RegExp(`\\b${inner.name}\\(`).test(bodies.get(outer.name) ?? '')) continue;
        inner.routes = [...new Set([...inner.routes, ...outer.routes])].sort();
        inner.screens = [...new Set([...inner.screens, ...outer.screens])].sort();
      }
    }
  }
  return rules;
}

function ruleBody(rule: DomainRule): string {
  const source = parse(rule.module);
  let body = '';
  source.forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === rule.name) body = node.body?.getText(source) ?? '';
  });
  return body;
}

const cell = (values: string[]) => (values.length ? values.map((value) => `\`${value}\``).join('<br>') : '—');

export function renderRulesTable(rules: DomainRule[], notes: Record<string, string>): string {
  const lines = [
    '# Rules: where each is decided, enforced and explained',
    '',
    'Generated by `tests/unit/rules-table.test.ts` from the code (do not edit by hand: run',
    '`UPDATE_RULES=1 npx vitest run tests/unit/rules-table.test.ts`). A rule is an exported function of `src/domain/` that',
    'answers a `RuleResult` or is a `can…`/`show…`/`while…` predicate. "Enforced by" lists the API routes that call it (directly',
    'or through a server helper); "Explained in" the app modules that apply it, where its refusal reasons (translated in',
    'de, en and nl, checked by the same test) are shown. A rule the app applies without an enforcing route carries the',
    'reason in the last column.',
    '',
    '| rule | domain function | enforced by (API) | explained in (app) | refusal messages | note |',
    '|---|---|---|---|---|---|',
  ];
  for (const rule of rules) {
    const summary = rule.summary.replace(/\|/g, '\\|');
    lines.push(`| ${summary || '—'} | \`${rule.name}\` (${rule.module.replace(/^src\/domain\//, '')}) | ${cell(rule.routes)} | ${cell(rule.screens)} | ${cell(rule.reasons)} | ${notes[rule.name] ?? ''} |`);
  }
  return `${lines.join('\n')}\n`;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('one data layer', () => {
  it('no module outside src/providers calls the HTTP client or fetch (the data provider does)', () => {
    const offenders = sourceFiles(src)
      .map((file) => relative(src, file))
      .filter((file) => !file.startsWith('providers/'))
      .filter((file) => /\bhttpClient\b|fetchUtils\.fetchJson|(^|[^.\w])fetch\(/m.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('src/custom holds only the pages the review kept (docs/architecture.md names each with its reason)', () => {
    const kept = readdirSync(join(src, 'custom')).sort();
    expect(kept).toEqual(['account', 'dashboard', 'help', 'news', 'profile']);
    const architecture = readFileSync(join(__dirname, '../../docs/architecture.md'), 'utf8');
    for (const page of kept) expect(architecture, `docs/architecture.md gives no reason for src/custom/${page}`).toContain(`\`src/custom/${page}\``);
  });
});

describe('feature folders (issue #38)', () => {
  // Every relative import and re-export, `import type` and lazy `import()` included: a folder's dependencies are
  // its source's, whatever is erased at run time. Each is resolved against the importing file.
  const known = new Set(sourceFiles(src));
  const resolveImport = (from: string, specifier: string): string | undefined => {
    const base = resolve(dirname(from), specifier).replace(/\.m?js$/, '');
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => known.has(candidate));
  };
  const importsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm)].flatMap((match) => resolveImport(file, match[1]) ?? []);
  /** The imports from a folder of src/ into another, as "importer → imported" relative to src/. */
  const crossings = (from: string[], into: string) =>
    [...known]
      .filter((file) => from.some((folder) => relative(src, file).startsWith(`${folder}/`)))
      .flatMap((file) => importsOf(file).filter((target) => relative(src, target).startsWith(`${into}/`)).map((target) => `${relative(src, file)} → ${relative(src, target)}`));

  it('resolves relative imports against the importing file (the check can fail)', () => {
    expect(importsOf(join(src, 'App.tsx'))).toContain(join(src, 'resources/projects/index.tsx'));
    expect(importsOf(join(src, 'App.tsx'))).toContain(join(src, 'custom/dashboard/Dashboard.tsx'));
    expect(crossings(['layout'], 'providers').length).toBeGreaterThan(0);
  });

  it('src/custom and src/forms import nothing from src/resources (shared pieces live in src/components, src/domain, src/providers)', () => {
    expect(crossings(['custom', 'forms'], 'resources')).toEqual([]);
  });

  it('src/resources imports nothing from src/custom', () => {
    expect(crossings(['resources'], 'custom')).toEqual([]);
  });
});

describe('one formatting of dates and numbers', () => {
  it('no module formats dates or numbers itself: src/domain/format.ts does, in the user language (react-admin fields through src/layout/LocalizedFields)', () => {
    // rateLimits.ts writes a duration as a unit ("12 minutes"), which format.ts has no need for.
    const allowed = new Set(['domain/format.ts', 'domain/rateLimits.ts', 'layout/LocalizedFields.tsx']);
    const offenders = sourceFiles(src)
      .map((file) => relative(src, file))
      .filter((file) => !allowed.has(file))
      .filter((file) => /\.toLocale(Date|Time)?String\(|new Intl\.(DateTimeFormat|NumberFormat)\(|\b(DateField|NumberField)\b[^;]*from 'react-admin'/.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('one test support module', () => {
  const tests = join(__dirname, '..');
  // This file names the patterns it looks for.
  const files = sourceFiles(tests).map((file) => relative(tests, file)).filter((file) => file !== 'unit/architecture.test.ts');
  it('only tests/support/server.ts starts the server process (startTestServer, spawnServer); freePort is written once', () => {
    // The server's build (scripts/build-server.mjs) or its source, started as a process.
    const starter = /serverArgs|ensureServerBuild|SERVER_BUILD|dist-server\/index|['"]server['"],\s*['"]index\.ts['"]|server\/index\.ts['"]\)/;
    expect(starter.test('spawn(process.execPath, serverArgs(), { cwd: root, env, stdio })')).toBe(true);
    const starters = files.filter((file) => starter.test(readFileSync(join(tests, file), 'utf8')));
    expect(starters).toEqual(['support/server.ts']);
    const freePorts = files.filter((file) => /function freePort\b|const freePort\s*=/.test(readFileSync(join(tests, file), 'utf8')));
    expect(freePorts).toEqual(['support/ports.ts']);
  });

  it('tests sign in over the network one way (tests/support/session.ts), with the password the demo seed sets', async () => {
    const { DEMO_PASSWORD: seeded } = await import('../../server/db/seed.js');
    const { DEMO_PASSWORD: known } = await import('../support/session.js');
    expect(known).toBe(seeded);
    // Signing in over the network and keeping the cookie (the login floods post logins to count answers, not to keep
    // one; the in-process suites sign in through app.request in tests/api/helpers.ts).
    const signIns = files.filter((file) => {
      const text = readFileSync(join(tests, file), 'utf8');
      return /fetch\(`\$\{[\w.[\]]+\}\/api\/auth\/login`/.test(text) && /get\('set-cookie'\)/.test(text);
    });
    expect(signIns).toEqual(['support/session.ts']);
  });

  it('only tests/support/databases.ts makes PostgreSQL databases (createThrowawayDatabase, recreateDatabase)', () => {
    const creators = files.filter((file) => /create database/i.test(readFileSync(join(tests, file), 'utf8')));
    expect(creators).toEqual(['support/databases.ts']);
  });
});

describe('IFC models are read off the request thread', () => {
  it('no server module but the extraction worker\'s reads a model with web-ifc: routes ask the worker pool (issue #21)', () => {
    const server = join(__dirname, '../../server');
    // The worker's modules, and the structure reader the worker runs (its readIfcStructure serves tests and scripts).
    const worker = new Set(['services/ifc-viewer-worker.ts', 'services/ifc-viewer-extract.ts', 'services/ifc-viewer-meshes.ts', 'services/ifc-wall-dimensions.ts', 'services/ifc-structure.ts']);
    const offenders = sourceFiles(server)
      .map((file) => relative(server, file))
      .filter((file) => !worker.has(file))
      .filter((file) => /from 'web-ifc'|\b(readIfcStructure|readIfcFacts|withIfcModel|extractViewerModel)\(/.test(readFileSync(join(server, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('every mail passes the outbox and its limits (issue #41)', () => {
  const server = join(__dirname, '../../server');
  const files = () => sourceFiles(server).map((file) => relative(server, file));

  it('only server/services/mail-outbox.ts writes mails: a route cannot queue one past the mail limits', () => {
    const offenders = files()
      .filter((file) => file !== 'services/mail-outbox.ts')
      .filter((file) => /\.insert\(\s*mails\s*\)/.test(readFileSync(join(server, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only the portal\'s own jobs send as the system (not counted); everything else sends as the user who acts', () => {
    const jobs = new Set(['services/mail-outbox.ts', 'services/scheduler.ts', 'services/installation.ts', 'db/seed.ts', 'db/seed-members.ts', 'lib/notifications.ts']);
    const offenders = files()
      .filter((file) => !jobs.has(file))
      .filter((file) => /\bsystem:\s*'/.test(readFileSync(join(server, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only the administrators\' user import sends outside the per-sender budget', () => {
    const offenders = files()
      .filter((file) => file !== 'services/mail-outbox.ts' && file !== 'lib/bulk/user-adapter.ts')
      .filter((file) => /\bbulkImport:/.test(readFileSync(join(server, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no link is built from the request\'s address: links start at PUBLIC_URL (server/lib/public-url.ts)', () => {
    const offenders = files().filter((file) => /new URL\(c\.req\.url\)\.origin/.test(readFileSync(join(server, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('no import circles (issue #38)', () => {
  // Value imports only: `import type` is erased and orders nothing at run time.
  const root = join(__dirname, '../..');
  const modules = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'server'))].filter((file) => !file.endsWith('.d.ts'));
  const known = new Set(modules);
  const resolveImport = (from: string, specifier: string): string | undefined => {
    const base = join(from, '..', specifier).replace(/\.m?js$/, '');
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => known.has(candidate));
  };
  const importsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm)].flatMap((match) => resolveImport(file, match[1]) ?? []);

  /** The strongly connected groups of more than one module (Tarjan), each a circle of imports. */
  function circles(graph: Map<string, string[]>): string[][] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (file: string) => {
      index.set(file, index.size);
      low.set(file, index.get(file)!);
      stack.push(file);
      onStack.add(file);
      for (const next of graph.get(file) ?? []) {
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
      if (low.get(file) !== index.get(file)) return;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    };
    for (const file of graph.keys()) if (!index.has(file)) visit(file);
    return found;
  }

  it('finds a circle when there is one (the check can fail), also through a third module', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
    expect(importsOf(join(root, 'src/domain/projectUnits.ts'))).toContain(join(root, 'src/domain/projectFiles.ts'));
  });

  it('src/ and server/ import no module that imports them back', () => {
    const graph = new Map(modules.map((file) => [file, importsOf(file)]));
    expect(circles(graph).map((group) => group.map((file) => relative(root, file)))).toEqual([]);
  });
});

describe('server layers (issue #38)', () => {
  const root = join(__dirname, '../..');
  const server = join(root, 'server');
  const files = () => sourceFiles(server).map((file) => relative(root, file));
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  /** The repository paths a module imports (relative specifiers, `import type` included: a type is a dependency too). */
  const importsOf = (file: string): string[] =>
    [...read(file).matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm)].map((match) => relative(root, join(root, file, '..', match[1])).replace(/\.m?js$/, ''));
  const isRoute = (path: string) => path.startsWith('server/routes/');

  it('finds an import of a route (the checks can fail)', () => {
    expect(importsOf('server/routes/index.ts').filter(isRoute)).toContain('server/routes/users');
  });

  it('nothing outside server/routes and server/app.ts imports a route module: shared code lives in server/lib or server/services', () => {
    const offenders = files()
      .filter((file) => !isRoute(file) && file !== 'server/app.ts')
      .flatMap((file) => importsOf(file).filter(isRoute).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
  });

  it('no route module imports another: the route table (server/routes/index.ts) assembles the routers', () => {
    const offenders = files()
      .filter((file) => isRoute(file) && file !== 'server/routes/index.ts')
      .flatMap((file) => importsOf(file).filter(isRoute).map((target) => `${file} → ${target}`));
    expect(offenders).toEqual([]);
  });

  it('the route table lives in server/routes/index.ts: app.ts mounts no API router itself', () => {
    expect(importsOf('server/app.ts').filter(isRoute).sort()).toEqual(['server/routes/auth', 'server/routes/index', 'server/routes/operations']);
    expect(read('server/app.ts')).not.toMatch(/api\.route\(/);
  });

  it('only server/env.ts reads process.env: every variable is parsed and checked there', () => {
    const offenders = files().filter((file) => file !== 'server/env.ts' && /\bprocess\.env\b/.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('no route checks a body with safeParse itself: readBody/checkBody (server/lib/validation.ts) answer every route alike', () => {
    const offenders = files().filter((file) => isRoute(file) && /\.safeParse\(/.test(read(file)));
    expect(offenders).toEqual([]);
  });
});

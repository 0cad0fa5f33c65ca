import { isPlainObject, isSection, sheetNameOf, splitPath, walkControls } from './paths';
import type { ActivationPath, SheetNode, SheetProblem, SheetSchema } from './types';

/**
 * The references between sheets (issue #34): conditions (`x-activeIf`, `x-activationPaths`) name controls by dot
 * path, in their own sheet or in another of the set. Who depends on a control, renaming a path everywhere, cycles,
 * and the references other sheets make into a sheet.
 */

export const REFERENCE_MESSAGE = {
  cycle: 'QUESTIONNAIRE.Definition.Cycle',
  brokenIncoming: 'QUESTIONNAIRE.Definition.BrokenIncoming',
} as const;

/** One condition that names a path: where it sits (sheet and JSON pointer segments) and what it names. */
export interface SheetReference {
  /** The sheet holding the condition. */
  sheet: string;
  /** Dot path of the control holding it; the sheet name for a sheet's own activation paths. */
  from: string;
  /** JSON pointer segments of the condition in its sheet's schema. */
  pointer: string[];
  kind: 'activeIf' | 'activationPath';
  /** The path named. */
  path: string;
  equals?: ActivationPath['equals'];
}

const pointerCache = new WeakMap<SheetSchema, SheetReference[]>();

/** Every condition of a sheet, in document order. */
export function sheetReferences(schema: SheetSchema): SheetReference[] {
  const cached = pointerCache.get(schema);
  if (cached) return cached;
  const sheet = sheetNameOf(schema);
  const result: SheetReference[] = [];
  const conditions = (node: SheetNode, from: string, pointer: string[]) => {
    if (typeof node['x-activeIf'] === 'string') result.push({ sheet, from, pointer: [...pointer, 'x-activeIf'], kind: 'activeIf', path: node['x-activeIf'] });
    if (Array.isArray(node['x-activationPaths'])) {
      node['x-activationPaths'].forEach((activation, index) => {
        if (isPlainObject(activation) && typeof activation.path === 'string') {
          result.push({ sheet, from, pointer: [...pointer, 'x-activationPaths', String(index)], kind: 'activationPath', path: activation.path, ...(activation.equals !== undefined ? { equals: activation.equals } : {}) });
        }
      });
    }
  };
  conditions(schema, sheet, []);
  const visit = (node: SheetNode, pointer: string[], path: string[]) => {
    for (const [name, child] of Object.entries(isPlainObject(node.properties) ? node.properties : {})) {
      if (!isPlainObject(child)) continue;
      const childPointer = [...pointer, 'properties', name];
      if (isSection(child)) visit(child, childPointer, [...path, name]);
      else conditions(child, [sheet, ...path, name].join('.'), childPointer);
    }
  };
  visit(schema, [], []);
  pointerCache.set(schema, result);
  return result;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);

/** The conditions in the sheet set that name `path` or a path below it (a section: any of its controls). */
export function whereUsed(sheets: readonly SheetSchema[], path: string): SheetReference[] {
  return sheets.flatMap((sheet) => sheetReferences(sheet).filter((reference) => within(reference.path, path) && !within(reference.from, path)));
}

/** A copy of the schema with every condition naming `from` (or a path below it) naming `to` instead; the same object when none does. */
export function rewriteReferences<S extends SheetSchema>(schema: S, from: string, to: string): S {
  const references = sheetReferences(schema).filter((reference) => within(reference.path, from));
  if (!references.length) return schema;
  let result: Record<string, unknown> = schema as unknown as Record<string, unknown>;
  for (const reference of references) {
    const renamed = to + reference.path.slice(from.length);
    const pointer = reference.kind === 'activeIf' ? reference.pointer : [...reference.pointer, 'path'];
    result = replaceAt(result, pointer, renamed);
  }
  return result as unknown as S;
}

/** A copy of the schema without the conditions naming `path` (or below it); an activation list left empty goes. */
export function removeReferences<S extends SheetSchema>(schema: S, path: string): S {
  const references = sheetReferences(schema).filter((reference) => within(reference.path, path));
  if (!references.length) return schema;
  let result: Record<string, unknown> = schema as unknown as Record<string, unknown>;
  // Backwards, so that the indexes of activation paths still to be removed stay right.
  for (const reference of [...references].reverse()) result = removeAt(result, reference.pointer);
  return result as unknown as S;
}

function replaceAt(node: Record<string, unknown> | unknown[], pointer: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = pointer;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...node };
  const child = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] = rest.length ? replaceAt(child as Record<string, unknown>, rest, value) : value;
  return copy as Record<string, unknown>;
}

function removeAt(node: Record<string, unknown> | unknown[], pointer: string[]): Record<string, unknown> {
  const [head, ...rest] = pointer;
  if (Array.isArray(node)) {
    const copy = [...node];
    if (rest.length) copy[Number(head)] = removeAt(copy[Number(head)] as Record<string, unknown>, rest);
    else copy.splice(Number(head), 1);
    return copy as unknown as Record<string, unknown>;
  }
  const copy = { ...node };
  if (!rest.length) {
    delete copy[head];
    return copy;
  }
  const child = removeAt(copy[head] as Record<string, unknown>, rest);
  // An activation list without entries is not allowed (minItems 1): the condition goes as a whole.
  if (Array.isArray(child) && child.length === 0) delete copy[head];
  else copy[head] = child;
  return copy;
}

/**
 * Cycles among conditions over the sheet set: a control depends on the controls its conditions name and on its
 * sheet; a sheet on the controls its activation paths name. A cycle means a control can never be shown (or a
 * checkbox switches itself off). Reported on the conditions of `schema` that close a cycle.
 */
export function cycleProblems(schema: SheetSchema, otherSheets: readonly SheetSchema[]): SheetProblem[] {
  const own = sheetNameOf(schema);
  const sheets = [schema, ...otherSheets.filter((other) => sheetNameOf(other) !== own)];
  const edges = new Map<string, string[]>();
  const add = (from: string, to: string) => edges.set(from, [...(edges.get(from) ?? []), to]);
  for (const sheet of sheets) {
    const name = sheetNameOf(sheet);
    for (const control of walkControls(sheet)) add(control.dotPath, name);
    for (const reference of sheetReferences(sheet)) add(reference.from, reference.path);
  }
  // Iterative depth-first search (white/grey/black): a grey node reached again closes a cycle.
  const state = new Map<string, 1 | 2>();
  const inCycle = new Set<string>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const targets = edges.get(top.node) ?? [];
      if (top.next >= targets.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const target = targets[top.next++];
      const seen = state.get(target);
      if (seen === 1) {
        const from = stack.findIndex((entry) => entry.node === target);
        for (const entry of stack.slice(from)) inCycle.add(entry.node);
      } else if (seen === undefined) {
        state.set(target, 1);
        stack.push({ node: target, next: 0 });
      }
    }
  }
  if (!inCycle.size) return [];
  return sheetReferences(schema)
    .filter((reference) => inCycle.has(reference.from) && (inCycle.has(reference.path) || inCycle.has(splitPath(reference.path)[0])))
    .map((reference) => ({ path: reference.kind === 'activeIf' ? reference.pointer : [...reference.pointer, 'path'], key: REFERENCE_MESSAGE.cycle, params: { path: reference.path } }));
}

/**
 * The conditions of other sheets that name a path of `schema`'s sheet that it does not have (a control renamed or
 * removed in this version). Reported at the referring sheet's pointer, with its name.
 */
export function incomingReferenceProblems(schema: SheetSchema, otherSheets: readonly SheetSchema[]): (SheetProblem & { sheet: string })[] {
  const own = sheetNameOf(schema);
  const controls = new Map(walkControls(schema).map((control) => [control.dotPath, control.control]));
  return otherSheets
    .filter((other) => sheetNameOf(other) !== own)
    .flatMap((other) =>
      sheetReferences(other)
        .filter((reference) => splitPath(reference.path)[0] === own && !controls.has(reference.path))
        .map((reference) => ({
          sheet: reference.sheet,
          path: reference.kind === 'activeIf' ? reference.pointer : [...reference.pointer, 'path'],
          key: REFERENCE_MESSAGE.brokenIncoming,
          params: { sheet: reference.sheet, path: reference.path },
        })),
    );
}

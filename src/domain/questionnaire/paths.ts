import type { QuestionnaireAnswers, SheetControl, SheetData, SheetNode, SheetSchema } from './types';

export const sheetNameOf = (schema: SheetSchema): string => schema['x-sheet'].name;

/** A section is an object node without `x-component`; everything else inside a section is a control. */
export function isSection(node: SheetNode): boolean {
  return node.type === 'object' && !node['x-component'];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function splitPath(path: string | readonly string[]): string[] {
  return typeof path === 'string' ? path.split('.').filter(Boolean) : [...path];
}

/** The value at a path (dot string or segments); undefined where the path leads nowhere. */
export function getAt(data: unknown, path: string | readonly string[]): unknown {
  let node = data;
  for (const segment of splitPath(path)) {
    if (!isPlainObject(node) || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

/** A copy of `data` with the value at `path` replaced (undefined removes it); objects along the way are copied. */
export function setAt<T extends Record<string, unknown>>(data: T, path: string | readonly string[], value: unknown): T {
  const [head, ...rest] = splitPath(path);
  if (head === undefined) return data;
  const copy: Record<string, unknown> = { ...data };
  if (rest.length) {
    const child = isPlainObject(copy[head]) ? (copy[head] as Record<string, unknown>) : {};
    copy[head] = setAt(child, rest, value);
  } else if (value === undefined) {
    delete copy[head];
  } else {
    copy[head] = value;
  }
  return copy as T;
}

const controlCache = new WeakMap<SheetSchema, SheetControl[]>();

/** Every control of a sheet in document order (sections and child sections walked depth-first); do not mutate the list. */
export function walkControls(schema: SheetSchema): SheetControl[] {
  const cached = controlCache.get(schema);
  if (cached) return cached;
  const sheet = sheetNameOf(schema);
  const controls: SheetControl[] = [];
  const visit = (node: SheetNode, path: string[]) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const childPath = [...path, name];
      if (isSection(child)) visit(child, childPath);
      else controls.push({ name, path: childPath, dotPath: [sheet, ...childPath].join('.'), control: child });
    }
  };
  visit(schema, []);
  controlCache.set(schema, controls);
  return controls;
}

/** Every section of a sheet with its path within the sheet's data (top-level sections first in each branch). */
export function walkSections(schema: SheetSchema): { path: string[]; section: SheetNode }[] {
  const sections: { path: string[]; section: SheetNode }[] = [];
  const visit = (node: SheetNode, path: string[]) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (!isSection(child)) continue;
      sections.push({ path: [...path, name], section: child });
      visit(child, [...path, name]);
    }
  };
  visit(schema, []);
  return sections;
}

/** A sheet's own answers (an empty object when it has none yet). */
export function sheetDataOf(schema: SheetSchema, answers: QuestionnaireAnswers): SheetData {
  const data = answers[sheetNameOf(schema)];
  return isPlainObject(data) ? data : {};
}

/** "Empty" for the required rules: undefined, null, '', false, [] and {}. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

/** The control kind the page renders (spec's control types). */
export type ControlKind = 'checkbox' | 'number' | 'text' | 'dropdown' | 'multi' | 'component';

export function controlKind(control: SheetNode): ControlKind {
  if (control['x-component']) return 'component';
  if (control.type === 'boolean') return 'checkbox';
  if (control.type === 'number' || control.type === 'integer') return 'number';
  if (control.type === 'array') return 'multi';
  if (control.oneOf?.length) return 'dropdown';
  return 'text';
}

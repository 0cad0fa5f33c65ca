import { isPlainObject } from '../paths';
import { LOCALIZED_TEXTS, type LocalizedText, type SheetNode, type SheetOption, type SheetSchema, type SheetUiSchema } from '../types';
import { modelItems, sheetModel, toolOf, type ModelItem, type SheetModel } from './model';
import { conditionsOf, type Condition } from './operations';

/**
 * Two versions of a sheet compared control by control (issue #34, "compare versions visually"). Items are matched
 * by their path within the sheet; a control that left one section and appears in another with the same key and kind
 * is one moved control. For every matched item the properties that differ, grouped the way a configurer thinks of
 * them, each with its value before and after. The work is linear in the size of both documents.
 */

/** How a property's change is grouped in words: texts, options, limits, conditions, required/read-only/default, display. */
export const CHANGE_GROUPS = ['texts', 'options', 'limits', 'conditions', 'rules', 'widget', 'other'] as const;
export type ChangeGroup = (typeof CHANGE_GROUPS)[number];

/** The keywords of each group that are compared value against value (texts, options and conditions have their own rules). */
export const LIMIT_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'x-unit', 'multipleOf'] as const;
export const RULE_KEYWORDS = ['x-required', 'readOnly', 'default', 'x-requiredGroup', 'x-group'] as const;
export const WIDGET_KEYWORDS = ['x-width', 'x-fullWidth', 'x-component', 'x-componentOptions'] as const;

export type PropertyChange =
  | { group: 'texts'; property: LocalizedText; language: string; before?: string; after?: string }
  | { group: 'options'; change: 'added' | 'removed' | 'renamed'; value: string; before?: SheetOption; after?: SheetOption }
  | { group: 'options'; change: 'reordered'; before: string[]; after: string[] }
  | { group: 'conditions'; before: Condition[]; after: Condition[] }
  /** `property`: a keyword of the node (`maximum`), of its uiSchema entry (`ui:widget`), or `kind` (the toolbox kind). */
  | { group: 'limits' | 'rules' | 'widget' | 'other'; property: string; before?: unknown; after?: unknown };

export type CompareStatus = 'added' | 'removed' | 'changed' | 'moved' | 'unchanged';

export interface ComparedItem {
  kind: 'control' | 'section';
  key: string;
  status: CompareStatus;
  /** The item in version A (absent when added) and in version B (absent when removed). */
  before?: ModelItem;
  after?: ModelItem;
  /** Its path of keys within the sheet in A and in B. */
  beforePath?: string[];
  afterPath?: string[];
  /**
   * A moved control is listed twice, at its old place in A ('old') and at its new place in B ('new'); its changes
   * and its count belong to the new place.
   */
  place?: 'old' | 'new';
  changes: PropertyChange[];
  /** A section's children: B's order, with what only A has after the sibling it followed in A. */
  children: ComparedItem[];
}

export interface SheetComparison {
  /** Top-level sections (and any control at the root), merged as `ComparedItem.children`. */
  items: ComparedItem[];
  /** Changes of the sheet itself (its title, description, its activation). */
  sheet: PropertyChange[];
  /** Controls (not sections) per status; a moved control counts once. */
  counts: Record<CompareStatus, number>;
}

const isSheet = (schema: unknown): schema is SheetSchema =>
  isPlainObject(schema) && isPlainObject(schema['x-sheet']) && typeof (schema['x-sheet'] as { name?: unknown }).name === 'string' && isPlainObject(schema.properties);

/** The builder model of a document that is a sheet, else of an empty one. */
function modelOf(schema: unknown, uiSchema: unknown): SheetModel {
  if (!isSheet(schema)) return { root: { type: 'object', title: '', 'x-sheet': { name: '', version: 0 }, properties: {} }, rootUi: {}, sections: [], readKeys: [] };
  return sheetModel(schema, (isPlainObject(uiSchema) ? uiSchema : {}) as SheetUiSchema);
}

/** Structural equality of JSON values (key order of objects does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, index) => sameJson(value, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return false;
}

type Texts = { title?: string; 'x-i18n'?: SheetNode['x-i18n'] } & Partial<Record<LocalizedText, string>>;

/** The languages a node's texts are in: English (its own fields), then those of its `x-i18n` (de, nl first). */
function languagesOf(...nodes: (Texts | undefined)[]): string[] {
  const found = new Set<string>(['en', 'de', 'nl']);
  for (const node of nodes) for (const language of Object.keys(isPlainObject(node?.['x-i18n']) ? node!['x-i18n']! : {})) found.add(language);
  return [...found];
}

const textOf = (node: Texts | undefined, field: LocalizedText, language: string): string | undefined => {
  const value = language === 'en' ? node?.[field] : node?.['x-i18n']?.[language]?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

function textChanges(a: Texts, b: Texts, fields: readonly LocalizedText[] = LOCALIZED_TEXTS): PropertyChange[] {
  const changes: PropertyChange[] = [];
  const languages = languagesOf(a, b);
  for (const field of fields) {
    for (const language of languages) {
      const before = textOf(a, field, language);
      const after = textOf(b, field, language);
      if (before !== after) changes.push({ group: 'texts', property: field, language, before, after });
    }
  }
  return changes;
}

const optionsOf = (node: SheetNode): SheetOption[] | undefined => node.oneOf ?? node.items?.oneOf;

/** Options added, removed and renamed (any language), matched by value; then whether the kept ones changed order. */
function optionChanges(a: SheetOption[], b: SheetOption[]): PropertyChange[] {
  const changes: PropertyChange[] = [];
  const before = new Map(a.map((option) => [option.const, option]));
  const after = new Map(b.map((option) => [option.const, option]));
  for (const option of a) if (!after.has(option.const)) changes.push({ group: 'options', change: 'removed', value: option.const, before: option });
  for (const option of b) {
    const old = before.get(option.const);
    if (!old) changes.push({ group: 'options', change: 'added', value: option.const, after: option });
    else if (textChanges(old, option, ['title']).length) changes.push({ group: 'options', change: 'renamed', value: option.const, before: old, after: option });
  }
  const keptBefore = a.map((option) => option.const).filter((value) => after.has(value));
  const keptAfter = b.map((option) => option.const).filter((value) => before.has(value));
  if (!sameJson(keptBefore, keptAfter)) changes.push({ group: 'options', change: 'reordered', before: keptBefore, after: keptAfter });
  return changes;
}

function valueChanges(group: 'limits' | 'rules' | 'widget' | 'other', keys: Iterable<string>, a: Record<string, unknown>, b: Record<string, unknown>): PropertyChange[] {
  const changes: PropertyChange[] = [];
  for (const key of keys) if (!sameJson(a[key], b[key])) changes.push({ group, property: key, before: a[key], after: b[key] });
  return changes;
}

/** Keywords compared by the rules above; any other keyword that differs is reported as it is ('other'). */
const GROUPED = new Set<string>([...LOCALIZED_TEXTS, 'x-i18n', 'oneOf', 'x-activeIf', 'x-activationPaths', ...LIMIT_KEYWORDS, ...RULE_KEYWORDS, ...WIDGET_KEYWORDS, 'properties']);

/** A uiSchema entry's own keywords (a section's entry also holds its children's entries). */
const ownUi = (ui: Record<string, unknown> | undefined): Record<string, unknown> => Object.fromEntries(Object.entries(ui ?? {}).filter(([key]) => key.startsWith('ui:')));

/** What differs between two versions of one node (a control, a section or the sheet itself), grouped. */
export function nodeChanges(a: SheetNode, b: SheetNode, uiA?: Record<string, unknown>, uiB?: Record<string, unknown>): PropertyChange[] {
  const changes = textChanges(a, b);
  const optionsA = optionsOf(a);
  const optionsB = optionsOf(b);
  if (optionsA || optionsB) changes.push(...optionChanges(optionsA ?? [], optionsB ?? []));
  const conditionsA = conditionsOf(a);
  const conditionsB = conditionsOf(b);
  if (!sameJson(conditionsA, conditionsB)) changes.push({ group: 'conditions', before: conditionsA, after: conditionsB });
  const nodeA = a as Record<string, unknown>;
  const nodeB = b as Record<string, unknown>;
  changes.push(...valueChanges('limits', LIMIT_KEYWORDS, nodeA, nodeB));
  changes.push(...valueChanges('rules', RULE_KEYWORDS, nodeA, nodeB));
  changes.push(...valueChanges('widget', WIDGET_KEYWORDS, nodeA, nodeB));
  const ownA = ownUi(uiA);
  const ownB = ownUi(uiB);
  changes.push(...valueChanges('widget', new Set([...Object.keys(ownA), ...Object.keys(ownB)]), ownA, ownB));
  // The rest as it is; an array's `items` without its options (compared above).
  const rest = (node: Record<string, unknown>) => {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (GROUPED.has(key)) continue;
      if (key === 'items' && isPlainObject(value)) {
        const { oneOf: _options, ...items } = value;
        if (Object.keys(items).length) result.items = items;
      } else result[key] = value;
    }
    return result;
  };
  const restA = rest(nodeA);
  const restB = rest(nodeB);
  changes.push(...valueChanges('other', new Set([...Object.keys(restA), ...Object.keys(restB)]), restA, restB));
  return changes;
}

function itemChanges(a: ModelItem, b: ModelItem): PropertyChange[] {
  const changes: PropertyChange[] = [];
  // A new kind (text → dropdown); one the uiSchema's widget alone makes (dropdown → radio) is that widget's change.
  if (a.kind === 'control' && b.kind === 'control' && toolOf(a.node, undefined) !== toolOf(b.node, undefined)) changes.push({ group: 'widget', property: 'kind', before: a.tool, after: b.tool });
  // A section's children are compared one by one, not as its `properties`.
  changes.push(...nodeChanges(a.node, b.node, a.ui, b.ui));
  return changes;
}

const pathKey = (path: string[]) => path.join('.');
const identity = (item: ModelItem) => `${item.kind === 'control' ? item.tool : 'section'}:${item.key}`;

/** Compares version A (before) with version B (after) of a sheet; documents that are no sheets have no controls. */
export function compareSheets(before: { schema: unknown; uiSchema?: unknown }, after: { schema: unknown; uiSchema?: unknown }): SheetComparison {
  const modelA = modelOf(before.schema, before.uiSchema);
  const modelB = modelOf(after.schema, after.uiSchema);
  const entriesA = modelItems(modelA);
  const entriesB = modelItems(modelB);
  // Matched by path and kind (a control that became a section is one removed and one added item).
  const kindAt = (entries: typeof entriesA) => new Map(entries.map((entry) => [pathKey(entry.path), entry]));
  const atA = kindAt(entriesA);
  const atB = kindAt(entriesB);
  const matched = (path: string, item: ModelItem, other: Map<string, (typeof entriesA)[number]>) => other.get(path)?.item.kind === item.kind;

  // Moves: a control only in A and one only in B with the same key and kind, paired in document order.
  const onlyA = new Map<string, string[][]>();
  for (const { item, path } of entriesA) {
    if (item.kind !== 'control' || matched(pathKey(path), item, atB)) continue;
    const list = onlyA.get(identity(item)) ?? [];
    list.push(path);
    onlyA.set(identity(item), list);
  }
  const movedTo = new Map<string, string[]>();
  const movedFrom = new Map<string, string[]>();
  for (const { item, path } of entriesB) {
    if (item.kind !== 'control' || matched(pathKey(path), item, atA)) continue;
    const from = onlyA.get(identity(item))?.shift();
    if (!from) continue;
    movedTo.set(pathKey(from), path);
    movedFrom.set(pathKey(path), from);
  }

  const counts: Record<CompareStatus, number> = { added: 0, removed: 0, changed: 0, moved: 0, unchanged: 0 };
  const count = (entry: ComparedItem) => {
    if (entry.kind === 'control' && entry.place !== 'old') counts[entry.status]++;
    return entry;
  };

  /** The merged children of one place: B's order, A-only items after the A sibling they followed. */
  const merge = (itemsA: ModelItem[], itemsB: ModelItem[], parentA: string[] | undefined, parentB: string[] | undefined): ComparedItem[] => {
    const keyedB = new Map(itemsB.map((item) => [`${item.kind}:${item.key}`, item]));
    const keyedA = new Map(itemsA.map((item) => [`${item.kind}:${item.key}`, item]));
    const afterSibling = new Map<string | null, ModelItem[]>();
    let anchor: string | null = null;
    for (const item of itemsA) {
      const id = `${item.kind}:${item.key}`;
      if (keyedB.has(id)) anchor = id;
      else afterSibling.set(anchor, [...(afterSibling.get(anchor) ?? []), item]);
    }
    const onlyInA = (item: ModelItem): ComparedItem => {
      const path = [...parentA!, item.key];
      const to = movedTo.get(pathKey(path));
      if (to) return { kind: 'control', key: item.key, status: 'moved', place: 'old', before: item, beforePath: path, afterPath: to, changes: [], children: [] };
      return count({ kind: item.kind, key: item.key, status: 'removed', before: item, beforePath: path, changes: [], children: item.kind === 'section' ? merge(item.children, [], path, undefined) : [] });
    };
    const result: ComparedItem[] = (afterSibling.get(null) ?? []).map(onlyInA);
    for (const item of itemsB) {
      const id = `${item.kind}:${item.key}`;
      const path = [...(parentB ?? []), item.key];
      const old = keyedA.get(id);
      const from = movedFrom.get(pathKey(path));
      if (old) {
        const changes = itemChanges(old, item);
        const children = item.kind === 'section' && old.kind === 'section' ? merge(old.children, item.children, path, path) : [];
        result.push(count({ kind: item.kind, key: item.key, status: changes.length ? 'changed' : 'unchanged', before: old, after: item, beforePath: path, afterPath: path, changes, children }));
      } else if (from) {
        const moved = atA.get(pathKey(from))!.item;
        result.push(count({ kind: 'control', key: item.key, status: 'moved', place: 'new', before: moved, after: item, beforePath: from, afterPath: path, changes: itemChanges(moved, item), children: [] }));
      } else {
        result.push(count({ kind: item.kind, key: item.key, status: 'added', after: item, afterPath: path, changes: [], children: item.kind === 'section' ? merge([], item.children, undefined, path) : [] }));
      }
      result.push(...(afterSibling.get(id) ?? []).map(onlyInA));
    }
    return result;
  };

  const items = merge(modelA.sections, modelB.sections, [], []);
  const sheet = isSheet(before.schema) && isSheet(after.schema) ? nodeChanges({ ...modelA.root, properties: undefined, 'x-sheet': undefined } as SheetNode, { ...modelB.root, properties: undefined, 'x-sheet': undefined } as SheetNode) : [];
  return { items, sheet, counts };
}

/** Every compared item, depth-first in the merged order. */
export function comparedItems(items: ComparedItem[]): ComparedItem[] {
  return items.flatMap((item) => [item, ...comparedItems(item.children)]);
}

/** Whether an item or anything inside it changed (for "show only changes"). */
export function hasChanges(item: ComparedItem): boolean {
  return item.status !== 'unchanged' || item.children.some(hasChanges);
}

export interface ControlChanges {
  /** Control paths within the sheet (`site.craneCapacity`), in the merged document order. */
  added: string[];
  removed: string[];
  /** Changed controls, and moved ones as `old.path → new.path`. */
  changed: string[];
}

/** Which controls version B adds, removes or changes compared with version A (the lists of the comparison's summary). */
export function controlChangesOf(comparison: SheetComparison): ControlChanges {
  const result: ControlChanges = { added: [], removed: [], changed: [] };
  for (const item of comparedItems(comparison.items)) {
    if (item.kind !== 'control' || item.place === 'old') continue;
    if (item.status === 'added') result.added.push(pathKey(item.afterPath!));
    else if (item.status === 'removed') result.removed.push(pathKey(item.beforePath!));
    else if (item.status === 'changed') result.changed.push(pathKey(item.afterPath!));
    else if (item.status === 'moved') result.changed.push(`${pathKey(item.beforePath!)} → ${pathKey(item.afterPath!)}`);
  }
  return result;
}

/** `controlChangesOf` of two schemas. */
export function controlChanges(before: unknown, after: unknown): ControlChanges {
  return controlChangesOf(compareSheets({ schema: before }, { schema: after }));
}

import { removeReferences, rewriteReferences, whereUsed, type SheetReference } from '../references';
import { sheetNameOf } from '../paths';
import type { ActivationPath, SheetNode, SheetSchema } from '../types';
import { findItem, modelItems, toolOf, writeSheet, type ControlTool, type ModelControl, type ModelItem, type ModelSection, type SheetModel } from './model';

/**
 * The builder's edits (issue #34): pure functions from a model to the next one, so that undo is a list of models.
 * An edit the sheet cannot take answers `{ refused: key }` (a translation key) instead.
 */

export const BUILDER_MESSAGE = {
  keyTaken: 'SHEET_BUILDER.Refused.KeyTaken',
  invalidKey: 'SHEET_BUILDER.Refused.InvalidKey',
  controlAtRoot: 'SHEET_BUILDER.Refused.ControlAtRoot',
  intoItself: 'SHEET_BUILDER.Refused.IntoItself',
  usedElsewhere: 'SHEET_BUILDER.Refused.UsedElsewhere',
  notFound: 'SHEET_BUILDER.Refused.NotFound',
} as const;
const B = BUILDER_MESSAGE;

export type Refused = { refused: string; params?: Record<string, string | number> };
export const isRefused = (result: unknown): result is Refused => typeof result === 'object' && result !== null && 'refused' in result;

/** The meta-schema's name rule (letters, digits, `-`, `_`; a letter first; at most 80). */
export const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,79}$/;

let counter = 0;
const freshId = () => `new${++counter}`;

const option = (index: number) => ({ const: `option${index}`, title: `Option ${index}` });

/** A new control of a toolbox kind, as the meta-schema wants it. */
export function controlTemplate(tool: ControlTool, title: string): { node: SheetNode; ui?: Record<string, unknown> } {
  switch (tool) {
    case 'checkbox':
      return { node: { type: 'boolean', title } };
    case 'exclusiveCheckbox':
      return { node: { type: 'boolean', title, 'x-group': 'choice' } };
    case 'number':
      return { node: { type: 'number', title } };
    case 'integer':
      return { node: { type: 'integer', title } };
    case 'text':
      return { node: { type: 'string', title } };
    case 'textarea':
      return { node: { type: 'string', title }, ui: { 'ui:widget': 'textarea' } };
    case 'dropdown':
      return { node: { type: 'string', title, oneOf: [option(1), option(2)] }, ui: { 'ui:widget': 'select' } };
    case 'radio':
      return { node: { type: 'string', title, oneOf: [option(1), option(2)] }, ui: { 'ui:widget': 'radio' } };
    case 'multi':
      return { node: { type: 'array', title, uniqueItems: true, items: { type: 'string', oneOf: [option(1), option(2)] } }, ui: { 'ui:widget': 'checkboxes' } };
    case 'blockTypeTable':
      return {
        node: {
          type: 'array',
          title,
          'x-component': 'block-type-table',
          'x-componentOptions': { blocks: [{ block: 'Block 1', weight: 10 }] },
          items: { type: 'object', required: ['block', 'weight'], additionalProperties: false, properties: { block: { type: 'string', maxLength: 100 }, weight: { type: 'number', minimum: 0 }, cs12: { type: 'boolean' }, cs20: { type: 'boolean' } } },
          'x-fullWidth': true,
        },
        ui: { 'ui:field': 'QuestionnaireComponent' },
      };
    case 'cclDeliverySchedule':
      return { node: { type: 'object', title, 'x-component': 'ccl-delivery-schedule', properties: {}, additionalProperties: false, 'x-fullWidth': true }, ui: { 'ui:field': 'QuestionnaireComponent' } };
  }
}

/** The items list at a section path ([] = the sheet's top level). */
function itemsAt(model: SheetModel, sectionPath: string[]): ModelItem[] | null {
  let items = model.sections;
  for (const key of sectionPath) {
    const next = items.find((item) => item.key === key);
    if (!next || next.kind !== 'section') return null;
    items = next.children;
  }
  return items;
}

/** The model with the items list at a section path replaced. */
function withItemsAt(model: SheetModel, sectionPath: string[], change: (items: ModelItem[]) => ModelItem[]): SheetModel {
  const replace = (items: ModelItem[], path: string[]): ModelItem[] => {
    if (!path.length) return change(items);
    return items.map((item) => (item.key === path[0] && item.kind === 'section' ? { ...item, children: replace(item.children, path.slice(1)) } : item));
  };
  return { ...model, sections: replace(model.sections, sectionPath) };
}

/** A key not yet used among `items`: `base`, `base2`, `base3` … */
export function freeKey(items: ModelItem[], base: string): string {
  const taken = new Set(items.map((item) => item.key));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** Adds a section at the top level (or into a section), at `index` (default: the end). */
export function addSection(model: SheetModel, title: string, into: string[] = [], index?: number): { model: SheetModel; id: string } | Refused {
  const items = itemsAt(model, into);
  if (!items) return { refused: B.notFound };
  const section: ModelSection = { kind: 'section', id: freshId(), key: freeKey(items, 'section'), node: { type: 'object', title, properties: {}, additionalProperties: false }, children: [], readKeys: [] };
  return { model: withItemsAt(model, into, (list) => insert(list, section, index)), id: section.id };
}

/** Adds a control of a toolbox kind to a section, at `index` (default: the end). */
export function addControl(model: SheetModel, tool: ControlTool, into: string[], title: string, index?: number): { model: SheetModel; id: string } | Refused {
  if (!into.length) return { refused: B.controlAtRoot };
  const items = itemsAt(model, into);
  if (!items) return { refused: B.notFound };
  const template = controlTemplate(tool, title);
  const control: ModelControl = { kind: 'control', id: freshId(), key: freeKey(items, tool === 'exclusiveCheckbox' ? 'checkbox' : tool), tool, node: template.node, ...(template.ui ? { ui: template.ui } : {}) };
  return { model: withItemsAt(model, into, (list) => insert(list, control, index)), id: control.id };
}

const insert = (list: ModelItem[], item: ModelItem, index?: number) => {
  const copy = [...list];
  copy.splice(index === undefined ? copy.length : Math.max(0, Math.min(index, copy.length)), 0, item);
  return copy;
};

/**
 * Whether an item may go into a section: controls only into sections (the top level holds sections), a section not
 * into itself, and no two children of one section with the same key.
 */
export function dropRefusal(model: SheetModel, id: string, into: string[]): Refused | null {
  const found = findItem(model, id);
  if (!found) return { refused: B.notFound };
  if (found.item.kind === 'control' && !into.length) return { refused: B.controlAtRoot };
  if (found.item.kind === 'section' && into.slice(0, found.path.length).join('.') === found.path.join('.') && into.length >= found.path.length) return { refused: B.intoItself };
  const items = itemsAt(model, into);
  if (!items) return { refused: B.notFound };
  if (found.parent.join('.') !== into.join('.') && items.some((item) => item.key === found.item.key)) return { refused: B.keyTaken, params: { key: found.item.key } };
  return null;
}

/**
 * Moves an item into a section (or the top level) at `index` of that section's children as they are after taking
 * it out. A move to another section changes the item's path: conditions naming it (in this sheet) follow; other
 * sheets' conditions are rewritten in `others`.
 */
export function moveItem(model: SheetModel, id: string, into: string[], index: number, others: readonly SheetSchema[] = []): { model: SheetModel; others: SheetSchema[] } | Refused {
  const refusal = dropRefusal(model, id, into);
  if (refusal) return refusal;
  const found = findItem(model, id)!;
  const removed = withItemsAt(model, found.parent, (list) => list.filter((item) => item.id !== id));
  const moved = withItemsAt(removed, into, (list) => insert(list, found.item, index));
  const name = sheetNameOf(model.root);
  const from = [name, ...found.path].join('.');
  const to = [name, ...into, found.item.key].join('.');
  return from === to ? { model: moved, others: [...others] } : rewriteEverywhere(moved, others, from, to);
}

/** Conditions naming `from` name `to`, in this sheet and in the others (the others that changed come back changed). */
function rewriteEverywhere(model: SheetModel, others: readonly SheetSchema[], from: string, to: string): { model: SheetModel; others: SheetSchema[] } {
  const { schema } = writeSheet(model);
  const rewritten = rewriteReferences(schema, from, to);
  const next = rewritten === schema ? model : rebase(model, rewritten);
  return { model: next, others: others.map((other) => rewriteReferences(other, from, to)) };
}

/** The model with its nodes' conditions taken from a rewritten schema (same structure), ids kept. */
function rebase(model: SheetModel, schema: SheetSchema): SheetModel {
  const root = { ...model.root, ...(schema['x-activationPaths'] ? { 'x-activationPaths': schema['x-activationPaths'] } : {}) };
  if (!schema['x-activationPaths']) delete root['x-activationPaths'];
  const visit = (items: ModelItem[], properties: Record<string, SheetNode>): ModelItem[] =>
    items.map((item) => {
      const node = properties[item.key];
      if (item.kind === 'section') return { ...item, node: { ...node, properties: item.node.properties }, children: visit(item.children, node.properties ?? {}) };
      return node === item.node ? item : { ...item, node };
    });
  return { ...model, root, sections: visit(model.sections, schema.properties) };
}

/** Renames an item's key; every condition naming it (or, for a section, what it holds) is rewritten, other sheets' too. */
export function renameItem(model: SheetModel, id: string, key: string, others: readonly SheetSchema[] = []): { model: SheetModel; others: SheetSchema[] } | Refused {
  if (!KEY_PATTERN.test(key)) return { refused: B.invalidKey, params: { key } };
  const found = findItem(model, id);
  if (!found) return { refused: B.notFound };
  if (found.item.key === key) return { model, others: [...others] };
  if (itemsAt(model, found.parent)!.some((item) => item.key === key)) return { refused: B.keyTaken, params: { key } };
  const renamed = withItemsAt(model, found.parent, (list) => list.map((item) => (item.id === id ? { ...item, key } : item)));
  const name = sheetNameOf(model.root);
  return rewriteEverywhere(renamed, others, [name, ...found.path].join('.'), [name, ...found.parent, key].join('.'));
}

/** A copy of an item placed after it, under a free key (conditions inside it keep naming what they named). */
export function duplicateItem(model: SheetModel, id: string): { model: SheetModel; id: string } | Refused {
  const found = findItem(model, id);
  if (!found) return { refused: B.notFound };
  const items = itemsAt(model, found.parent)!;
  const copyIds = (item: ModelItem): ModelItem => (item.kind === 'section' ? { ...item, id: freshId(), children: item.children.map(copyIds) } : { ...item, id: freshId() });
  const copy = { ...copyIds(found.item), key: freeKey(items, found.item.key) };
  const index = items.findIndex((item) => item.id === id) + 1;
  return { model: withItemsAt(model, found.parent, (list) => insert(list, copy, index)), id: copy.id };
}

/** A control copied from another sheet into a section of this one (its conditions are kept; the checks tell when they no longer resolve). */
export function copyControlInto(model: SheetModel, key: string, node: SheetNode, ui: Record<string, unknown> | undefined, into: string[]): { model: SheetModel; id: string } | Refused {
  if (!into.length) return { refused: B.controlAtRoot };
  const items = itemsAt(model, into);
  if (!items) return { refused: B.notFound };
  const control: ModelControl = { kind: 'control', id: freshId(), key: freeKey(items, key), tool: toolOf(node, ui), node, ...(ui ? { ui } : {}) };
  return { model: withItemsAt(model, into, (list) => [...list, control]), id: control.id };
}

/**
 * Deletes an item. While conditions depend on it (in this sheet or another of the set), the delete is refused with
 * their list, unless `removeConditions`: then this sheet's conditions naming it go too (other sheets' conditions can
 * only be removed in their own drafts: `others` come back without them).
 */
export function deleteItem(
  model: SheetModel,
  id: string,
  others: readonly SheetSchema[] = [],
  removeConditions = false,
): { model: SheetModel; others: SheetSchema[] } | (Refused & { dependents: SheetReference[] }) {
  const found = findItem(model, id);
  if (!found) return { refused: B.notFound, dependents: [] };
  const name = sheetNameOf(model.root);
  const path = [name, ...found.path].join('.');
  const { schema } = writeSheet(model);
  const dependents = whereUsed([schema, ...others], path);
  if (dependents.length && !removeConditions) return { refused: B.usedElsewhere, params: { count: dependents.length }, dependents };
  const removed = withItemsAt(model, found.parent, (list) => list.filter((item) => item.id !== id));
  const cleaned = removeReferences(writeSheet(removed).schema, path);
  return { model: rebase(removed, cleaned), others: others.map((other) => removeReferences(other, path)) };
}

/** Replaces an item's schema node (a property edit); the key stays. */
export function updateNode(model: SheetModel, id: string, change: (node: SheetNode) => SheetNode): SheetModel {
  const found = findItem(model, id);
  if (!found) return model;
  return withItemsAt(model, found.parent, (list) => list.map((item) => (item.id === id ? { ...item, node: change(item.node) } : item)));
}

/** Replaces a control's uiSchema entry (a widget choice, rows …); an empty entry is left out. */
export function updateUi(model: SheetModel, id: string, change: (ui: Record<string, unknown>) => Record<string, unknown>): SheetModel {
  const found = findItem(model, id);
  if (!found || found.item.kind !== 'control') return model;
  const ui = change({ ...(found.item.ui ?? {}) });
  return withItemsAt(model, found.parent, (list) =>
    list.map((item) => (item.id === id && item.kind === 'control' ? { ...item, ui: Object.keys(ui).length ? ui : undefined, tool: toolOf(item.node, ui) } : item)),
  );
}

/** Replaces the sheet's own node (title, texts, activation paths). */
export function updateRoot(model: SheetModel, change: (root: SheetSchema) => SheetSchema): SheetModel {
  return { ...model, root: change(model.root) };
}

/** A condition as the builder says it: "shown when <path> is checked" or "… when <path> is <option>". */
export type Condition = { kind: 'checked'; path: string } | { kind: 'equals'; path: string; equals: string | number | boolean };

/** The conditions of a node in words' terms (`x-activeIf` = checked; each activation path = is / is checked). */
export function conditionsOf(node: SheetNode): Condition[] {
  const result: Condition[] = [];
  if (node['x-activeIf']) result.push({ kind: 'checked', path: node['x-activeIf'] });
  for (const activation of node['x-activationPaths'] ?? []) {
    result.push(activation.equals === undefined ? { kind: 'checked', path: activation.path } : { kind: 'equals', path: activation.path, equals: activation.equals });
  }
  return result;
}

/**
 * Sets a node's condition (null removes it): "checked" writes `x-activeIf`, "is <option>" an activation path. The
 * other keyword is removed, so one condition is stored one way.
 */
export function withCondition(node: SheetNode, condition: Condition | null): SheetNode {
  const next = { ...node };
  delete next['x-activeIf'];
  delete next['x-activationPaths'];
  if (!condition) return next;
  if (condition.kind === 'checked') return { ...next, 'x-activeIf': condition.path };
  const activation: ActivationPath = { path: condition.path, equals: condition.equals };
  return { ...next, 'x-activationPaths': [activation] };
}

/** The dot path of a model item. */
export function itemPath(model: SheetModel, id: string): string | undefined {
  const found = findItem(model, id);
  return found ? [sheetNameOf(model.root), ...found.path].join('.') : undefined;
}

/** Every control of the model with its dot path (for pickers). */
export function modelControls(model: SheetModel): { id: string; path: string; control: ModelControl }[] {
  const name = sheetNameOf(model.root);
  return modelItems(model).flatMap(({ item, path }) => (item.kind === 'control' ? [{ id: item.id, path: [name, ...path].join('.'), control: item }] : []));
}

import { isPlainObject, isSection } from '../paths';
import type { SheetNode, SheetSchema, SheetUiSchema } from '../types';

/**
 * The sheet builder's model (issue #34): a sheet's schema and uiSchema read as sections and controls, written back
 * exactly (same keys, same order, same uiSchema). The stored format stays the JSON Schema dialect of
 * docs/decisions-questionnaire.md; the model only adds ids for selection and drag and drop.
 */

/** The control kinds of the toolbox, each one shape the meta-schema allows. */
export const CONTROL_TOOLS = [
  'checkbox',
  'exclusiveCheckbox',
  'number',
  'integer',
  'text',
  'textarea',
  'dropdown',
  'radio',
  'multi',
  'blockTypeTable',
  'cclDeliverySchedule',
] as const;
export type ControlTool = (typeof CONTROL_TOOLS)[number];

export interface ModelControl {
  kind: 'control';
  id: string;
  key: string;
  tool: ControlTool;
  /** The schema node as stored. */
  node: SheetNode;
  /** The control's uiSchema entry (undefined when it has none). */
  ui?: Record<string, unknown>;
}

export interface ModelSection {
  kind: 'section';
  id: string;
  key: string;
  /** The section's schema node; its `properties` are written from `children`. */
  node: SheetNode;
  /** The section's uiSchema entry; entries of its children are written from theirs. */
  ui?: Record<string, unknown>;
  children: ModelItem[];
  /** The children's keys when read: their uiSchema entries are written from the children (moved or removed ones leave). */
  readKeys: string[];
}

export type ModelItem = ModelControl | ModelSection;

export interface SheetModel {
  /** The root schema (title, x-sheet, x-i18n, x-activationPaths …); `properties` are written from `sections`. */
  root: SheetSchema;
  /** The root uiSchema; entries of the sections are written from theirs. */
  rootUi: SheetUiSchema;
  sections: ModelItem[];
  readKeys: string[];
}

/** Which toolbox kind a stored control is. */
export function toolOf(node: SheetNode, ui: Record<string, unknown> | undefined): ControlTool {
  const widget = ui?.['ui:widget'];
  if (node['x-component'] === 'block-type-table') return 'blockTypeTable';
  if (node['x-component']) return 'cclDeliverySchedule';
  if (node.type === 'boolean') return node['x-group'] ? 'exclusiveCheckbox' : 'checkbox';
  if (node.type === 'number') return 'number';
  if (node.type === 'integer') return 'integer';
  if (node.type === 'array') return 'multi';
  if (node.oneOf) return widget === 'radio' ? 'radio' : 'dropdown';
  return widget === 'textarea' ? 'textarea' : 'text';
}

let nextId = 0;
const newId = () => `n${++nextId}`;

function readItems(properties: unknown, ui: Record<string, unknown> | undefined): ModelItem[] {
  if (!isPlainObject(properties)) return [];
  return Object.entries(properties).map(([key, raw]) => {
    const node = raw as SheetNode;
    const childUi = isPlainObject(ui?.[key]) ? (ui![key] as Record<string, unknown>) : undefined;
    if (isPlainObject(node) && isSection(node)) {
      return { kind: 'section', id: newId(), key, node, ui: childUi, children: readItems(node.properties, childUi), readKeys: Object.keys(isPlainObject(node.properties) ? node.properties : {}) };
    }
    return { kind: 'control', id: newId(), key, tool: toolOf(node, childUi), node, ui: childUi };
  });
}

/** The builder model of a sheet. */
export function sheetModel(schema: SheetSchema, uiSchema: SheetUiSchema): SheetModel {
  return { root: schema, rootUi: uiSchema, sections: readItems(schema.properties, uiSchema), readKeys: Object.keys(isPlainObject(schema.properties) ? schema.properties : {}) };
}

/**
 * The uiSchema of a node: its own keys in their order (entries of children that still exist replaced by theirs, of
 * children that left removed), then the entries of new children. Keys that never named a child stay as they were.
 */
function writeUi(own: Record<string, unknown> | undefined, children: ModelItem[], readKeys: string[]): Record<string, unknown> | undefined {
  const formerKeys = new Set(readKeys);
  const childUi = new Map<string, Record<string, unknown> | undefined>();
  for (const child of children) childUi.set(child.key, child.kind === 'section' ? writeUi(child.ui, child.children, child.readKeys) : child.ui);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(own ?? {})) {
    if (childUi.has(key)) {
      const written = childUi.get(key);
      if (written !== undefined) result[key] = written;
      childUi.delete(key);
    } else if (!formerKeys.has(key)) {
      result[key] = value;
    }
  }
  for (const [key, value] of childUi) if (value !== undefined && Object.keys(value).length) result[key] = value;
  return own === undefined && !Object.keys(result).length ? undefined : result;
}

function writeProperties(children: ModelItem[]): Record<string, SheetNode> {
  return Object.fromEntries(children.map((child) => [child.key, child.kind === 'section' ? { ...child.node, properties: writeProperties(child.children) } : child.node]));
}

/** The stored documents of a model: the inverse of `sheetModel` (an unchanged model gives the same JSON). */
export function writeSheet(model: SheetModel): { schema: SheetSchema; uiSchema: SheetUiSchema } {
  const schema = { ...model.root, properties: writeProperties(model.sections) };
  const uiSchema = writeUi(model.rootUi, model.sections, model.readKeys) ?? {};
  return { schema, uiSchema };
}

/** Every item of the model with its path of keys within the sheet's data, depth-first in document order. */
export function modelItems(model: SheetModel): { item: ModelItem; path: string[]; parent: string[] }[] {
  const result: { item: ModelItem; path: string[]; parent: string[] }[] = [];
  const visit = (items: ModelItem[], parent: string[]) => {
    for (const item of items) {
      result.push({ item, path: [...parent, item.key], parent });
      if (item.kind === 'section') visit(item.children, [...parent, item.key]);
    }
  };
  visit(model.sections, []);
  return result;
}

/** One item by id, with its path and its parent's path (searched directly: the property panel asks on every keystroke). */
export function findItem(model: SheetModel, id: string): { item: ModelItem; path: string[]; parent: string[] } | undefined {
  const search = (items: ModelItem[], parent: string[]): { item: ModelItem; path: string[]; parent: string[] } | undefined => {
    for (const item of items) {
      if (item.id === id) return { item, path: [...parent, item.key], parent };
      if (item.kind === 'section') {
        const found = search(item.children, [...parent, item.key]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(model.sections, []);
}

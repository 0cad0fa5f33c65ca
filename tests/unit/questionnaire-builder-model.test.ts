import { describe, expect, it } from 'vitest';
import { shippedSheets } from '../../server/lib/questionnaire-sheets.js';
import {
  addControl,
  addSection,
  conditionsOf,
  CONTROL_TOOLS,
  deleteItem,
  duplicateItem,
  isRefused,
  modelControls,
  modelItems,
  moveItem,
  renameItem,
  sheetModel,
  updateNode,
  updateUi,
  withCondition,
  writeSheet,
  type SheetModel,
} from '../../src/domain/questionnaire/builder';
import { cycleProblems, incomingReferenceProblems, sheetDefinitionProblems, uiSchemaProblems, whereUsed, type SheetSchema } from '../../src/domain/questionnaire';
import { definitionProblems } from '../../server/lib/questionnaire-sheets.js';

const sheets = shippedSheets();
const latest = new Map(sheets.map((sheet) => [sheet.name, sheet]));
const general = latest.get('xde-general')!;
const others = (name: string) => [...latest.values()].filter((sheet) => sheet.name !== name).map((sheet) => sheet.schema);
const idOf = (model: SheetModel, path: string) => modelItems(model).find((entry) => entry.path.join('.') === path)!.item.id;
const ok = <T,>(result: T) => {
  if (isRefused(result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Exclude<T, { refused: string }>;
};

describe('the builder model of a sheet', () => {
  it('writes every shipped sheet back exactly (same JSON, same key order)', () => {
    for (const sheet of sheets) {
      const written = writeSheet(sheetModel(sheet.schema, sheet.uiSchema));
      expect(JSON.stringify(written.schema), `${sheet.name} v${sheet.version} schema`).toBe(JSON.stringify(sheet.schema));
      expect(JSON.stringify(written.uiSchema), `${sheet.name} v${sheet.version} uiSchema`).toBe(JSON.stringify(sheet.uiSchema));
    }
  });

  it('reads sections and controls with their toolbox kinds', () => {
    const model = sheetModel(general.schema, general.uiSchema);
    expect(model.sections.map((section) => section.key)).toEqual(Object.keys(general.schema.properties));
    const tools = Object.fromEntries(modelControls(model).map((entry) => [entry.path, entry.control.tool]));
    expect(tools['xde-general.project.buildingType']).toBe('dropdown');
    expect(tools['xde-general.project.constructionType']).toBe('radio');
    expect(tools['xde-general.project.storeys']).toBe('integer');
    expect(tools['xde-general.logistics.remarks']).toBe('textarea');
    expect(tools['xde-general.project.basement']).toBe('checkbox');
  });

  it('adds a section and a control of every toolbox kind; the result passes the meta-schema and the uiSchema rules', () => {
    let model = sheetModel(general.schema, general.uiSchema);
    const added = ok(addSection(model, 'Facade'));
    model = added.model;
    const section = modelItems(model).find((entry) => entry.item.id === added.id)!.path;
    for (const tool of CONTROL_TOOLS.filter((tool) => tool !== 'exclusiveCheckbox')) model = ok(addControl(model, tool, section, `A ${tool}`)).model;
    model = ok(addControl(model, 'exclusiveCheckbox', section, 'Left')).model;
    model = ok(addControl(model, 'exclusiveCheckbox', section, 'Right')).model;
    const { schema, uiSchema } = writeSheet(model);
    expect(Object.keys(schema.properties.section.properties!)).toHaveLength(CONTROL_TOOLS.length + 1);
    expect(definitionProblems(schema, uiSchema, others('xde-general'))).toEqual([]);
    expect(uiSchemaProblems(schema, uiSchema)).toEqual([]);
    expect(isRefused(addControl(model, 'checkbox', [], 'At the top'))).toBe(true);
  });

  it('moves within and between sections, refuses what the meta-schema does not allow, and rewrites paths that moved', () => {
    let model = sheetModel(general.schema, general.uiSchema);
    const storeys = idOf(model, 'project.storeys');
    const moved = ok(moveItem(model, storeys, ['project'], 0)).model;
    expect(Object.keys(writeSheet(moved).schema.properties.project.properties!)[0]).toBe('storeys');
    expect(moveItem(model, storeys, [], 0)).toMatchObject({ refused: 'SHEET_BUILDER.Refused.ControlAtRoot' });
    expect(moveItem(model, idOf(model, 'project'), ['project'], 0)).toMatchObject({ refused: 'SHEET_BUILDER.Refused.IntoItself' });
    // A checkbox other conditions name moves to another section: the conditions follow it.
    const used = modelControls(model).find((entry) => whereUsed([writeSheet(model).schema], entry.path).length)!;
    const target = model.sections.find((section) => section.kind === 'section' && !modelItems(model).some((entry) => entry.item.id === used.id && entry.parent[0] === section.key))!.key;
    model = ok(moveItem(model, used.id, [target], 0)).model;
    const schema = writeSheet(model).schema;
    expect(sheetDefinitionProblems(schema, others('xde-general'))).toEqual([]);
  });

  it('renames a key and rewrites the conditions naming it, in this sheet and in the other sheets of the set', () => {
    const model = sheetModel(general.schema, general.uiSchema);
    const path = 'xde-general.materials.planelemente';
    const before = whereUsed([general.schema, ...others('xde-general')], path);
    expect(before.some((reference) => reference.sheet === 'xde-planelemente')).toBe(true);
    const renamed = ok(renameItem(model, idOf(model, 'materials.planelemente'), 'aacElements', others('xde-general')));
    const all = [writeSheet(renamed.model).schema, ...renamed.others];
    expect(whereUsed(all, path)).toEqual([]);
    expect(whereUsed(all, 'xde-general.materials.aacElements')).toHaveLength(before.length);
    expect(incomingReferenceProblems(writeSheet(renamed.model).schema, renamed.others)).toEqual([]);
    // Without rewriting the others, their conditions break.
    expect(incomingReferenceProblems(writeSheet(renamed.model).schema, others('xde-general')).map((problem) => problem.sheet)).toContain('xde-planelemente');
    expect(renameItem(model, idOf(model, 'materials.planelemente'), 'has.dot')).toMatchObject({ refused: 'SHEET_BUILDER.Refused.InvalidKey' });
    expect(renameItem(model, idOf(model, 'materials.planelemente'), 'stuerze')).toMatchObject({ refused: 'SHEET_BUILDER.Refused.KeyTaken' });
  });

  it('refuses to delete a control other sheets depend on, or removes the conditions when asked', () => {
    const model = sheetModel(general.schema, general.uiSchema);
    const id = idOf(model, 'materials.planelemente');
    const refused = deleteItem(model, id, others('xde-general'));
    expect(refused).toMatchObject({ refused: 'SHEET_BUILDER.Refused.UsedElsewhere' });
    expect((refused as { dependents: { sheet: string }[] }).dependents.map((reference) => reference.sheet)).toContain('xde-planelemente');
    const removed = ok(deleteItem(model, id, others('xde-general'), true));
    expect(whereUsed([writeSheet(removed.model).schema, ...removed.others], 'xde-general.materials.planelemente')).toEqual([]);
    expect(modelControls(removed.model).map((entry) => entry.path)).not.toContain('xde-general.materials.planelemente');
  });

  it('duplicates under a free key, edits properties and widgets, sets a condition in words', () => {
    let model = sheetModel(general.schema, general.uiSchema);
    const buildingType = idOf(model, 'project.buildingType');
    const copy = ok(duplicateItem(model, buildingType));
    model = copy.model;
    expect(Object.keys(writeSheet(model).schema.properties.project.properties!)).toContain('buildingType2');
    model = updateNode(model, copy.id, (node) => ({ ...node, title: 'Second type', 'x-i18n': { de: { title: 'Zweite Art' } } }));
    model = updateUi(model, copy.id, (ui) => ({ ...ui, 'ui:widget': 'radio' }));
    expect(modelControls(model).find((entry) => entry.id === copy.id)!.control.tool).toBe('radio');
    const basement = 'xde-general.project.basement';
    model = updateNode(model, copy.id, (node) => withCondition(node, { kind: 'checked', path: basement }));
    const { schema, uiSchema } = writeSheet(model);
    const node = schema.properties.project.properties!.buildingType2;
    expect(node['x-activeIf']).toBe(basement);
    expect(conditionsOf(node)).toEqual([{ kind: 'checked', path: basement }]);
    expect(withCondition(node, { kind: 'equals', path: 'xde-general.project.buildingType', equals: 'office' })).toMatchObject({ 'x-activationPaths': [{ path: 'xde-general.project.buildingType', equals: 'office' }] });
    expect(definitionProblems(schema, uiSchema, others('xde-general'))).toEqual([]);
  });
});

describe('references across the sheet set', () => {
  it('finds cycles, within a sheet and across sheets', () => {
    expect(cycleProblems(general.schema, others('xde-general'))).toEqual([]);
    const schema = structuredClone(general.schema) as SheetSchema;
    const project = schema.properties.project.properties!;
    project.basement['x-activeIf'] = 'xde-general.project.basementHeated';
    project.basementHeated = { type: 'boolean', title: 'Heated', 'x-activeIf': 'xde-general.project.basement' };
    const problems = cycleProblems(schema, others('xde-general'));
    expect(problems.map((problem) => problem.key)).toEqual(['QUESTIONNAIRE.Definition.Cycle', 'QUESTIONNAIRE.Definition.Cycle']);
    expect(problems[0].path).toEqual(['properties', 'project', 'properties', 'basement', 'x-activeIf']);
    // Across sheets: a general control that needs a control of a material sheet that the general control switches on.
    const cross = structuredClone(general.schema) as SheetSchema;
    const materialSheet = latest.get('xde-planelemente')!.schema;
    const activation = materialSheet['x-activationPaths']![0].path;
    const [, section, key] = activation.split('.');
    const firstControl = modelControls(sheetModel(materialSheet, {})).find((entry) => entry.control.node.type === 'boolean')!.path;
    cross.properties[section].properties![key]['x-activeIf'] = firstControl;
    expect(cycleProblems(cross, others('xde-general')).length).toBe(1);
  });

  it('checks the uiSchema: every shipped one passes; unknown controls, widgets and keywords do not', () => {
    for (const sheet of sheets) expect(uiSchemaProblems(sheet.schema, sheet.uiSchema), sheet.name).toEqual([]);
    expect(uiSchemaProblems(general.schema, [])).toEqual([{ path: [], key: 'QUESTIONNAIRE.Meta.UiSchemaObject' }]);
    const problems = uiSchemaProblems(general.schema, { project: { nothing: {}, buildingType: { 'ui:widget': 'textarea' }, storeys: { 'ui:color': 'red' } }, 'ui:field': 'X' });
    expect(problems).toEqual([
      { path: ['project', 'nothing'], key: 'QUESTIONNAIRE.Definition.UiUnknownControl', params: { field: 'nothing' } },
      { path: ['project', 'buildingType', 'ui:widget'], key: 'QUESTIONNAIRE.Definition.UiWidget', params: { widget: 'textarea', allowed: 'select, radio' } },
      { path: ['project', 'storeys', 'ui:color'], key: 'QUESTIONNAIRE.Definition.UiUnknownKeyword', params: { field: 'ui:color' } },
      { path: ['ui:field'], key: 'QUESTIONNAIRE.Definition.UiUnknownKeyword', params: { field: 'ui:field' } },
    ]);
  });
});

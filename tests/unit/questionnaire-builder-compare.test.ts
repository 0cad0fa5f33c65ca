import { describe, expect, it } from 'vitest';
import { shippedSheets } from '../../server/lib/questionnaire-sheets.js';
import { comparedItems, compareSheets, controlChanges, controlChangesOf, hasChanges, sameJson, type ComparedItem, type SheetComparison } from '../../src/domain/questionnaire/builder';
import type { SheetNode, SheetSchema } from '../../src/domain/questionnaire';

const sheets = shippedSheets();
const shipped = (name: string, version: number) => sheets.find((sheet) => sheet.name === name && sheet.version === version)!;

/** The compared item at a path (its new place for a moved control). */
const at = (comparison: SheetComparison, path: string) =>
  comparedItems(comparison.items).find((item) => (item.afterPath ?? item.beforePath)!.join('.') === path && item.place !== 'old')!;
/** The merged order of a level: `key:status`. */
const order = (items: ComparedItem[]) => items.map((item) => `${item.key}:${item.status}${item.place ? `(${item.place})` : ''}`);

const v1: SheetSchema = {
  type: 'object',
  title: 'Lintels',
  'x-sheet': { name: 'test-lintels', version: 1 },
  'x-activationPaths': [{ path: 'xde-general.materials.stuerze' }],
  properties: {
    lintels: {
      type: 'object',
      title: 'Lintel requirements',
      properties: {
        lintelType: {
          type: 'string',
          title: 'Lintel type',
          'x-i18n': { de: { title: 'Sturzart' } },
          oneOf: [
            { const: 'bearing', title: 'Load-bearing' },
            { const: 'nonBearing', title: 'Non-load-bearing', 'x-i18n': { de: { title: 'Nichttragend' } } },
            { const: 'both', title: 'Both' },
          ],
        },
        count: { type: 'integer', title: 'Number of lintels', minimum: 1, maximum: 100 },
        span: { type: 'number', title: 'Clear span', minimum: 0.5, maximum: 3, 'x-unit': 'm' },
        remarks: { type: 'string', title: 'Remarks', maxLength: 2000 },
      },
    },
    supply: {
      type: 'object',
      title: 'Supply',
      properties: {
        uShells: { type: 'boolean', title: 'U-shells' },
        uShellCount: { type: 'integer', title: 'Number of U-shells', 'x-activeIf': 'test-lintels.supply.uShells' },
        delivery: { type: 'string', title: 'Delivery address' },
      },
    },
    old: { type: 'object', title: 'Old section', properties: { legacy: { type: 'boolean', title: 'Legacy' } } },
  },
};
const ui1 = { lintels: { lintelType: { 'ui:widget': 'radio' }, remarks: { 'ui:widget': 'textarea' } } };

/** Version 2: one change of each kind. */
function version2(): { schema: SheetSchema; uiSchema: Record<string, unknown> } {
  const schema = structuredClone(v1);
  schema['x-sheet'].version = 2;
  schema['x-i18n'] = { de: { title: 'Stürze' } };
  const lintels = schema.properties.lintels.properties!;
  // Options: "Both" removed, "Non-load-bearing" renamed in German, "Reinforced" added, the kept ones in a new order.
  lintels.lintelType.oneOf = [
    { const: 'nonBearing', title: 'Non-load-bearing', 'x-i18n': { de: { title: 'Nicht tragend' } } },
    { const: 'bearing', title: 'Load-bearing' },
    { const: 'reinforced', title: 'Reinforced' },
  ];
  lintels.lintelType['x-required'] = true;
  lintels.count.maximum = 200;
  lintels.span['x-unit'] = 'cm';
  lintels.span['x-placeholder'] = 'e.g. 1.2';
  // "remarks" leaves; "fireRating" comes after "count".
  delete lintels.remarks;
  const entries = Object.entries(lintels);
  entries.splice(2, 0, ['fireRating', { type: 'string', title: 'Fire resistance', oneOf: [{ const: 'REI30', title: 'REI 30' }] }]);
  schema.properties.lintels.properties = Object.fromEntries(entries);
  const supply = schema.properties.supply.properties!;
  // The condition: now "when lintel type is Load-bearing"; "delivery" becomes a dropdown.
  delete supply.uShellCount['x-activeIf'];
  supply.uShellCount['x-activationPaths'] = [{ path: 'test-lintels.lintels.lintelType', equals: 'bearing' }];
  supply.delivery = { type: 'string', title: 'Delivery address', oneOf: [{ const: 'site', title: 'Site' }] };
  // "legacy" moves from the removed section "old" into the new section "extras".
  delete (schema.properties as Record<string, SheetNode>).old;
  schema.properties.extras = { type: 'object', title: 'Extras', properties: { note: { type: 'string', title: 'Note' }, legacy: { type: 'boolean', title: 'Legacy (old)' } } };
  const uiSchema = { lintels: { lintelType: { 'ui:widget': 'select' } } };
  return { schema, uiSchema };
}

describe('comparing two versions of a sheet', () => {
  it('finds nothing between a version and itself, and leaves every control unchanged', () => {
    const sheet = shipped('xde-planelemente', 1);
    const comparison = compareSheets(sheet, structuredClone(sheet));
    expect(comparison.counts).toEqual({ added: 0, removed: 0, changed: 0, moved: 0, unchanged: expect.any(Number) });
    expect(comparison.counts.unchanged).toBeGreaterThan(100);
    expect(comparison.sheet).toEqual([]);
    expect(comparison.items.some(hasChanges)).toBe(false);
  });

  it('names the controls the shipped lintels v2 adds, in their place', () => {
    const comparison = compareSheets(shipped('xde-stuerze', 1), shipped('xde-stuerze', 2));
    expect(comparison.counts).toMatchObject({ added: 2, removed: 0, changed: 0, moved: 0 });
    expect(order(comparison.items[0].children)).toEqual(['lintelType:unchanged', 'wallThicknesses:unchanged', 'maxClearSpan:unchanged', 'count:unchanged', 'fireRating:added', 'exposure:added']);
    expect(comparison.items[0].status).toBe('unchanged');
    expect(hasChanges(comparison.items[0])).toBe(true);
    expect(hasChanges(comparison.items[1])).toBe(false);
  });

  it('merges both versions: what only A has stays after the sibling it followed', () => {
    const { schema, uiSchema } = version2();
    const comparison = compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema });
    expect(order(comparison.items)).toEqual(['lintels:unchanged', 'supply:unchanged', 'old:removed', 'extras:added']);
    expect(order(comparison.items[0].children)).toEqual(['lintelType:changed', 'count:changed', 'fireRating:added', 'span:changed', 'remarks:removed']);
    expect(order(comparison.items[2].children)).toEqual(['legacy:moved(old)']);
    expect(order(comparison.items[3].children)).toEqual(['note:added', 'legacy:moved(new)']);
    expect(comparison.counts).toEqual({ added: 2, removed: 1, changed: 5, moved: 1, unchanged: 1 });
  });

  it('lists the options added, removed, renamed and reordered', () => {
    const { schema, uiSchema } = version2();
    const item = at(compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema }), 'lintels.lintelType');
    const options = item.changes.filter((change) => change.group === 'options');
    expect(options).toEqual([
      { group: 'options', change: 'removed', value: 'both', before: { const: 'both', title: 'Both' } },
      { group: 'options', change: 'renamed', value: 'nonBearing', before: expect.objectContaining({ 'x-i18n': { de: { title: 'Nichttragend' } } }), after: expect.objectContaining({ 'x-i18n': { de: { title: 'Nicht tragend' } } }) },
      { group: 'options', change: 'added', value: 'reinforced', after: { const: 'reinforced', title: 'Reinforced' } },
      { group: 'options', change: 'reordered', before: ['bearing', 'nonBearing'], after: ['nonBearing', 'bearing'] },
    ]);
    // Required and the uiSchema's widget are changes of their own groups.
    expect(item.changes.filter((change) => change.group !== 'options')).toEqual([
      { group: 'rules', property: 'x-required', before: undefined, after: true },
      { group: 'widget', property: 'ui:widget', before: 'radio', after: 'select' },
    ]);
  });

  it('gives limits, units and texts with their values before and after', () => {
    const { schema, uiSchema } = version2();
    const comparison = compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema });
    expect(at(comparison, 'lintels.count').changes).toEqual([{ group: 'limits', property: 'maximum', before: 100, after: 200 }]);
    expect(at(comparison, 'lintels.span').changes).toEqual([
      { group: 'texts', property: 'x-placeholder', language: 'en', before: undefined, after: 'e.g. 1.2' },
      { group: 'limits', property: 'x-unit', before: 'm', after: 'cm' },
    ]);
    // The sheet's own title got a German text.
    expect(comparison.sheet).toEqual([{ group: 'texts', property: 'title', language: 'de', before: undefined, after: 'Stürze' }]);
  });

  it('gives a condition as the conditions before and after', () => {
    const { schema, uiSchema } = version2();
    const item = at(compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema }), 'supply.uShellCount');
    expect(item.changes).toEqual([
      { group: 'conditions', before: [{ kind: 'checked', path: 'test-lintels.supply.uShells' }], after: [{ kind: 'equals', path: 'test-lintels.lintels.lintelType', equals: 'bearing' }] },
    ]);
  });

  it('names a new kind of control, not its every keyword', () => {
    const { schema, uiSchema } = version2();
    const item = at(compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema }), 'supply.delivery');
    expect(item.changes).toEqual([
      { group: 'widget', property: 'kind', before: 'text', after: 'dropdown' },
      { group: 'options', change: 'added', value: 'site', after: { const: 'site', title: 'Site' } },
    ]);
  });

  it('finds a control moved to another section by its key and kind, with its own changes', () => {
    const { schema, uiSchema } = version2();
    const comparison = compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema });
    const moved = at(comparison, 'extras.legacy');
    expect(moved).toMatchObject({ status: 'moved', place: 'new', beforePath: ['old', 'legacy'], afterPath: ['extras', 'legacy'] });
    expect(moved.changes).toEqual([{ group: 'texts', property: 'title', language: 'en', before: 'Legacy', after: 'Legacy (old)' }]);
    // Another kind under the same key is a removed and an added control.
    const retyped = structuredClone(schema);
    (retyped.properties.extras.properties as Record<string, SheetNode>).legacy = { type: 'string', title: 'Legacy' };
    expect(compareSheets({ schema: v1 }, { schema: retyped }).counts).toMatchObject({ moved: 0, added: 3, removed: 2 });
  });

  it('reports any other keyword that differs as it is', () => {
    const a = structuredClone(v1);
    const b = structuredClone(v1);
    (a.properties.lintels.properties!.count as Record<string, unknown>).description = 'How many';
    (b.properties.lintels.properties!.count as Record<string, unknown>)['x-note'] = 'Roughly';
    b.properties.lintels.properties!.count['x-width'] = 4;
    expect(at(compareSheets({ schema: a }, { schema: b }), 'lintels.count').changes).toEqual([
      { group: 'texts', property: 'description', language: 'en', before: 'How many', after: undefined },
      { group: 'texts', property: 'x-note', language: 'en', before: undefined, after: 'Roughly' },
      { group: 'widget', property: 'x-width', before: undefined, after: 4 },
    ]);
  });

  it('summarises the controls for the field lists: moved ones as changed, old → new', () => {
    const { schema, uiSchema } = version2();
    expect(controlChangesOf(compareSheets({ schema: v1, uiSchema: ui1 }, { schema, uiSchema }))).toEqual({
      added: ['lintels.fireRating', 'extras.note'],
      removed: ['lintels.remarks'],
      changed: ['lintels.lintelType', 'lintels.count', 'lintels.span', 'supply.uShellCount', 'supply.delivery', 'old.legacy → extras.legacy'],
    });
    expect(controlChanges({ not: 'a sheet' }, v1).added).toEqual(['lintels.lintelType', 'lintels.count', 'lintels.span', 'lintels.remarks', 'supply.uShells', 'supply.uShellCount', 'supply.delivery', 'old.legacy']);
  });

  it('compares JSON by value, not by key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { definitionProblems, shippedSheets } from '../../server/lib/questionnaire-sheets.js';
import { LOCALIZED_TEXTS, localizeSheet, type SheetSchema } from '../../src/domain/questionnaire';
import {
  addControl,
  applyTranslations,
  isImportRefused,
  isRefused,
  missingTexts,
  modelItems,
  nodeWithText,
  sheetModel,
  sheetTexts,
  TEXT_LANGUAGES,
  TEXT_MAX_LENGTH,
  TRANSLATION_IMPORT_MAX_ROWS,
  TRANSLATION_MESSAGE,
  updateNode,
  withText,
  writeSheet,
  type SheetModel,
  type TranslationImport,
} from '../../src/domain/questionnaire/builder';

const sheets = shippedSheets();
const general = sheets.find((sheet) => sheet.name === 'xde-general')!;
const json = (model: SheetModel) => JSON.stringify(writeSheet(model));
const modelOf = (sheet: (typeof sheets)[number]) => sheetModel(sheet.schema, sheet.uiSchema);
const idOf = (model: SheetModel, path: string) => modelItems(model).find((entry) => entry.path.join('.') === path)!.item.id;
const applied = (result: ReturnType<typeof applyTranslations>): TranslationImport => {
  if (isImportRefused(result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
};
/** The rows as an export writes them (every language column). */
const exported = (model: SheetModel) => sheetTexts(model).map((row) => ({ address: row.address, ...row.texts }));

/** Every translation the stored sheet holds (what localizeSheet would use), counted. */
function storedTranslations(schema: SheetSchema): number {
  let count = 0;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const i18n = (node as Record<string, unknown>)['x-i18n'] as Record<string, Record<string, string>> | undefined;
    for (const language of ['de', 'nl']) for (const field of LOCALIZED_TEXTS) if (i18n?.[language]?.[field]) count += 1;
    for (const [key, value] of Object.entries(node)) if (key !== 'x-i18n') walk(value);
  };
  walk(schema);
  return count;
}

describe('the translations of a sheet', () => {
  it('lists every text of every shipped sheet once, with unique addresses, and an unchanged import writes the same JSON', () => {
    for (const sheet of sheets) {
      const label = `${sheet.name} v${sheet.version}`;
      const model = modelOf(sheet);
      const rows = sheetTexts(model);
      expect(new Set(rows.map((row) => row.address)).size, label).toBe(rows.length);
      // Every German and Dutch text of the stored sheet is a cell of the grid.
      const cells = rows.reduce((sum, row) => sum + (row.texts.de ? 1 : 0) + (row.texts.nl ? 1 : 0), 0);
      expect(cells, label).toBe(storedTranslations(sheet.schema));
      const result = applied(applyTranslations(model, exported(model)));
      expect(result.changed, label).toBe(0);
      expect(result.refusedRows, label).toEqual([]);
      expect(result.model, label).toBe(model);
      expect(json(result.model), label).toBe(JSON.stringify({ schema: sheet.schema, uiSchema: sheet.uiSchema }));
    }
  });

  it('writes removed translations back in the stored format: the same JSON, key order included', () => {
    for (const sheet of sheets) {
      const label = `${sheet.name} v${sheet.version}`;
      const model = modelOf(sheet);
      const rows = exported(model);
      // Every German and Dutch text removed: no x-i18n is left anywhere, no empty text is stored.
      const bare = applied(applyTranslations(model, rows.map((row) => ({ address: row.address, de: '', nl: '' }))));
      const bareJson = json(bare.model);
      expect(bareJson, label).not.toContain('"x-i18n"');
      expect(bareJson, label).not.toContain('""');
      // Imported again: the sheet as shipped, byte for byte.
      const back = applied(applyTranslations(bare.model, rows));
      expect(back.refusedRows, label).toEqual([]);
      expect(back.changed, label).toBe(bare.changed);
      expect(json(back.model), label).toBe(JSON.stringify({ schema: sheet.schema, uiSchema: sheet.uiSchema }));
    }
  });

  it('addresses the sheet, sections, controls, options and the optional texts; paths read in the language asked for', () => {
    const rows = sheetTexts(modelOf(general), 'de');
    const byAddress = new Map(rows.map((row) => [row.address, row]));
    expect(rows[0]).toMatchObject({ address: 'xde-general:title', itemId: null, kind: 'sheet', field: 'title', path: 'Allgemeine Angaben' });
    expect(byAddress.get('xde-general.project:title')).toMatchObject({ kind: 'section', path: 'Projektdaten', texts: { en: 'Project data', de: 'Projektdaten', nl: 'Projectgegevens' } });
    expect(byAddress.get('xde-general.project:description')?.texts.de).toBe('Was gebaut wird und wann.');
    expect(byAddress.get('xde-general.project.buildingType=office:title')).toMatchObject({ kind: 'option', path: 'Projektdaten › Gebäudeart › Bürogebäude', texts: { en: 'Office building', de: 'Bürogebäude' } });
    const fields = new Set(rows.map((row) => row.field));
    for (const field of LOCALIZED_TEXTS) expect(fields, field).toContain(field);
    // An option control's row names the control's builder item, so that the grid can select it.
    expect(byAddress.get('xde-general.project.buildingType=office:title')?.itemId).toBe(byAddress.get('xde-general.project.buildingType:title')?.itemId);
    // Nothing is missing in a shipped sheet.
    expect(missingTexts(rows)).toEqual({ en: 0, de: 0, nl: 0 });
  });

  it('counts a new control whose German and Dutch texts are missing, and writes the German one into x-i18n', () => {
    const model = modelOf(general);
    const added = addControl(model, 'dropdown', ['project'], 'Facade');
    if (isRefused(added)) throw new Error('refused');
    const rows = sheetTexts(added.model);
    // The control's title and its two options.
    expect(missingTexts(rows)).toEqual({ en: 0, de: 3, nl: 3 });
    const title = rows.find((row) => row.itemId === added.id && row.kind === 'control')!;
    expect(title.address).toBe('xde-general.project.dropdown:title');

    const german = withText(added.model, title.address, 'de', 'Fassade');
    expect(missingTexts(sheetTexts(german))).toEqual({ en: 0, de: 2, nl: 3 });
    const node = writeSheet(german).schema.properties.project.properties!.dropdown;
    expect(node).toEqual({ type: 'string', title: 'Facade', 'x-i18n': { de: { title: 'Fassade' } }, oneOf: [{ const: 'option1', title: 'Option 1' }, { const: 'option2', title: 'Option 2' }] });
    expect(localizeSheet(writeSheet(german).schema, 'de').properties.project.properties!.dropdown.title).toBe('Fassade');
    expect(definitionProblems(writeSheet(german).schema, writeSheet(german).uiSchema)).toEqual([]);
    // An option's text goes into the option.
    const option = withText(german, 'xde-general.project.dropdown=option2:title', 'nl', 'Optie 2');
    expect(writeSheet(option).schema.properties.project.properties!.dropdown.oneOf![1]).toEqual({ const: 'option2', title: 'Option 2', 'x-i18n': { nl: { title: 'Optie 2' } } });

    // Emptied (or blank): the entry leaves, and with it the language and the x-i18n — never ''.
    const emptied = withText(german, title.address, 'de', '  ');
    expect(writeSheet(emptied).schema.properties.project.properties!.dropdown).not.toHaveProperty('x-i18n');
    expect(missingTexts(sheetTexts(emptied)).de).toBe(3);
    // The same text, or an address the sheet does not have: the model itself.
    expect(withText(german, title.address, 'de', 'Fassade')).toBe(german);
    expect(withText(german, 'xde-general.nowhere:title', 'de', 'x')).toBe(german);
  });

  it('keeps a language that still has texts, and an English title that is emptied stays (the checks name it)', () => {
    const model = modelOf(general);
    const emptied = withText(model, 'xde-general.project:description', 'de', '');
    expect(writeSheet(emptied).schema.properties.project['x-i18n']).toEqual({ de: { title: 'Projektdaten' }, nl: { title: 'Projectgegevens', description: 'Wat er gebouwd wordt, en wanneer.' } });
    const english = withText(model, 'xde-general.project:description', 'en', '');
    expect(writeSheet(english).schema.properties.project).not.toHaveProperty('description');
    // The row stays while a translation of it is left; English is then missing.
    expect(missingTexts(sheetTexts(english)).en).toBe(1);
    expect(nodeWithText({ title: 'A' }, 'title', 'en', '')).toEqual({ title: '' });
  });

  it('places new texts where the shipped sheets have them', () => {
    expect(Object.keys(nodeWithText({ type: 'string', title: 'A', oneOf: [] } as never, 'title', 'nl', 'B'))).toEqual(['type', 'title', 'x-i18n', 'oneOf']);
    expect(Object.keys(nodeWithText({ type: 'object', title: 'A', 'x-i18n': { de: { title: 'B' } }, properties: {} } as never, 'description', 'en', 'D'))).toEqual(['type', 'title', 'description', 'x-i18n', 'properties']);
    expect(nodeWithText({ title: 'A', 'x-i18n': { nl: { description: 'N' } } }, 'title', 'de', 'B')['x-i18n']).toEqual({ de: { title: 'B' }, nl: { description: 'N' } });
    expect(Object.keys(nodeWithText({ title: 'A', 'x-i18n': { de: { description: 'D' } } }, 'title', 'de', 'T')['x-i18n']!.de!)).toEqual(['title', 'description']);
  });

  it('addresses options whose value is empty or repeated by their place', () => {
    const model = modelOf(general);
    const id = idOf(model, 'project.buildingType');
    const repeated = updateNode(model, id, (node) => ({ ...node, oneOf: node.oneOf!.map((option, index) => (index < 2 ? { ...option, const: 'same' } : option)) }));
    const addresses = sheetTexts(repeated).filter((row) => row.itemId === id && row.kind === 'option').map((row) => row.address);
    expect(addresses.slice(0, 3)).toEqual(['xde-general.project.buildingType#0:title', 'xde-general.project.buildingType#1:title', 'xde-general.project.buildingType=education:title']);
    const changed = withText(repeated, addresses[1], 'de', 'Büro');
    expect(writeSheet(changed).schema.properties.project.properties!.buildingType.oneOf![1]['x-i18n']!.de!.title).toBe('Büro');
    expect(writeSheet(changed).schema.properties.project.properties!.buildingType.oneOf![0]['x-i18n']!.de!.title).toBe('Wohnungsbau');
  });

  it('reads and writes the options of a multiple choice (items.oneOf)', () => {
    const model = modelOf(general);
    const added = addControl(model, 'multi', ['project'], 'Uses');
    if (isRefused(added)) throw new Error('refused');
    const row = sheetTexts(added.model).find((candidate) => candidate.itemId === added.id && candidate.kind === 'option')!;
    expect(row.address).toBe('xde-general.project.multi=option1:title');
    const next = withText(added.model, row.address, 'de', 'Nutzung 1');
    expect(writeSheet(next).schema.properties.project.properties!.multi.items!.oneOf![0]).toEqual({ const: 'option1', title: 'Option 1', 'x-i18n': { de: { title: 'Nutzung 1' } } });
  });

  it('applies an import as far as it fits the sheet and reports the rows it refuses', () => {
    const model = modelOf(general);
    const result = applied(
      applyTranslations(model, [
        { address: 'xde-general.project:title', de: 'Projekt', nl: 'Project' },
        { address: 'xde-general.project.buildingType=office:title', en: 'Offices' },
        { address: 'xde-general.project:title', de: 'Noch einmal' },
        { address: 'xde-general.nowhere:title', de: 'Nirgends' },
        { address: 'xde-general.project:description', de: 'x'.repeat(TEXT_MAX_LENGTH + 1) },
        { address: 'xde-general.project.buildingType:title', en: '', de: 'Art' },
        { address: ` xde-general:description `, nl: '' },
      ]),
    );
    expect(result.changed).toBe(4);
    expect(result.refusedRows).toEqual([
      { row: 4, address: 'xde-general.project:title', key: TRANSLATION_MESSAGE.duplicate },
      { row: 5, address: 'xde-general.nowhere:title', key: TRANSLATION_MESSAGE.unknown },
      { row: 6, address: 'xde-general.project:description', key: TRANSLATION_MESSAGE.tooLong, params: { language: 'de', max: TEXT_MAX_LENGTH } },
      { row: 7, address: 'xde-general.project.buildingType:title', key: TRANSLATION_MESSAGE.titleRequired },
    ]);
    const project = writeSheet(result.model).schema.properties.project;
    expect(project['x-i18n']).toEqual({ de: { title: 'Projekt', description: 'Was gebaut wird und wann.' }, nl: { title: 'Project', description: 'Wat er gebouwd wordt, en wanneer.' } });
    expect(project.properties!.buildingType.oneOf![1].title).toBe('Offices');
    expect(writeSheet(result.model).schema['x-i18n']!.nl).toEqual({ title: 'Algemene gegevens' });
    // A refused row changes nothing: the building type keeps its German title.
    expect(project.properties!.buildingType['x-i18n']!.de!.title).toBe('Gebäudeart');
    expect(definitionProblems(writeSheet(result.model).schema, writeSheet(result.model).uiSchema)).toEqual([]);
  });

  it('refuses an import of more rows than it takes, and bounds a long address in its report', () => {
    const model = modelOf(general);
    const rows = Array.from({ length: TRANSLATION_IMPORT_MAX_ROWS + 1 }, () => ({ address: 'xde-general:title', de: 'x' }));
    expect(applyTranslations(model, rows)).toEqual({ refused: TRANSLATION_MESSAGE.tooManyRows, params: { max: TRANSLATION_IMPORT_MAX_ROWS } });
    const long = applied(applyTranslations(model, [{ address: 'a'.repeat(10_000), de: 'x', row: 9 }]));
    expect(long.refusedRows).toEqual([{ row: 9, address: `${'a'.repeat(80)}…`, key: TRANSLATION_MESSAGE.unknown }]);
    expect(long.model).toBe(model);
    expect(TEXT_LANGUAGES).toEqual(['en', 'de', 'nl']);
  });
});

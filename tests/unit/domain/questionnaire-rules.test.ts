import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/permissions';
import {
  blockTypeGroup,
  canEditQuestionnaire,
  infoSheetButtonVisible,
  isGeneralSheet,
  materialKeyOf,
  minActiveSheets,
  questionnaireMaterialTypes,
  resolveSheetVersion,
  sheetDefinitionProblems,
  sheetSetFor,
  type SheetNode,
  type SheetSchema,
  type SheetSets,
} from '../../../src/domain/questionnaire';
import { elementSheet, generalSheet, lintelSheet } from './questionnaireFixtures';

const sets: SheetSets = {
  countries: { nl: 'nl', de: 'de', d: 'de', be: 'be', b: 'be' },
  sets: {
    de: { '0': ['xde-general'], '1': ['xde-planelemente'], '2': ['xde-stuerze'] },
    be: { '0': ['xnl-algemeen'], '1': ['xnl-elementen'] },
    nl: { '0': ['xnl-algemeen'], '1': ['xnl-elementen'], '1-uitgekiend': ['xnl-uitgekiend'], '2': ['xnl-lateien'] },
    uitgekiend: { '0': ['xnl-algemeen'], '1': ['xnl-uitgekiend'], '2': ['xnl-lateien'] },
    ccl: { '0': ['ccl-general'] },
  },
};
const names = (input: Parameters<typeof sheetSetFor>[0]) => {
  const set = sheetSetFor(input, sets);
  return `${set.setKey}: ${set.sheets.map((sheet) => `${sheet.level}=${sheet.name}`).join(' ')}`;
};

describe('sheetSetFor', () => {
  it('maps the Country param, in any case and short form', () => {
    expect(names({ tenantType: 'standard', country: 'D' })).toBe('de: 0=xde-general 1=xde-planelemente 2=xde-stuerze');
    expect(names({ tenantType: 'standard', country: 'b' })).toBe('be: 0=xnl-algemeen 1=xnl-elementen');
    expect(names({ tenantType: 'standard', country: 'nl' })).toBe('nl: 0=xnl-algemeen 1=xnl-elementen 1-uitgekiend=xnl-uitgekiend 2=xnl-lateien');
  });

  it('falls back to the site address, then the tenant default, then de', () => {
    expect(sheetSetFor({ tenantType: 'standard', country: 'xx', siteCountry: 'NL' }, sets).setKey).toBe('nl');
    expect(sheetSetFor({ tenantType: 'standard', siteCountry: 'GB', defaultCountry: 'be' }, sets).setKey).toBe('be');
    expect(sheetSetFor({ tenantType: 'standard' }, sets).setKey).toBe('de');
  });

  it('takes the uitgekiend set for BrickAssortment True and the ccl set for the CCL tenant', () => {
    expect(names({ tenantType: 'standard', country: 'de', brickAssortment: 'True' })).toBe('uitgekiend: 0=xnl-algemeen 1=xnl-uitgekiend 2=xnl-lateien');
    expect(sheetSetFor({ tenantType: 'standard', country: 'de', brickAssortment: 'False' }, sets).setKey).toBe('de');
    expect(sheetSetFor({ tenantType: 'ccl', country: 'nl', brickAssortment: true }, sets).setKey).toBe('ccl');
  });

  it('resolves the saved version, else the highest published one', () => {
    expect(resolveSheetVersion('xde-general', { _versions: { 'xde-general': 1 } }, [1, 2, 3])).toBe(1);
    expect(resolveSheetVersion('xde-general', { _versions: {} }, [1, 3, 2])).toBe(3);
    expect(resolveSheetVersion('xde-general', null, [])).toBeUndefined();
  });
});

describe('editability and the information sheet button', () => {
  const context = (rootState: string, isInternal: boolean, tenantType: 'standard' | 'ccl' = 'standard') => ({ rootState, isInternal, tenantType });

  it('lets everyone edit in Structuring (CCL: Preparing), otherwise only internal users', () => {
    expect(canEditQuestionnaire(context('Structuring', false))).toEqual({ allowed: true });
    expect(canEditQuestionnaire(context('Preparing', false, 'ccl'))).toEqual({ allowed: true });
    expect(canEditQuestionnaire(context('Preparing', false))).toEqual({ allowed: false, reason: 'QUESTIONNAIRE.Errors.ReadOnly' });
    expect(canEditQuestionnaire(context('InProgress', false))).toEqual({ allowed: false, reason: 'QUESTIONNAIRE.Errors.ReadOnly' });
    expect(canEditQuestionnaire(context('InProgress', true))).toEqual({ allowed: true });
  });

  it('shows the button with the feature in Structuring for all, always for internal users', () => {
    const features = ['ProjectInfoSheet' as const];
    expect(infoSheetButtonVisible({ ...context('Structuring', false), features })).toBe(true);
    expect(infoSheetButtonVisible({ ...context('PendingValidation', false), features })).toBe(false);
    expect(infoSheetButtonVisible({ ...context('PendingValidation', true), features })).toBe(true);
    expect(infoSheetButtonVisible({ ...context('Structuring', true), features: [] })).toBe(false);
  });

  it('leaves the sheet versions to configurers', () => {
    const user = { isAdmin: false, isInternal: true, isConfigurer: false, isExternalLogin: false };
    for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
      expect(canAccess({ ...user, isConfigurer: true }, { action, resource: 'questionnaire-sheets' })).toBe(true);
      expect(canAccess({ ...user, isAdmin: true }, { action, resource: 'questionnaire-sheets' })).toBe(false);
      expect(canAccess(user, { action, resource: 'questionnaire-sheets' })).toBe(false);
    }
  });

  it('needs 2 active sheets for a standard tenant, none for CCL', () => {
    expect(minActiveSheets('standard')).toBe(2);
    expect(minActiveSheets('ccl')).toBe(0);
  });
});

describe('material types', () => {
  const answers = { 'xde-general': { materials: { planelemente: true, stuerze: true } } };

  it('are the active non-general sheets, keyed without the country prefix, labelled in the language', () => {
    expect(materialKeyOf('xde-stuerze')).toBe('stuerze');
    expect(materialKeyOf('xnl-uitgekiend')).toBe('uitgekiend');
    expect(materialKeyOf('ccl-general')).toBe('ccl-general');
    expect(questionnaireMaterialTypes([generalSheet, elementSheet, lintelSheet], answers, 'de')).toEqual([
      { key: 'planelemente', label: 'Planelemente', sheet: 'xde-planelemente' },
      { key: 'stuerze', label: 'Stürze', sheet: 'xde-stuerze' },
    ]);
    expect(questionnaireMaterialTypes([generalSheet, elementSheet, lintelSheet], { 'xde-general': { materials: { stuerze: true } } }, 'en')).toEqual([{ key: 'stuerze', label: 'Lintels', sheet: 'xde-stuerze' }]);
  });

  it('know general sheets by their level, else by having no activation paths', () => {
    expect(isGeneralSheet(generalSheet)).toBe(true);
    expect(isGeneralSheet(lintelSheet)).toBe(false);
    expect(isGeneralSheet({ name: 'x', version: 1, status: 'published', schema: lintelSheet, uiSchema: {}, level: '0' })).toBe(true);
    expect(isGeneralSheet({ name: 'x', version: 1, status: 'published', schema: generalSheet, uiSchema: {}, level: '2' })).toBe(false);
  });

  it('group blocks by weight: 14 kg or less is light, 15 kg or more heavy', () => {
    expect([8, 14, 15, 22].map(blockTypeGroup)).toEqual(['light', 'light', 'heavy', 'heavy']);
  });
});

describe('sheetDefinitionProblems', () => {
  const problems = (schema: SheetSchema, others: SheetSchema[] = []) => sheetDefinitionProblems(schema, others).map((problem) => `${problem.path.join('/')}:${problem.key.replace('QUESTIONNAIRE.Definition.', '')}`);
  const withSite = (site: Record<string, SheetNode>): SheetSchema => ({ ...generalSheet, properties: { ...generalSheet.properties, site: { ...generalSheet.properties.site, properties: { ...generalSheet.properties.site.properties, ...site } } } });

  it('accepts the sound fixtures', () => {
    expect(problems(generalSheet)).toEqual([]);
    expect(problems(lintelSheet, [generalSheet])).toEqual([]);
  });

  it('wants activeIf to name an existing checkbox other than itself', () => {
    expect(problems(withSite({ a: { type: 'string', title: 'A', 'x-activeIf': 'xde-general.site.nothing' } }))).toEqual(['properties/site/properties/a/x-activeIf:UnknownPath']);
    expect(problems(withSite({ a: { type: 'string', title: 'A', 'x-activeIf': 'xde-general.site.window' } }))).toEqual(['properties/site/properties/a/x-activeIf:ActiveIfNotCheckbox']);
    expect(problems(withSite({ a: { type: 'boolean', title: 'A', 'x-activeIf': 'xde-general.site.a' } }))).toEqual(['properties/site/properties/a/x-activeIf:SelfReference']);
  });

  it('checks activation paths, into other sheets when they are given', () => {
    expect(problems(withSite({ a: { type: 'string', title: 'A', 'x-activationPaths': [{ path: 'xde-general.site.window', equals: 'evening' }] } }))).toEqual(['properties/site/properties/a/x-activationPaths/0/equals:EqualsNotAnOption']);
    expect(problems({ ...lintelSheet, 'x-activationPaths': [{ path: 'xde-general.materials.lintels' }] })).toEqual([]);
    expect(problems({ ...lintelSheet, 'x-activationPaths': [{ path: 'xde-general.materials.lintels' }] }, [generalSheet])).toEqual(['x-activationPaths/0/path:UnknownPath']);
    expect(problems({ ...lintelSheet, 'x-activationPaths': [{ path: 'xde-stuerze.lintels.count' }] })).toEqual(['x-activationPaths/0/path:SelfActivation']);
  });

  it('checks patterns, defaults, options, limits and exclusive groups', () => {
    expect(
      problems(
        withSite({
          a: { type: 'string', title: 'A', pattern: '([a-z' },
          b: { type: 'string', title: 'B', default: 'x', oneOf: [{ const: 'y', title: 'Y' }, { const: 'y', title: 'Y again' }] },
          c: { type: 'number', title: 'C', minimum: 5, maximum: 1, default: 'five' },
          d: { type: 'string', title: 'D', 'x-group': 'lonely' },
        }),
      ),
    ).toEqual([
      'properties/site/properties/a/pattern:InvalidPattern',
      'properties/site/properties/b/oneOf/1/const:DuplicateOption',
      'properties/site/properties/b/default:InvalidDefault',
      'properties/site/properties/c/default:InvalidDefault',
      'properties/site/properties/c/minimum:MinAboveMax',
      'properties/site/properties/d/x-group:GroupNotCheckbox',
      'properties/site/properties/d/x-group:GroupTooSmall',
    ]);
    const split: SheetSchema = { ...generalSheet, properties: { ...generalSheet.properties, materials: { ...generalSheet.properties.materials, properties: { ...generalSheet.properties.materials.properties, other: { type: 'boolean', title: 'Other', 'x-group': 'surface' } } } } };
    expect(problems(split)).toEqual(['properties/site/properties/surfaceSmooth/x-group:GroupAcrossSections', 'properties/site/properties/surfaceRough/x-group:GroupAcrossSections']);
  });
});

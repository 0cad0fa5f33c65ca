import { describe, expect, it } from 'vitest';
import {
  activeSheetCount,
  applyExclusiveGroup,
  controlIsEnabled,
  getAt,
  isEmptyValue,
  localizeSheet,
  questionnaireValidity,
  resetDisabled,
  resetDisabledAll,
  setAt,
  sheetIsActive,
  sheetProblems,
  walkControls,
  type QuestionnaireAnswers,
} from '../../../src/domain/questionnaire';
import { elementSheet, generalSheet, lintelSheet } from './questionnaireFixtures';

const complete: QuestionnaireAnswers = {
  'xde-general': { project: { buildingType: 'residential', storeys: 4, postcode: '28217' }, materials: { stuerze: true }, site: { crane: true, craneCapacity: 2.5 } },
  'xde-stuerze': { lintels: { count: 12 } },
};
const keysOf = (answers: QuestionnaireAnswers, sheet = generalSheet) => sheetProblems(sheet, answers).map((problem) => `${problem.path.join('.')}:${problem.key}`);

describe('paths and controls', () => {
  it('walks the controls of every section in order with paths over the whole answers', () => {
    const controls = walkControls(generalSheet);
    expect(controls.map((entry) => entry.dotPath).slice(0, 4)).toEqual(['xde-general.project.buildingType', 'xde-general.project.storeys', 'xde-general.project.postcode', 'xde-general.materials.planelemente']);
    expect(controls).toHaveLength(13);
    expect(walkControls(generalSheet)).toBe(controls);
  });

  it('reads and writes values without touching the original', () => {
    expect(getAt(complete, 'xde-general.site.craneCapacity')).toBe(2.5);
    expect(getAt(complete, 'xde-general.nothing.here')).toBeUndefined();
    const changed = setAt(complete, 'xde-general.site.crane', false);
    expect(getAt(changed, ['xde-general', 'site', 'crane'])).toBe(false);
    expect(getAt(complete, 'xde-general.site.crane')).toBe(true);
    expect(getAt(setAt(changed, 'xde-general.site.crane', undefined), 'xde-general.site')).toEqual({ craneCapacity: 2.5 });
  });

  it('counts undefined, null, empty text, false, [] and {} as empty', () => {
    for (const value of [undefined, null, '', false, [], {}]) expect(isEmptyValue(value)).toBe(true);
    for (const value of [0, 'x', true, ['a'], { a: 1 }]) expect(isEmptyValue(value)).toBe(false);
  });
});

describe('activation', () => {
  const capacity = generalSheet.properties.site.properties!.craneCapacity;
  const windowNote = generalSheet.properties.site.properties!.windowNote;

  it('enables a control only while its activeIf checkbox is checked', () => {
    expect(controlIsEnabled(capacity, complete)).toBe(true);
    expect(controlIsEnabled(capacity, setAt(complete, 'xde-general.site.crane', false))).toBe(false);
    expect(controlIsEnabled(capacity, {})).toBe(false);
  });

  it('enables a control when any activation path matches its value', () => {
    expect(controlIsEnabled(windowNote, setAt(complete, 'xde-general.site.window', 'afternoon'))).toBe(true);
    expect(controlIsEnabled(windowNote, setAt(complete, 'xde-general.site.window', 'morning'))).toBe(false);
    const multi = { ...windowNote, 'x-activationPaths': [{ path: 'xde-general.site.days', equals: 'tue' }, { path: 'xde-general.site.crane' }] };
    expect(controlIsEnabled(multi, { 'xde-general': { site: { days: ['mon', 'tue'] } } })).toBe(true);
    expect(controlIsEnabled(multi, { 'xde-general': { site: { days: ['mon'], crane: true } } })).toBe(true);
    expect(controlIsEnabled(multi, { 'xde-general': { site: { days: ['mon'] } } })).toBe(false);
  });

  it('shows a sheet without activation paths always, another only when its path matches', () => {
    expect(sheetIsActive(generalSheet, {})).toBe(true);
    expect(sheetIsActive(lintelSheet, complete)).toBe(true);
    expect(sheetIsActive(elementSheet, complete)).toBe(false);
    expect(sheetIsActive({ name: 'xde-stuerze', version: 2, status: 'published', schema: lintelSheet, uiSchema: {} }, complete)).toBe(true);
    expect(activeSheetCount([generalSheet, elementSheet, lintelSheet], complete)).toBe(2);
    expect(activeSheetCount([generalSheet, elementSheet, lintelSheet], {})).toBe(1);
  });

  it('resets disabled controls to their default, following chains of dependencies', () => {
    const answers = setAt(setAt(setAt(complete, 'xde-general.site.crane', false), 'xde-general.site.hook', true), 'xde-general.site.windowNote', 'after 2 pm');
    const reset = resetDisabled(generalSheet, answers);
    expect(getAt(reset, 'xde-general.site')).toEqual({ crane: false });
    expect(getAt(answers, 'xde-general.site.craneCapacity')).toBe(2.5);
    expect(resetDisabled(generalSheet, complete)).toBe(complete);
    expect(resetDisabled(lintelSheet, {})).toEqual({});
  });

  it('resets across sheets until nothing changes', () => {
    const crossSheet = { ...lintelSheet, properties: { lintels: { ...lintelSheet.properties.lintels, properties: { count: { type: 'integer' as const, title: 'Count', 'x-activeIf': 'xde-general.site.crane' } } } } };
    const answers = { ...complete, 'xde-stuerze': { lintels: { count: 3 } }, 'xde-general': { ...(complete['xde-general'] as object), site: { crane: false } } };
    expect(getAt(resetDisabledAll([crossSheet, generalSheet], answers), 'xde-stuerze.lintels.count')).toBeUndefined();
  });

  it('unchecks the other checkboxes of an exclusive group', () => {
    const data = { site: { surfaceSmooth: true, surfaceRough: true, crane: true } };
    expect(applyExclusiveGroup(generalSheet, data, ['site', 'surfaceRough'])).toEqual({ site: { surfaceSmooth: false, surfaceRough: true, crane: true } });
    expect(applyExclusiveGroup(generalSheet, data, 'xde-general.site.surfaceSmooth')).toEqual({ site: { surfaceSmooth: true, surfaceRough: false, crane: true } });
    expect(applyExclusiveGroup(generalSheet, data, ['site', 'crane'])).toBe(data);
    expect(applyExclusiveGroup(generalSheet, { site: { surfaceSmooth: false, surfaceRough: true } }, ['site', 'surfaceSmooth'])).toEqual({ site: { surfaceSmooth: false, surfaceRough: true } });
  });
});

describe('sheetProblems', () => {
  it('finds none in a complete sheet', () => {
    expect(keysOf(complete)).toEqual([]);
    expect(keysOf(complete, lintelSheet)).toEqual([]);
  });

  it('wants required values and one of a required group, but not of disabled controls', () => {
    expect(keysOf({ 'xde-general': { site: { crane: true } } })).toEqual([
      'xde-general.project.buildingType:QUESTIONNAIRE.Errors.Required',
      'xde-general.site.craneCapacity:QUESTIONNAIRE.Errors.Required',
      'xde-general.materials.planelemente:QUESTIONNAIRE.Errors.RequiredGroup',
      'xde-general.materials.stuerze:QUESTIONNAIRE.Errors.RequiredGroup',
    ]);
    expect(keysOf({ 'xde-general': { project: { buildingType: 'office' }, materials: { planelemente: true } } })).toEqual([]);
  });

  it('checks patterns (empty passes), lengths, limits, options and exclusive groups', () => {
    const answers = (site: object, project: object = {}) => ({ 'xde-general': { project: { buildingType: 'office', ...project }, materials: { stuerze: true }, site } });
    expect(keysOf(answers({}, { postcode: '' }))).toEqual([]);
    expect(keysOf(answers({}, { postcode: '2821' }))).toEqual(['xde-general.project.postcode:QUESTIONNAIRE.Errors.Pattern']);
    expect(sheetProblems(generalSheet, answers({}, { postcode: '282170' })).map((problem) => [problem.key, problem.params])).toEqual([
      ['QUESTIONNAIRE.Errors.Pattern', undefined],
      ['QUESTIONNAIRE.Errors.TooLong', { max: 5 }],
    ]);
    expect(keysOf(answers({}, { storeys: 0, buildingType: 'castle' }))).toEqual(['xde-general.project.buildingType:QUESTIONNAIRE.Errors.NotAnOption', 'xde-general.project.storeys:QUESTIONNAIRE.Errors.Minimum']);
    expect(keysOf(answers({ crane: true, craneCapacity: 0.2, days: ['sun'] }))).toEqual(['xde-general.site.craneCapacity:QUESTIONNAIRE.Errors.Minimum', 'xde-general.site.days:QUESTIONNAIRE.Errors.NotAnOption']);
    expect(keysOf(answers({ surfaceSmooth: true, surfaceRough: true }))).toEqual(['xde-general.site.surfaceSmooth:QUESTIONNAIRE.Errors.ExclusiveGroup', 'xde-general.site.surfaceRough:QUESTIONNAIRE.Errors.ExclusiveGroup']);
  });

  it('reports values of the wrong type and unknown fields', () => {
    expect(keysOf({ 'xde-general': { project: { buildingType: 'office', storeys: 2.5 }, materials: { stuerze: 'yes', extra: 1 } } })).toEqual([
      'xde-general.materials.extra:QUESTIONNAIRE.Errors.UnknownField',
      'xde-general.project.storeys:QUESTIONNAIRE.Errors.WrongType',
      'xde-general.materials.stuerze:QUESTIONNAIRE.Errors.WrongType',
      'xde-general.materials.planelemente:QUESTIONNAIRE.Errors.RequiredGroup',
    ]);
    expect(keysOf({ 'xde-stuerze': { lintels: { count: 1, blocks: [{ block: 'KS 20', weight: 'heavy' }] } } }, lintelSheet)).toEqual(['xde-stuerze.lintels.blocks:QUESTIONNAIRE.Errors.WrongType']);
    expect(keysOf({ 'xde-general': 'text' })[0]).toBe('xde-general:QUESTIONNAIRE.Errors.WrongType');
  });
});

describe('questionnaireValidity', () => {
  it('counts only active sheets', () => {
    const sheets = [generalSheet, elementSheet, lintelSheet];
    expect(questionnaireValidity(sheets, complete)).toEqual({ isValid: true, sheets: { 'xde-general': true, 'xde-planelemente': true, 'xde-stuerze': true } });
    const missingCount = { ...complete, 'xde-stuerze': { lintels: {} } };
    expect(questionnaireValidity(sheets, missingCount)).toEqual({ isValid: false, sheets: { 'xde-general': true, 'xde-planelemente': true, 'xde-stuerze': false } });
    expect(questionnaireValidity(sheets, {}).sheets).toEqual({ 'xde-general': false, 'xde-planelemente': true, 'xde-stuerze': true });
  });
});

describe('localizeSheet', () => {
  it('replaces texts per language, falls back to English and drops the translations', () => {
    const german = localizeSheet(generalSheet, 'de');
    expect(german.title).toBe('Allgemein');
    expect(german.properties.materials.title).toBe('Materialien');
    expect(german.properties.materials['x-note']).toBe('Choose at least one.');
    expect(german.properties.project.properties!.buildingType.oneOf!.map((option) => option.title)).toEqual(['Wohnungsbau', 'Office']);
    expect(JSON.stringify(german)).not.toContain('x-i18n');
    expect(localizeSheet(generalSheet, 'nl').properties.materials['x-note']).toBe('Kies er minstens één.');
    expect(localizeSheet(generalSheet, 'en').title).toBe('General');
    expect(generalSheet['x-i18n']).toBeDefined();
  });
});

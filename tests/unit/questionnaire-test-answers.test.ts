import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shippedSheets } from '../../server/lib/questionnaire-sheets';
import { testAnswerProblems, testAnswerSetsRefusal, withTestAnswerSet, QUESTIONNAIRE_MESSAGE, type SheetSchema } from '../../src/domain/questionnaire';

const general = JSON.parse(readFileSync('schemas/questionnaire/sheets/xde-general/v1.schema.json', 'utf8')) as SheetSchema;

describe('test answer sets (#34)', () => {
  it('adds a set by name and replaces one of the same name (case and spaces aside)', () => {
    const one = withTestAnswerSet([], ' Crane ', { a: {} });
    expect(one).toEqual([{ name: 'Crane', answers: { a: {} } }]);
    expect(withTestAnswerSet(one, 'crane', { b: {} })).toEqual([{ name: 'crane', answers: { b: {} } }]);
    expect(withTestAnswerSet(one, 'Other', {})).toHaveLength(2);
  });

  it('refuses two sets of one name, a set without a name and more than 20 sets', () => {
    expect(testAnswerSetsRefusal([{ name: 'A', answers: {} }, { name: 'a', answers: {} }])).toMatchObject({ key: 'SHEET_BUILDER.TestAnswers.NameTaken', index: 1 });
    expect(testAnswerSetsRefusal([{ name: ' ', answers: {} }])).toMatchObject({ key: 'SHEET_BUILDER.TestAnswers.NameMissing', index: 0 });
    expect(testAnswerSetsRefusal(Array.from({ length: 21 }, (_, index) => ({ name: `S${index}`, answers: {} })))).toMatchObject({ key: 'SHEET_BUILDER.TestAnswers.TooMany' });
    expect(testAnswerSetsRefusal([{ name: 'A', answers: {} }])).toBeNull();
  });

  it('checks a set against the draft: a value over a new maximum and an answer of a removed control show', () => {
    const answers = { 'xde-general': { project: { storeys: 5 } } };
    const before = testAnswerProblems(general, { name: 'x', answers }).filter((problem) => problem.path.join('.') === 'xde-general.project.storeys');
    expect(before).toEqual([]);
    const lowered = structuredClone(general);
    lowered.properties.project.properties!.storeys.maximum = 3;
    expect(testAnswerProblems(lowered, { name: 'x', answers }).map((problem) => [problem.path.join('.'), problem.key])).toContainEqual(['xde-general.project.storeys', QUESTIONNAIRE_MESSAGE.maximum]);
    const removed = structuredClone(general);
    delete removed.properties.project.properties!.storeys;
    expect(testAnswerProblems(removed, { name: 'x', answers }).map((problem) => [problem.path.join('.'), problem.key])).toContainEqual(['xde-general.project.storeys', QUESTIONNAIRE_MESSAGE.unknownField]);
  });

  it('ships test answer sets that fit their sheets (a new draft of a shipped sheet starts with them)', () => {
    const shipped = shippedSheets().filter((sheet) => sheet.testAnswers.length);
    expect(shipped.map((sheet) => sheet.name)).toContain('xde-general');
    for (const sheet of shipped) for (const set of sheet.testAnswers) expect(testAnswerProblems(sheet.schema, set), `${sheet.name}: ${set.name}`).toEqual([]);
  });
});

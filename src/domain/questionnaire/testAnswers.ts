import { sheetProblems } from './problems';
import type { QuestionnaireAnswers, SheetProblem, SheetSchema } from './types';

/**
 * Named test answer sets of a draft sheet (issue #34): answers a configurer keeps with the draft (e.g. "crane on
 * site", "restricted access") and that the builder checks again after every edit, so that a change which would turn
 * a known-good filling invalid shows at once. They are saved with the draft and carried into its next version.
 */
export interface TestAnswerSet {
  name: string;
  answers: QuestionnaireAnswers;
}

export const TEST_ANSWER_LIMITS = {
  /** Sets per draft. */
  sets: 20,
  /** Characters of a set's name. */
  name: 80,
} as const;

export const TEST_ANSWER_MESSAGE = {
  tooMany: 'SHEET_BUILDER.TestAnswers.TooMany',
  nameTaken: 'SHEET_BUILDER.TestAnswers.NameTaken',
  nameMissing: 'SHEET_BUILDER.TestAnswers.NameMissing',
} as const;

/** Why a list of sets cannot be saved (a translation key and where), or null. */
export function testAnswerSetsRefusal(sets: readonly TestAnswerSet[]): { key: string; index?: number; params?: Record<string, string | number> } | null {
  if (sets.length > TEST_ANSWER_LIMITS.sets) return { key: TEST_ANSWER_MESSAGE.tooMany, params: { max: TEST_ANSWER_LIMITS.sets } };
  const seen = new Set<string>();
  for (const [index, set] of sets.entries()) {
    const name = set.name.trim();
    if (!name) return { key: TEST_ANSWER_MESSAGE.nameMissing, index };
    if (seen.has(name.toLowerCase())) return { key: TEST_ANSWER_MESSAGE.nameTaken, index, params: { name } };
    seen.add(name.toLowerCase());
  }
  return null;
}

/** A set with its name trimmed and bounded, or the set list with one set added or replaced by name. */
export function withTestAnswerSet(sets: readonly TestAnswerSet[], name: string, answers: QuestionnaireAnswers): TestAnswerSet[] {
  const trimmed = name.trim().slice(0, TEST_ANSWER_LIMITS.name);
  const index = sets.findIndex((set) => set.name.toLowerCase() === trimmed.toLowerCase());
  if (index < 0) return [...sets, { name: trimmed, answers }];
  return sets.map((set, at) => (at === index ? { name: trimmed, answers } : set));
}

/**
 * A set checked against the draft: the problems its answers have with this sheet (values that no longer pass a
 * rule, answers of controls that are gone, required answers now missing). Conditions read the whole set, so
 * answers of the other sheets of the set switch controls on and off as they would for a customer.
 */
export function testAnswerProblems(schema: SheetSchema, set: TestAnswerSet): SheetProblem[] {
  return sheetProblems(schema, set.answers);
}

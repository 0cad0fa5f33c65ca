import { DEFINITION_MESSAGE } from './definition';
import { cycleProblems, incomingReferenceProblems, REFERENCE_MESSAGE } from './references';
import type { SheetProblem, SheetSchema } from './types';
import { UI_SCHEMA_MESSAGE, uiSchemaProblems } from './uiSchema';

/** A problem of a sheet definition with the document it sits in (the uiSchema's are separate documents). */
export interface SetProblem extends SheetProblem {
  document: 'schema' | 'uiSchema';
  /** For a condition of another sheet that no longer resolves: that sheet. */
  sheet?: string;
}

/**
 * The rules over a sheet and the rest of its set that `sheetDefinitionProblems` does not cover (issue #34): cycles
 * among conditions, other sheets' conditions naming controls this version does not have, and the uiSchema. Run on a
 * document the meta-schema accepted; the builder runs it on every edit, the API when saving and publishing.
 */
export function sheetSetProblems(schema: SheetSchema, uiSchema: unknown, otherSheets: readonly SheetSchema[]): SetProblem[] {
  return [
    ...cycleProblems(schema, otherSheets).map((problem) => ({ ...problem, document: 'schema' as const })),
    ...incomingReferenceProblems(schema, otherSheets).map((problem) => ({ ...problem, path: [], document: 'schema' as const })),
    ...uiSchemaProblems(schema, uiSchema).map((problem) => ({ ...problem, document: 'uiSchema' as const })),
  ];
}

const SAVE_BLOCKING = new Set<string>([
  DEFINITION_MESSAGE.unknownPath,
  DEFINITION_MESSAGE.selfReference,
  DEFINITION_MESSAGE.selfActivation,
  REFERENCE_MESSAGE.cycle,
  REFERENCE_MESSAGE.brokenIncoming,
  ...Object.values(UI_SCHEMA_MESSAGE),
]);

/**
 * Whether a problem keeps a draft from being saved (422): a dangling reference, a cycle, another sheet's condition
 * broken, an invalid uiSchema. Other rules (limits, defaults, groups …) may stay in a draft until it is published.
 */
export const blocksSaving = (key: string) => SAVE_BLOCKING.has(key);

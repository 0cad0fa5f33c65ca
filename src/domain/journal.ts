import { z } from 'zod';
import type { UnitContext, UnitType } from './projectUnits';
import { MESSAGE } from './validation';

/** The journal (history) of a project: spec project-hierarchy §2 "Journal (history)", §3 "Journal entry". */
export { JOURNAL_RESOURCE } from './resources';
export const JOURNAL_FEATURE = 'HasJournal';
export const JOURNAL_PAGE_SIZES = [10, 20, 50] as const;
export const JOURNAL_DEFAULT_PAGE_SIZE = 20;
export const JOURNAL_FILTER_DEBOUNCE_MS = 300;
/** The unit types the filter offers (spec: a multi-select of approvallot, project, subproject). */
export const JOURNAL_UNIT_TYPES = ['approvallot', 'project', 'subproject'] as const satisfies readonly UnitType[];
export type JournalUnitType = (typeof JOURNAL_UNIT_TYPES)[number];

/** Names the API puts in `userName` when there is no person to name. */
export const JOURNAL_SCHEDULER_KEY = 'JOURNAL.Scheduler';

/** Only the provider's staff see the journal, and only of projects with the HasJournal feature. */
export function canSeeJournal(context: Pick<UnitContext, 'isInternal'> & { features: readonly string[] }): boolean {
  return context.isInternal && context.features.includes(JOURNAL_FEATURE);
}

/** home/app/project/details/{root}/{unit}/journal (the root's own journal names the root twice). */
export function journalPath(rootId: number, unitId: number): string {
  return `/home/app/project/details/${rootId}/${unitId}/journal`;
}

const id = z.number({ error: MESSAGE.required }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue);
const text = (max: number) => z.string({ error: MESSAGE.invalidType }).max(max, MESSAGE.tooLong);

/**
 * The list filter (the `filter` query parameter): the root is required, everything else narrows.
 * `projectUnitID` means that unit and every unit below it.
 */
export const journalFilterSchema = z.strictObject({
  rootProjectUnitID: id,
  projectUnitID: id.optional(),
  unitName: text(200).optional(),
  number: text(100).optional(),
  unitTypes: z.array(z.enum(JOURNAL_UNIT_TYPES, { error: MESSAGE.invalidValue }), { error: MESSAGE.invalidType }).max(JOURNAL_UNIT_TYPES.length, MESSAGE.invalidValue).optional(),
  user: text(200).optional(),
});
export type JournalFilter = z.infer<typeof journalFilterSchema>;

/** What a journal entry says: `contentJson` of the spec's journal entry. */
export interface JournalContent {
  oldState: string;
  newState: string;
  additionalMessage: string;
}

export const EMPTY_JOURNAL_CONTENT: JournalContent = { oldState: '', newState: '', additionalMessage: '' };

/** A row of the journal table (`GET api/data/planxchange/project-unit-journal`). */
export interface JournalRecord {
  id: number;
  projectUnitsJournalID: number;
  projectUnitID: number;
  projectUnitName: string;
  projectUnitNo: string;
  projectUnitType: UnitType;
  date: string;
  userEmail: string;
  userLogin: string;
  userName: string;
  /** JSON text of {@link JournalContent}. */
  contentJson: string;
  delayed: boolean;
  /** The escalation rule that made the entry delayed. */
  reminderID: string | null;
  /** The rule's text in the reader's language; empty unless delayed. */
  delayReason: string;
}

export function journalContentJson(content: JournalContent): string {
  return JSON.stringify(content);
}

/** Spec §8: content that does not parse is ignored (an empty value); missing or non-text fields are empty. */
export function parseJournalContent(json: string | null | undefined): JournalContent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    return { ...EMPTY_JOURNAL_CONTENT };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ...EMPTY_JOURNAL_CONTENT };
  const value = (key: keyof JournalContent) => {
    const field = (parsed as Record<string, unknown>)[key];
    return typeof field === 'string' ? field : '';
  };
  return { oldState: value('oldState'), newState: value('newState'), additionalMessage: value('additionalMessage') };
}

/** The states a row shows: both for a change, one when the unit stayed (a delayed entry) or had none before. */
export function stateChange(content: JournalContent): string[] {
  if (!content.oldState || content.oldState === content.newState) return content.newState ? [content.newState] : [];
  return content.newState ? [content.oldState, content.newState] : [content.oldState];
}

import type { TestAnswerSet } from '../../domain/questionnaire';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';
/** Paths within the app: links prefix them with react-admin's basename (`useBasename`). */
export const SHEETS_LIST_PATH = `/${QUESTIONNAIRE_SHEETS_RESOURCE}`;
/** The editor checks the text this long after the last keystroke. */
export const VALIDATE_DEBOUNCE_MS = 300;

export type SheetStatus = 'draft' | 'published';

/** A row of the sheet list (`GET questionnaire-sheets`). */
export interface SheetRow {
  id: number;
  name: string;
  version: number;
  status: SheetStatus;
  title: string;
  /** The title in other languages (the schema's `x-i18n`); English is `title`. */
  titles?: Record<string, string>;
  createdAt: string;
  publishedAt: string | null;
  /** How many roots' saved answers use this version. */
  usedBy: number;
  latest: boolean;
}

/** One version with its documents (`GET questionnaire-sheets/{id}`). */
export interface SheetRecord extends SheetRow {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  /** Named test answer sets kept with the version (the builder re-checks them after every edit). */
  testAnswers?: TestAnswerSet[];
}

export type { MetaProblem } from '../../providers/methods/sheets';

export function sheetDiffPath(name: string, a?: number, b?: number): string {
  const query = new URLSearchParams({ name });
  if (a !== undefined) query.set('a', String(a));
  if (b !== undefined) query.set('b', String(b));
  return `${SHEETS_LIST_PATH}/diff?${query}`;
}

import { isPlainObject, type QuestionnaireAnswers } from '../../../domain/questionnaire';
import { compactValue } from '../../../forms/questionnaire/compactValue';

/** The working copy as this browser keeps it (key `questionnaire-{root}`): the answers and the server version they build on. */
export interface StoredAnswers {
  data: QuestionnaireAnswers;
  /** The server's version when editing began: a copy made on an older version is not restored. */
  baseVersion: number;
  savedAt: string;
}

export const questionnaireStorageKey = (rootId: number) => `questionnaire-${rootId}`;

export function readStoredAnswers(rootId: number): StoredAnswers | null {
  try {
    const raw = window.localStorage.getItem(questionnaireStorageKey(rootId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredAnswers>;
    const valid = isPlainObject(stored.data) && typeof stored.baseVersion === 'number' && typeof stored.savedAt === 'string' && !Number.isNaN(Date.parse(stored.savedAt));
    return valid ? (stored as StoredAnswers) : null;
  } catch {
    return null;
  }
}

export function writeStoredAnswers(rootId: number, data: QuestionnaireAnswers, baseVersion: number, now: Date = new Date()): void {
  try {
    window.localStorage.setItem(questionnaireStorageKey(rootId), JSON.stringify({ data, baseVersion, savedAt: now.toISOString() } satisfies StoredAnswers));
  } catch {
    // Storage full or disabled: the answers still live in the page and can be saved on the server.
  }
}

export function clearStoredAnswers(rootId: number): void {
  try {
    window.localStorage.removeItem(questionnaireStorageKey(rootId));
  } catch {
    // Nothing stored that could be removed.
  }
}

/** The answers without undefined values and empty sections, keys sorted (see compactValue). */
export const compactAnswers = compactValue;

/** Same answers, however their keys are ordered and whether empty sections are present. */
export function sameAnswers(first: QuestionnaireAnswers, second: QuestionnaireAnswers): boolean {
  return JSON.stringify(compactAnswers(first)) === JSON.stringify(compactAnswers(second));
}

/**
 * The answers the page opens with: this browser's copy when it builds on the server's current version and differs
 * from it (restored, with a notice), otherwise the server's (a copy on an older version is dropped).
 */
export function chooseAnswers(server: { data: QuestionnaireAnswers; version: number }, stored: StoredAnswers | null): { data: QuestionnaireAnswers; restored: StoredAnswers | null } {
  if (!stored || stored.baseVersion !== server.version || sameAnswers(stored.data, server.data)) return { data: server.data, restored: null };
  return { data: stored.data, restored: stored };
}

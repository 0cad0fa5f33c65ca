import { createContext, useContext } from 'react';
import { preliminaryDaysInputError, type PreliminaryDaysRecord } from '../../domain/preliminaryDays';

/** The typed text per row id; a row is dirty while its text differs from the saved value. */
export type Edits = Record<number, string>;

export interface RowState {
  text: string;
  dirty: boolean;
  error?: string;
}

export function rowState(record: PreliminaryDaysRecord, edits: Edits): RowState {
  const text = edits[record.id] ?? String(record.preliminaryDays);
  const error = preliminaryDaysInputError(text);
  const dirty = record.id in edits && (error !== undefined || Number(text) !== record.preliminaryDays);
  return { text, dirty, error };
}

/** The list's edits, shared by its rows (highlight), its inputs and its Save button. */
export interface PreliminaryEdits {
  edits: Edits;
  change: (id: number, text: string) => void;
  saving: boolean;
}

export const PreliminaryEditsContext = createContext<PreliminaryEdits>({ edits: {}, change: () => undefined, saving: false });
export const usePreliminaryEdits = () => useContext(PreliminaryEditsContext);

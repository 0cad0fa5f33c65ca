import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { QUESTIONNAIRE_AUTOSAVE_MS, resetDisabledAll, type QuestionnaireAnswers } from '../../../domain/questionnaire';
import { withActiveSheetDefaults } from '../../../forms/questionnaire/sheetDefaults';
import type { QuestionnairePageData } from './questionnaireQueries';
import { chooseAnswers, clearStoredAnswers, readStoredAnswers, sameAnswers, writeStoredAnswers, type StoredAnswers } from './questionnaireStorage';

interface AnswersState {
  answers: QuestionnaireAnswers;
  /** The answers as the server has them: the page has unsaved changes while its answers differ. */
  baseline: QuestionnaireAnswers;
  version: number;
  updatedAt: string | null;
  restored: StoredAnswers | null;
}

/**
 * The page's working copy of the answers: opened from this browser's copy when it builds on the server's version
 * (restored), written to local storage 300 ms after each change (editable pages only), re-based after a save.
 */
export function useQuestionnaireAnswers(data: QuestionnairePageData, editable: boolean) {
  const rootId = data.rootProjectUnitID;
  const [state, setState] = useState<AnswersState>(() => {
    const { data: chosen, restored } = chooseAnswers(data, editable ? readStoredAnswers(rootId) : null);
    if (editable && !restored) clearStoredAnswers(rootId);
    // Defaults as the form shows them: opening the page is no change, and what is shown is what gets saved.
    const answers = withActiveSheetDefaults(data.sheets, chosen, false);
    const baseline = withActiveSheetDefaults(data.sheets, data.data, false);
    return { answers, baseline, version: data.version, updatedAt: data.updatedAt, restored };
  });
  const changedByUser = useRef(false);
  const autosave = useRef<number | undefined>(undefined);
  /** Drops the autosave still waiting: after a save or a discard it would write back the copy just cleared. */
  const cancelAutosave = useCallback(() => window.clearTimeout(autosave.current), []);

  useEffect(() => {
    if (!changedByUser.current || !editable) return;
    autosave.current = window.setTimeout(() => {
      if (sameAnswers(state.answers, state.baseline)) clearStoredAnswers(rootId);
      else writeStoredAnswers(rootId, state.answers, state.version);
    }, QUESTIONNAIRE_AUTOSAVE_MS);
    return () => window.clearTimeout(autosave.current);
  }, [rootId, editable, state.answers, state.baseline, state.version]);

  const change = useCallback(
    (next: QuestionnaireAnswers) => {
      changedByUser.current = true;
      setState((current) => ({ ...current, answers: resetDisabledAll(data.sheets, withActiveSheetDefaults(data.sheets, next, true)) }));
    },
    [data.sheets],
  );

  /** After a save: the server's answers become the baseline (and the page's, unless the user typed meanwhile). */
  const markSaved = useCallback(
    (saved: QuestionnairePageData, sent: QuestionnaireAnswers) => {
      // The timer of the last change may be due before React renders this state (it would write the old answers).
      cancelAutosave();
      clearStoredAnswers(rootId);
      const savedAnswers = withActiveSheetDefaults(data.sheets, saved.data, false);
      setState((current) => ({
        answers: current.answers === sent ? savedAnswers : current.answers,
        baseline: savedAnswers,
        version: saved.version,
        updatedAt: saved.updatedAt,
        restored: null,
      }));
    },
    [rootId, data.sheets, cancelAutosave],
  );

  const changed = useMemo(() => !sameAnswers(state.answers, state.baseline), [state.answers, state.baseline]);
  return { ...state, changed, change, markSaved, cancelAutosave, dismissRestored: () => setState((current) => ({ ...current, restored: null })) };
}

export type QuestionnaireAnswersState = ReturnType<typeof useQuestionnaireAnswers>;

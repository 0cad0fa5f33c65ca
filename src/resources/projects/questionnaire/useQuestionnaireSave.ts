import { useState } from 'react';
import { useNotify } from 'react-admin';
import { QUESTIONNAIRE_MESSAGE } from '../../../domain/questionnaire';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { failure, type QuestionnairePageData } from './questionnaireQueries';
import { clearStoredAnswers } from './questionnaireStorage';
import type { QuestionnaireAnswersState } from './useQuestionnaireAnswers';

interface SaveHandlers {
  /** The server refused for too few active sheets (422): the page shows its hint. */
  onTooFewSheets: () => void;
  /** The server says the sheet is read-only for the caller (403). */
  onReadOnly: (message: string) => void;
  /** Someone saved in between (409): the page loads the server's answers again. */
  onReload: () => void;
}

/**
 * Sends the working copy (PUT with the version it builds on) and handles the answers: saved (complete or not),
 * refused for too few sheets, read-only, or a conflict with someone else's save.
 */
export function useQuestionnaireSave(data: QuestionnairePageData, answersState: QuestionnaireAnswersState, handlers: SaveHandlers) {
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const [saving, setSaving] = useState(false);
  const rootId = data.rootProjectUnitID;

  const save = async (): Promise<boolean> => {
    if (saving) return false;
    setSaving(true);
    const sent = answersState.answers;
    try {
      const saved = await dataProvider.saveQuestionnaire(rootId, sent, answersState.version);
      answersState.markSaved(saved, sent);
      notify(saved.isValid ? 'QUESTIONNAIRE.Page.Saved' : 'QUESTIONNAIRE.Page.SavedIncomplete', { type: saved.isValid ? 'success' : 'warning' });
      return true;
    } catch (error) {
      const { status, text, key } = failure(error);
      if (status === 422 && key === QUESTIONNAIRE_MESSAGE.tooFewSheets) handlers.onTooFewSheets();
      else if (status === 403) handlers.onReadOnly(text ?? '');
      else if (status === 409) {
        notify(text ?? 'QUESTIONNAIRE.Errors.Conflict', { type: 'error', autoHideDuration: 8000 });
        clearStoredAnswers(rootId);
        handlers.onReload();
      } else notify(text ?? 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}

import { useCallback } from 'react';
import { useNotify, type HttpError } from 'react-admin';
import { messagesText } from './http';

/** 409: someone else changed or deleted the record meanwhile; nothing was overwritten, the data must be read again. */
export const isConflict = (error: unknown) => (error as HttpError)?.status === 409;

/**
 * The conflict pattern of every editing screen (first the order tables'): on a 409 the server's message is shown
 * and the data is read again, so the user sees the other change and enters theirs anew. Answers whether the error
 * was a conflict (then the caller drops its edit: reverts the row, closes the dialog).
 */
export function useConflictHandler() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, reload: () => unknown): boolean => {
      if (!isConflict(error)) return false;
      notify(messagesText((error as HttpError).body) ?? 'ERRORMESSAGES.ChangedMeanwhile', { type: 'error', multiLine: true });
      void reload();
      return true;
    },
    [notify],
  );
}

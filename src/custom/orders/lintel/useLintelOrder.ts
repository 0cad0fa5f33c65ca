import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNotify } from 'react-admin';
import type { LintelOrderItem } from '../../../domain/orders';
import { draftsReducer, hasUnsavedRows, type DraftAction } from '../orderRows';
import { createOrderItem, deleteOrderItem, fieldMessages, isConflict, orderErrorText, updateOrderItem, useOrder, type LintelOrderData } from '../ordersApi';
import { LINTEL_COLUMNS, lintelDraftRules, lintelInput, lintelValueProblems, liveLintelSummary, type LintelDraft, type LintelField, type LintelRowValues } from './lintelRows';

/**
 * The lintel order screen's state: the loaded order, the rows being edited (the shared reducer: one new object
 * per changed row), the live summary, saving and deleting. A 409 (someone else changed or deleted the row) or
 * a 403 (the task is gone) shows the server's message and reloads the table; nothing is overwritten.
 */
export function useLintelOrder(lotId: number) {
  const notify = useNotify();
  const order = useOrder<LintelOrderData>(lotId);
  const { data, reload } = order;
  const products = useMemo(() => data?.products ?? [], [data?.products]);
  const editable = !!data?.editable;
  const reducer = useMemo(() => draftsReducer(lintelDraftRules(editable)), [editable]);
  const [drafts, dispatch] = useReducer((state: LintelDraft[], action: DraftAction<LintelOrderItem, LintelRowValues>) => reducer(state, action), []);
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);

  useEffect(() => {
    if (data) dispatch({ type: 'load', items: data.items });
  }, [data, reducer]);

  const summary = useMemo(() => liveLintelSummary(drafts, products), [drafts, products]);
  const unsaved = useMemo(() => hasUnsavedRows(drafts), [drafts]);

  /** An edit of one row; `fields` are the cells it changes (their server messages are cleared). */
  const change = useCallback((key: string, patch: Partial<LintelRowValues>, fields: LintelField[]) => dispatch({ type: 'change', key, patch, fields }), []);
  const revert = useCallback((key: string) => dispatch({ type: 'revert', key }), []);

  const failed = useCallback(
    (key: string, error: unknown) => {
      const status = (error as { status?: number })?.status;
      if (isConflict(error) || status === 403 || status === 404) {
        notify(orderErrorText(error), { type: 'error', multiLine: true });
        dispatch({ type: 'revert', key });
        void reload();
        return;
      }
      const fields = fieldMessages(error);
      const general = Object.entries(fields).filter(([field]) => !(field in LINTEL_COLUMNS));
      if (general.length) notify(general.map(([, text]) => text).join('\n'), { type: 'error', multiLine: true });
      dispatch({ type: 'showErrors', key, serverErrors: fields });
    },
    [notify, reload],
  );

  /** Saves a dirty row when valid (answers whether it was saved); an invalid row shows all its problems. */
  const save = useCallback(
    async (key: string) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft || !draft.dirty || draft.saving) return false;
      if (lintelValueProblems(draft.values, products).length) {
        dispatch({ type: 'showErrors', key });
        return false;
      }
      dispatch({ type: 'saving', key, saving: true });
      const input = lintelInput(draft.values);
      try {
        const item = draft.item
          ? await updateOrderItem<LintelOrderItem>(lotId, draft.item.id, { ...input, version: draft.item.version })
          : await createOrderItem<LintelOrderItem>(lotId, input);
        dispatch({ type: 'saved', key, item });
        void reload();
        return true;
      } catch (error) {
        failed(key, error);
        return false;
      }
    },
    [failed, lotId, products, reload],
  );

  const remove = useCallback(
    async (key: string) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft?.item || draft.dirty || draft.saving) return;
      dispatch({ type: 'saving', key, saving: true });
      try {
        await deleteOrderItem(lotId, draft.item.id, draft.item.version);
        dispatch({ type: 'deleted', key });
        notify('ORDERS.Deleted', { type: 'info', messageArgs: { pos: draft.item.itemIndex } });
        void reload();
      } catch (error) {
        failed(key, error);
      }
    },
    [failed, lotId, notify, reload],
  );

  return { ...order, products, editable, drafts, summary, unsaved, change, revert, save, remove };
}

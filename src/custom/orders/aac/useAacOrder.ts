import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNotify } from 'react-admin';
import type { AacProduct } from '../../../domain/catalogue';
import type { AacOrderItem } from '../../../domain/orders';
import { draftsReducer, hasUnsavedRows, type DraftAction } from '../orderRows';
import { createOrderItem, deleteOrderItem, fieldMessages, isConflict, orderErrorText, updateOrderItem, useOrder, type AacOrderData } from '../ordersApi';
import { aacDraftRules, aacInput, aacValueProblems, liveAacSummary, type AacDraft, type AacRowValues } from './aacRows';

/**
 * The AAC order screen's state: the loaded order, the rows being edited (one reducer, one new object per
 * changed row), the live summary, and saving / deleting with conflict handling (409: message and reload).
 */
export function useAacOrder(lotId: number) {
  const notify = useNotify();
  const order = useOrder<AacOrderData>(lotId);
  const { data, reload } = order;
  // The catalogue comes with every reload: the same content stays the same array, so the memoised rows do
  // not all render again after each save.
  const catalogue = JSON.stringify(data?.products ?? []);
  const products = useMemo(() => JSON.parse(catalogue) as AacProduct[], [catalogue]);
  const editable = !!data?.editable;
  const rules = useMemo(() => aacDraftRules(products, editable), [products, editable]);
  const reducer = useMemo(() => draftsReducer(rules), [rules]);
  const [drafts, dispatch] = useReducer((state: AacDraft[], action: DraftAction<AacOrderItem, AacRowValues>) => reducer(state, action), []);
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);

  useEffect(() => {
    if (data) dispatch({ type: 'load', items: data.items });
  }, [data, rules]);

  const summary = useMemo(() => liveAacSummary(drafts, products), [drafts, products]);
  const unsaved = useMemo(() => hasUnsavedRows(drafts), [drafts]);

  const change = useCallback((key: string, patch: Partial<AacRowValues>, field: string) => dispatch({ type: 'change', key, patch, fields: [field] }), []);
  const revert = useCallback((key: string) => dispatch({ type: 'revert', key }), []);

  const failed = useCallback(
    (key: string, error: unknown) => {
      if (isConflict(error)) {
        // Someone else changed or deleted the row: nothing was overwritten; show their state.
        notify(orderErrorText(error), { type: 'error', multiLine: true });
        dispatch({ type: 'revert', key });
        void reload();
        return;
      }
      // 403: the PlaceOrder task is gone meanwhile; the reload shows the table read-only.
      if ((error as { status?: number })?.status === 403) void reload();
      const fields = fieldMessages(error);
      const general = Object.entries(fields).filter(([field]) => !['sublotName', 'floorName', 'productNo', 'itemLength', 'qty'].includes(field));
      if (general.length) notify(general.map(([, text]) => text).join('\n'), { type: 'error', multiLine: true });
      dispatch({ type: 'showErrors', key, serverErrors: fields });
    },
    [notify, reload],
  );

  /** Saves a dirty, valid row; answers whether it was saved. Invalid rows show all their problems. */
  const save = useCallback(
    async (key: string) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft || !draft.dirty || draft.saving) return false;
      if (aacValueProblems(draft.values, products).length) {
        dispatch({ type: 'showErrors', key });
        return false;
      }
      dispatch({ type: 'saving', key, saving: true });
      const input = aacInput(draft.values);
      try {
        const item = draft.item
          ? await updateOrderItem<AacOrderItem>(lotId, draft.item.id, { ...input, version: draft.item.version })
          : await createOrderItem<AacOrderItem>(lotId, input);
        dispatch({ type: 'saved', key, item });
        // A new row says it was saved by the fresh row that follows; a changed one gets a message.
        if (draft.item) notify('ORDERS.Saved', { type: 'info', messageArgs: { pos: item.itemIndex } });
        void reload();
        return true;
      } catch (error) {
        failed(key, error);
        return false;
      }
    },
    [failed, lotId, notify, products, reload],
  );

  const remove = useCallback(
    async (key: string) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft?.item || draft.dirty || draft.saving) return false;
      dispatch({ type: 'saving', key, saving: true });
      try {
        await deleteOrderItem(lotId, draft.item.id, draft.item.version);
        dispatch({ type: 'deleted', key });
        notify('ORDERS.Deleted', { type: 'info', messageArgs: { pos: draft.item.itemIndex } });
        void reload();
        return true;
      } catch (error) {
        failed(key, error);
        return false;
      }
    },
    [failed, lotId, notify, reload],
  );

  return { ...order, products, editable, drafts, summary, unsaved, change, revert, save, remove };
}

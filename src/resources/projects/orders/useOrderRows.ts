import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNotify } from 'react-admin';
import type { OrderProblem } from '../../../domain/orders';
import { draftsReducer, hasUnsavedRows, type DraftAction, type DraftRules, type OrderDraft } from './orderRows';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { fieldMessages, orderErrorText, useOrder, type AacOrderData, type LintelOrderData, type OrderItemInput } from './orderQueries';
import { useConflictHandler } from '../../../providers/conflict';
import { useLastChange } from '../../../layout/live/useLastChange';

interface Saved {
  id: number;
  version: number;
  itemIndex: number;
}

/** What differs between the AAC and the lintel table: how rows are made, checked, sent and summed up. */
export interface OrderRowsKind<Item extends Saved, Product, Values extends { itemIndex: number }, Summary> {
  rules: (products: Product[], editable: boolean) => DraftRules<Item, Values>;
  problems: (values: Values, products: Product[]) => OrderProblem[];
  input: (values: Values) => OrderItemInput;
  summary: (drafts: OrderDraft<Item, Values>[], products: Product[]) => Summary;
  /** The row's fields: server messages for other fields are shown as a toast. */
  fields: readonly string[];
}

/**
 * An order screen's state, for either kind: the loaded order, the rows being edited (one reducer, one new
 * object per changed row), the live summary, saving and deleting. A 409 (someone else changed or deleted the
 * row), 403 (the task is gone) or 404 shows the server's message and reloads; nothing is overwritten.
 */
export function useOrderRows<Data extends AacOrderData | LintelOrderData, Item extends Saved, Product, Values extends { itemIndex: number }, Summary>(lotId: number, kind: OrderRowsKind<Item, Product, Values, Summary>) {
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const handleConflict = useConflictHandler();
  const order = useOrder<Data>(lotId);
  const { data, reload } = order;
  // The catalogue comes with every reload: the same content stays the same array, so memoised rows do not
  // all render again after each save.
  const catalogue = JSON.stringify(data?.products ?? []);
  const products = useMemo(() => JSON.parse(catalogue) as Product[], [catalogue]);
  const editable = !!data?.editable;
  const { rules: makeRules, problems: rowProblems, input: toInput, summary: liveSummary, fields } = kind;
  const rules = useMemo(() => makeRules(products, editable), [makeRules, products, editable]);
  const reducer = useMemo(() => draftsReducer(rules), [rules]);
  const [drafts, dispatch] = useReducer((state: OrderDraft<Item, Values>[], action: DraftAction<Item, Values>) => reducer(state, action), []);
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);

  useEffect(() => {
    if (data) dispatch({ type: 'load', items: data.items as unknown as Item[] });
  }, [data, rules]);

  // Live: someone else saved or deleted rows of this lot. The table is read again (edits here stay, marked where
  // theirs changed the same row: orderRows.ts), but not while a row is being saved: that save reads it afterwards.
  useEffect(() => {
    const topic = `resource/orders/${lotId}`;
    const onChange = () => {
      if (!draftsRef.current.some((draft) => draft.saving)) void reload();
    };
    void dataProvider.subscribe(topic, onChange);
    return () => void dataProvider.unsubscribe(topic, onChange);
  }, [dataProvider, lotId, reload]);

  const summary = useMemo(() => liveSummary(drafts, products), [liveSummary, drafts, products]);
  const unsaved = useMemo(() => hasUnsavedRows(drafts), [drafts]);

  /** An edit of one row; `changed` are the cells it changes (their server messages are cleared). */
  const change = useCallback((key: string, patch: Partial<Values>, changed: string[]) => dispatch({ type: 'change', key, patch, fields: changed }), []);
  const revert = useCallback((key: string) => dispatch({ type: 'revert', key }), []);

  const failed = useCallback(
    (key: string, error: unknown) => {
      const status = (error as { status?: number })?.status;
      if (handleConflict(error, reload)) {
        dispatch({ type: 'revert', key });
        return;
      }
      if (status === 403 || status === 404) {
        notify(orderErrorText(error), { type: 'error', multiLine: true });
        dispatch({ type: 'revert', key });
        void reload();
        return;
      }
      const messages = fieldMessages(error);
      const general = Object.entries(messages).filter(([field]) => !fields.includes(field));
      if (general.length) notify(general.map(([, text]) => text).join('\n'), { type: 'error', multiLine: true });
      dispatch({ type: 'showErrors', key, serverErrors: messages });
    },
    [fields, handleConflict, notify, reload],
  );

  /**
   * Saves a dirty, valid row; answers whether it was saved. An invalid row shows all its problems. The table is
   * read again afterwards, unless the caller saves more rows and reads it once at the end.
   */
  const saveRow = useCallback(
    async (key: string, reloadAfter: boolean) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft || !draft.dirty || draft.saving) return false;
      if (rowProblems(draft.values, products).length) {
        dispatch({ type: 'showErrors', key });
        return false;
      }
      dispatch({ type: 'saving', key, saving: true });
      const input = toInput(draft.values);
      try {
        const item = draft.item ? await dataProvider.updateOrderItem<Item>(lotId, draft.item.id, { ...input, version: draft.item.version } as OrderItemInput & { version: number }) : await dataProvider.createOrderItem<Item>(lotId, input);
        dispatch({ type: 'saved', key, item });
        // A new row says it was saved by the fresh row that follows; a changed one gets a message.
        if (draft.item) notify('ORDERS.Saved', { type: 'info', messageArgs: { pos: item.itemIndex } });
        if (reloadAfter) void reload();
        return true;
      } catch (error) {
        failed(key, error);
        return false;
      }
    },
    [dataProvider, failed, lotId, notify, products, reload, rowProblems, toInput],
  );

  const remove = useCallback(
    async (key: string) => {
      const draft = draftsRef.current.find((candidate) => candidate.key === key);
      if (!draft?.item || draft.dirty || draft.saving) return false;
      dispatch({ type: 'saving', key, saving: true });
      try {
        await dataProvider.deleteOrderItem(lotId, draft.item.id, draft.item.version);
        dispatch({ type: 'deleted', key });
        notify('ORDERS.Deleted', { type: 'info', messageArgs: { pos: draft.item.itemIndex } });
        void reload();
        return true;
      } catch (error) {
        failed(key, error);
        return false;
      }
    },
    [dataProvider, failed, lotId, notify, reload],
  );

  /** Rows proposed from the model enter as new, unsaved rows. */
  const add = useCallback((rows: readonly Values[]) => dispatch({ type: 'add', rows }), []);

  const save = useCallback((key: string) => saveRow(key, true), [saveRow]);

  /**
   * Saves every changed or new row, one after the other with the same call as `save`, and reads the table once
   * at the end (a reload between the saves could answer before the last save and drop its row for a moment).
   */
  const saveAll = useCallback(async () => {
    let saved = 0;
    for (const key of draftsRef.current.filter((draft) => draft.dirty).map((draft) => draft.key)) if (await saveRow(key, false)) saved += 1;
    await reload();
    return saved;
  }, [reload, saveRow]);

  // "Changed by … at …": the last save of someone else on this table while it is open.
  const lastChange = useLastChange(`resource/orders/${lotId}`);

  return { ...order, products, editable, drafts, summary, unsaved, change, revert, save, remove, add, saveAll, lastChange };
}

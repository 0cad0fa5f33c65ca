/**
 * The row model both order tables share (spec §4 order rows): a row is new (not saved yet) or saved, dirty
 * (edited since loaded) or clean. Saved rows keep the item as loaded, so a save sends its version and a reload
 * can tell whether someone else changed it meanwhile.
 */

export type RowStatus = 'new' | 'dirty' | 'clean';

export interface OrderDraft<Item, Values> {
  /** Stable React key: kept when a new row is saved and when the table reloads. */
  key: string;
  /** The item as loaded, null for the new row. */
  item: Item | null;
  values: Values;
  dirty: boolean;
  /** Show every problem of the row (after a save attempt), not only those of filled cells. */
  showErrors: boolean;
  /** The API's messages (already translated) by field name. */
  serverErrors: Record<string, string>;
  saving: boolean;
  /**
   * Someone else changed (the server's item) or deleted the row while this user was editing it (live updates):
   * the edit stays with the version it started from, so saving it is refused (409) rather than overwriting theirs;
   * undo takes their version.
   */
  changedMeanwhile?: Item | 'deleted';
}

interface SavedItem {
  id: number;
  version: number;
}

/** Row values carry their position (Pos). */
interface Positioned {
  itemIndex: number;
}

export function rowStatus(draft: Pick<OrderDraft<unknown, unknown>, 'item' | 'dirty'>): RowStatus {
  return draft.dirty ? 'dirty' : draft.item ? 'clean' : 'new';
}

/** The save check shows when the row is dirty and valid. */
export const showSaveAction = (draft: Pick<OrderDraft<unknown, unknown>, 'dirty'>, valid: boolean) => draft.dirty && valid;

/** The delete action shows when the row is neither dirty nor new. */
export const showDeleteAction = (draft: Pick<OrderDraft<unknown, unknown>, 'item' | 'dirty'>) => !!draft.item && !draft.dirty;

/** Placing the order waits for changed rows and a filled-in new row. */
export const hasUnsavedRows = (drafts: readonly Pick<OrderDraft<unknown, unknown>, 'dirty'>[]) => drafts.some((draft) => draft.dirty);

let newRowCount = 0;
export const newRowKey = () => `new-${++newRowCount}`;

export function cleanDraft<Item, Values>(key: string, item: Item | null, values: Values): OrderDraft<Item, Values> {
  return { key, item, values, dirty: false, showErrors: false, serverErrors: {}, saving: false };
}

export interface DraftRules<Item, Values> {
  /** A saved item's values in the editor. */
  valuesOf: (item: Item) => Values;
  /** The new row at the end, pre-filled from the saved items (null: no new row, the table is read-only). */
  freshValues: (items: readonly Item[]) => Values | null;
}

/**
 * The rows after (re)loading: saved items in the API's order; a row the user is editing keeps its edits — when
 * someone else changed or deleted the item meanwhile it is marked (`changedMeanwhile`) and keeps the version it
 * started from, so its save is refused and nothing of theirs is overwritten; a clean row shows the server's. Filled-in new rows stay (several when rows were proposed from the model); a fresh one,
 * pre-filled from the last item and numbered after them, ends the table unless the user is typing into the last.
 */
export function mergeDrafts<Item extends SavedItem, Values extends Positioned>(previous: readonly OrderDraft<Item, Values>[], items: readonly Item[], rules: DraftRules<Item, Values>): OrderDraft<Item, Values>[] {
  const byId = new Map(previous.filter((draft) => draft.item).map((draft) => [draft.item!.id, draft]));
  const present = new Set(items.map((item) => item.id));
  const drafts = items.map((item) => {
    const known = byId.get(item.id);
    if (known && known.dirty && known.item!.version === item.version) return { ...known, item, saving: false, changedMeanwhile: undefined };
    // Changed by someone else while being edited here: the edit stays, marked, with the version it started from.
    if (known && known.dirty && !known.saving) return { ...known, changedMeanwhile: item };
    if (known && !known.dirty && known.item!.version === item.version) return known;
    return cleanDraft(known?.key ?? `item-${item.id}`, item, rules.valuesOf(item));
  });
  // Deleted by someone else while being edited here: the edit stays in its place, marked, until undone.
  for (const draft of previous) {
    if (draft.item && draft.dirty && !draft.saving && !present.has(draft.item.id)) {
      const at = drafts.findIndex((candidate) => candidate.values.itemIndex > draft.values.itemIndex);
      drafts.splice(at < 0 ? drafts.length : at, 0, { ...draft, changedMeanwhile: 'deleted' });
    }
  }
  const fresh = rules.freshValues(items);
  if (fresh === null) return drafts;
  const unsaved = previous.filter((draft) => !draft.item && draft.dirty).map((draft) => ({ ...draft, saving: false }));
  // A new row not saved yet (one "Save all" refused, say) keeps its place among the saved ones: by position, the
  // saved row first where two share one.
  const rows = unsaved.length ? [...drafts, ...unsaved].sort((a, b) => a.values.itemIndex - b.values.itemIndex) : drafts;
  const clean = previous.find((draft) => !draft.item && !draft.dirty);
  if (unsaved.length && !clean) return rows;
  const itemIndex = Math.max(fresh.itemIndex, ...unsaved.map((draft) => draft.values.itemIndex + 1));
  return [...rows, cleanDraft<Item, Values>(clean?.key ?? newRowKey(), null, { ...fresh, itemIndex })];
}

/**
 * Rows proposed elsewhere (from the model) enter as new, unsaved rows after the others, numbered after the
 * highest position; the fresh row stays last. They are saved through the normal path, row by row.
 */
export function withAddedRows<Item extends SavedItem, Values extends Positioned>(drafts: readonly OrderDraft<Item, Values>[], added: readonly Values[]): OrderDraft<Item, Values>[] {
  const clean = drafts.find((draft) => !draft.item && !draft.dirty);
  const rest = drafts.filter((draft) => draft !== clean);
  let next = Math.max(0, ...rest.map((draft) => draft.values.itemIndex)) + 1;
  const rows = added.map((values) => ({ ...cleanDraft<Item, Values>(newRowKey(), null, { ...values, itemIndex: next++ }), dirty: true }));
  return [...rest, ...rows, ...(clean ? [{ ...clean, values: { ...clean.values, itemIndex: next } }] : [])];
}

export type DraftAction<Item, Values> =
  | { type: 'load'; items: readonly Item[] }
  | { type: 'change'; key: string; patch: Partial<Values>; fields: string[] }
  | { type: 'revert'; key: string }
  | { type: 'showErrors'; key: string; serverErrors?: Record<string, string> }
  | { type: 'saving'; key: string; saving: boolean }
  | { type: 'saved'; key: string; item: Item }
  | { type: 'deleted'; key: string }
  | { type: 'add'; rows: readonly Values[] };

const without = (errors: Record<string, string>, fields: string[]) => {
  if (!fields.some((field) => field in errors)) return errors;
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
};

/** The rows' reducer: only the row that changes gets a new object, so memoised rows skip the others. */
export function draftsReducer<Item extends SavedItem, Values extends Positioned>(rules: DraftRules<Item, Values>) {
  const savedItems = (drafts: readonly OrderDraft<Item, Values>[]) => drafts.flatMap((draft) => (draft.item ? [draft.item] : []));
  return (drafts: OrderDraft<Item, Values>[], action: DraftAction<Item, Values>): OrderDraft<Item, Values>[] => {
    const key = 'key' in action ? action.key : null;
    const update = (change: (draft: OrderDraft<Item, Values>) => OrderDraft<Item, Values>) => drafts.map((draft) => (draft.key === key ? change(draft) : draft));
    switch (action.type) {
      case 'load':
        return mergeDrafts(drafts, action.items, rules);
      case 'change':
        return update((draft) => ({ ...draft, values: { ...draft.values, ...action.patch }, dirty: true, serverErrors: without(draft.serverErrors, action.fields) }));
      case 'revert': {
        // A new row other than the last (a proposed one) goes; the last is emptied again.
        if (drafts.some((draft) => draft.key === key && !draft.item) && drafts.at(-1)?.key !== key) return drafts.filter((draft) => draft.key !== key);
        // A row someone else changed or deleted meanwhile: undo takes their version.
        const outdated = drafts.find((draft) => draft.key === key)?.changedMeanwhile;
        if (outdated === 'deleted') return drafts.filter((draft) => draft.key !== key);
        if (outdated) return update((draft) => cleanDraft(draft.key, outdated, rules.valuesOf(outdated)));
        return update((draft) => cleanDraft(draft.key, draft.item, draft.item ? rules.valuesOf(draft.item) : (rules.freshValues(savedItems(drafts)) ?? draft.values)));
      }
      case 'showErrors':
        return update((draft) => ({ ...draft, showErrors: true, saving: false, serverErrors: action.serverErrors ?? draft.serverErrors }));
      case 'saving':
        return update((draft) => ({ ...draft, saving: action.saving }));
      case 'saved': {
        const wasNew = drafts.some((draft) => draft.key === action.key && !draft.item);
        const next = update((draft) => cleanDraft(draft.key, action.item, rules.valuesOf(action.item)));
        // The next new row appears once no other new row is left.
        const fresh = wasNew && !next.some((draft) => !draft.item) ? rules.freshValues(savedItems(next)) : null;
        return fresh === null ? next : [...next, cleanDraft<Item, Values>(newRowKey(), null, fresh)];
      }
      case 'deleted':
        return drafts.filter((draft) => draft.key !== action.key);
      case 'add':
        return withAddedRows(drafts, action.rows);
    }
  };
}

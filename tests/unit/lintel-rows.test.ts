import { describe, expect, it } from 'vitest';
import { withHeight, withLength, withProduct, withThickness } from '../../src/domain/orders';
import { draftsReducer, hasUnsavedRows, rowStatus, showDeleteAction, showSaveAction, type DraftAction } from '../../src/resources/projects/orders/orderRows';
import {
  freshLintelValues,
  lintelDraftRules,
  lintelInput,
  lintelValueProblems,
  lintelValuesOf,
  liveLintelSummary,
  shownProblems,
  visibleReadOnlyDrafts,
  type LintelDraft,
  type LintelRowValues,
} from '../../src/resources/projects/orders/lintel/lintelRows';
import type { LintelOrderItem } from '../../src/domain/orders';
import { lintelCatalogue, lintelItem, productBy } from './lintelFixtures';

const products = lintelCatalogue();
const fs115 = productBy(products, 115, 124, 1000);
const ts115 = productBy(products, 115, 249, 1250);

/** The shared reducer with the lintel rules, driven like the page drives it. */
function table(editable = true) {
  const reducer = draftsReducer(lintelDraftRules(editable));
  let drafts: LintelDraft[] = [];
  const dispatch = (action: DraftAction<LintelOrderItem, LintelRowValues>) => (drafts = reducer(drafts, action));
  const cascade = (key: string, step: (values: LintelRowValues) => LintelRowValues) => {
    const draft = drafts.find((candidate) => candidate.key === key)!;
    dispatch({ type: 'change', key, patch: step(draft.values), fields: ['thickness', 'length', 'height', 'productID'] });
  };
  return { dispatch, cascade, get drafts() { return drafts; } };
}

const saveable = (draft: LintelDraft) => showSaveAction(draft, lintelValueProblems(draft.values, products).length === 0);

describe('lintel rows', () => {
  it('the fresh row is pre-filled from the last saved row (room, storey, thickness) and numbered after the highest position', () => {
    const items = [lintelItem(fs115, { id: 1, itemIndex: 1 }), lintelItem(ts115, { id: 2, itemIndex: 4, sublotName: 'Bad', floorName: 'OG' })];
    expect(freshLintelValues(items)).toEqual({ itemIndex: 5, sublotName: 'Bad', floorName: 'OG', thickness: 115, length: null, height: null, productID: null, hasCut: false, lintelType: null, qty: '' });
    expect(freshLintelValues([])).toMatchObject({ itemIndex: 1, sublotName: '', floorName: '', thickness: null });
    expect(lintelDraftRules(false).freshValues(items)).toBeNull();
  });

  it('loading builds clean saved rows and one new row; read-only tables have none and hide quantities below 1', () => {
    const editing = table();
    editing.dispatch({ type: 'load', items: [lintelItem(fs115, { id: 1 }), lintelItem(ts115, { id: 2, itemIndex: 2, qty: 0 })] });
    expect(editing.drafts.map(rowStatus)).toEqual(['clean', 'clean', 'new']);
    expect(editing.drafts.map(showDeleteAction)).toEqual([true, true, false]);
    const reading = table(false);
    reading.dispatch({ type: 'load', items: [lintelItem(fs115, { id: 1 }), lintelItem(ts115, { id: 2, itemIndex: 2, qty: 0 })] });
    expect(visibleReadOnlyDrafts(reading.drafts).map((draft) => draft.item?.id)).toEqual([1]);
  });

  it('a new row walks the cascade and may be saved once article and quantity are there', () => {
    const t = table();
    t.dispatch({ type: 'load', items: [lintelItem(fs115, { id: 1 })] });
    const key = t.drafts[1].key;
    t.cascade(key, (values) => withLength(values, 1250));
    expect(rowStatus(t.drafts[1])).toBe('dirty');
    expect(hasUnsavedRows(t.drafts)).toBe(true);
    t.cascade(key, (values) => withHeight(values, 249, products));
    expect(t.drafts[1].values).toMatchObject({ thickness: 115, length: 1250, height: 249, productID: ts115.id, lintelType: 'other', hasCut: false });
    expect(saveable(t.drafts[1])).toBe(false);
    t.dispatch({ type: 'change', key, patch: { qty: '6' }, fields: ['qty'] });
    expect(saveable(t.drafts[1])).toBe(true);
    expect(lintelInput(t.drafts[1].values)).toEqual({ itemIndex: 2, sublotName: 'Küche', floorName: 'EG', thickness: 115, length: 1250, height: 249, productID: ts115.id, qty: 6 });
    // A longer article is cut to the row's length.
    t.cascade(key, (values) => withProduct(values, productBy(products, 115, 249, 1500).id, products));
    expect(t.drafts[1].values.hasCut).toBe(true);
    // Changing the thickness clears length, height and article: the row can no longer be saved.
    t.cascade(key, (values) => withThickness(values, 175));
    expect(t.drafts[1].values).toMatchObject({ thickness: 175, length: null, height: null, productID: null, lintelType: null, hasCut: false });
    expect(saveable(t.drafts[1])).toBe(false);
  });

  it('a saved new row turns clean and a fresh row pre-filled from it follows', () => {
    const t = table();
    t.dispatch({ type: 'load', items: [] });
    const key = t.drafts[0].key;
    t.dispatch({ type: 'change', key, patch: { sublotName: 'Flur', floorName: '1. OG' }, fields: ['sublotName', 'floorName'] });
    t.cascade(key, (values) => withHeight(withLength(withThickness(values, 115), 1000), 124, products));
    t.dispatch({ type: 'saved', key, item: lintelItem(fs115, { id: 9, sublotName: 'Flur', floorName: '1. OG' }) });
    expect(t.drafts.map(rowStatus)).toEqual(['clean', 'new']);
    expect(t.drafts[0].key).toBe(key);
    expect(t.drafts[1].values).toMatchObject({ itemIndex: 2, sublotName: 'Flur', floorName: '1. OG', thickness: 115, length: null });
  });

  it('problems: missing cells only after a save attempt, a wrong quantity at once, an article no longer offered on saved rows', () => {
    const t = table();
    t.dispatch({ type: 'load', items: [lintelItem(productBy(products, 175, 249, 1500), { id: 1 })] });
    expect(shownProblems(t.drafts[0], lintelValueProblems(t.drafts[0].values, products)).productID).toMatchObject({ key: 'ORDERS.Errors.ProductInactive' });
    const key = t.drafts[1].key;
    t.dispatch({ type: 'change', key, patch: { qty: '0' }, fields: ['qty'] });
    const typing = shownProblems(t.drafts[1], lintelValueProblems(t.drafts[1].values, products));
    expect(Object.keys(typing)).toEqual(['qty']);
    expect(typing.qty).toMatchObject({ key: 'ORDERS.Errors.QtyMin' });
    t.dispatch({ type: 'showErrors', key, serverErrors: { productID: 'Refused by the server.', itemIndex: 'Position taken.' } });
    const all = shownProblems(t.drafts[1], lintelValueProblems(t.drafts[1].values, products));
    expect(all).toMatchObject({ length: { key: 'VALIDATION.IsRequired' }, height: { key: 'VALIDATION.IsRequired' }, productID: { text: 'Refused by the server.' }, '': { text: 'Position taken.' } });
  });

  it('the live summary sums the current rows, unsaved edits included', () => {
    const t = table();
    t.dispatch({ type: 'load', items: [lintelItem(fs115, { id: 1, qty: 30 })] });
    const key = t.drafts[1].key;
    t.cascade(key, (values) => withHeight(withLength(values, 1250), 249, products));
    t.dispatch({ type: 'change', key, patch: { qty: '15' }, fields: ['qty'] });
    const summary = liveLintelSummary(t.drafts, products);
    expect(summary.lines.map((line) => [line.itemNo, line.totalQty, line.totalPallets])).toEqual([
      [fs115.itemNo, 30, 2],
      [ts115.itemNo, 15, 2],
    ]);
    expect(summary.totalArea).toBeCloseTo(1 * 0.124 * 30 + 1.25 * 0.249 * 15, 2);
    expect(summary.smallVolume).toBe(true);
    expect(lintelValuesOf(lintelItem(fs115, { qty: 0 })).qty).toBe('');
  });
});

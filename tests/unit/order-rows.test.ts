import { describe, expect, it } from 'vitest';
import { aacDraftRules, aacValuesOf, liveAacSummary } from '../../src/custom/orders/aac/aacRows';
import { draftsReducer, hasUnsavedRows, mergeDrafts, rowStatus, showDeleteAction, showSaveAction } from '../../src/custom/orders/orderRows';
import { AAC_PRODUCTS, aacItem } from './orderFixtures';

const rules = aacDraftRules(AAC_PRODUCTS, true);
const reducer = draftsReducer(rules);
const loaded = (items = [aacItem(1, 1), aacItem(2, 2, { qty: 4 })]) => reducer([], { type: 'load', items });

describe('order rows', () => {
  it('a new row is new, an edited one dirty, a saved one clean; save and delete follow spec §4', () => {
    const drafts = loaded();
    const [saved, , fresh] = drafts;
    expect([rowStatus(saved), rowStatus(fresh)]).toEqual(['clean', 'new']);
    expect(showDeleteAction(saved)).toBe(true);
    expect(showDeleteAction(fresh)).toBe(false);
    expect(showSaveAction(saved, true)).toBe(false);
    const edited = reducer(drafts, { type: 'change', key: saved.key, patch: { qty: '12' }, fields: ['qty'] })[0];
    expect(rowStatus(edited)).toBe('dirty');
    expect(showSaveAction(edited, true)).toBe(true);
    expect(showSaveAction(edited, false)).toBe(false);
    expect(showDeleteAction(edited)).toBe(false);
  });

  it('keeps an edited row on reload only while the server still has the version it was loaded with', () => {
    let drafts = loaded();
    drafts = reducer(drafts, { type: 'change', key: drafts[0].key, patch: { qty: '12' }, fields: ['qty'] });
    drafts = reducer(drafts, { type: 'change', key: drafts[1].key, patch: { qty: '13' }, fields: ['qty'] });
    const reloaded = mergeDrafts(drafts, [aacItem(1, 1), aacItem(2, 2, { qty: 9, version: 2 })], rules);
    expect(reloaded[0].values.qty).toBe('12');
    expect(reloaded[0].dirty).toBe(true);
    expect(reloaded[1].values.qty).toBe('9');
    expect(reloaded[1].dirty).toBe(false);
    expect(reloaded.map((draft) => draft.key).slice(0, 2)).toEqual(drafts.map((draft) => draft.key).slice(0, 2));
  });

  it('turns the saved new row into a clean one and adds a fresh row pre-filled from it', () => {
    let drafts = loaded([]);
    const key = drafts[0].key;
    drafts = reducer(drafts, { type: 'change', key, patch: { sublotName: 'Aula', length: '2480', qty: '3' }, fields: ['qty'] });
    expect(hasUnsavedRows(drafts)).toBe(true);
    drafts = reducer(drafts, { type: 'saved', key, item: aacItem(7, 1, { sublotName: 'Aula', itemLength: 2.48, qty: 3 }) });
    expect(drafts).toHaveLength(2);
    expect(drafts[0].key).toBe(key);
    expect(rowStatus(drafts[0])).toBe('clean');
    expect(drafts[1].values).toMatchObject({ itemIndex: 2, sublotName: 'Aula', length: '2480', qty: '' });
    expect(hasUnsavedRows(drafts)).toBe(false);
  });

  it('read-only tables get no new row', () => {
    expect(draftsReducer(aacDraftRules(AAC_PRODUCTS, false))([], { type: 'load', items: [aacItem(1, 1)] })).toHaveLength(1);
  });

  it('the live summary counts unsaved edits and skips rows without a length or quantity', () => {
    const drafts = loaded();
    const edited = reducer(drafts, { type: 'change', key: drafts[2].key, patch: { qty: '6' }, fields: ['qty'] });
    expect(liveAacSummary(drafts, AAC_PRODUCTS).totalQty).toBe(14);
    expect(liveAacSummary(edited, AAC_PRODUCTS).totalQty).toBe(20);
    expect(aacValuesOf(aacItem(3, 3, { itemLength: 2.48 })).length).toBe('2480');
  });
});

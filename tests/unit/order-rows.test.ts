import { describe, expect, it } from 'vitest';
import { aacDraftRules, aacValuesOf, liveAacSummary } from '../../src/resources/projects/orders/aac/aacRows';
import { draftsReducer, hasUnsavedRows, mergeDrafts, rowStatus, showDeleteAction, showSaveAction } from '../../src/resources/projects/orders/orderRows';
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

  it('keeps an edited row on reload; one someone else changed meanwhile is marked, keeps its version, and undo takes theirs', () => {
    let drafts = loaded();
    drafts = reducer(drafts, { type: 'change', key: drafts[0].key, patch: { qty: '12' }, fields: ['qty'] });
    drafts = reducer(drafts, { type: 'change', key: drafts[1].key, patch: { qty: '13' }, fields: ['qty'] });
    const theirs = aacItem(2, 2, { qty: 9, version: 2 });
    const reloaded = mergeDrafts(drafts, [aacItem(1, 1), theirs], rules);
    expect(reloaded[0].values.qty).toBe('12');
    expect(reloaded[0].dirty).toBe(true);
    expect(reloaded[0].changedMeanwhile).toBeUndefined();
    // The edit stays, with the version it started from (its save is refused with 409, nothing overwritten).
    expect(reloaded[1].values.qty).toBe('13');
    expect(reloaded[1].dirty).toBe(true);
    expect(reloaded[1].item?.version).toBe(1);
    expect(reloaded[1].changedMeanwhile).toBe(theirs);
    expect(reloaded.map((draft) => draft.key).slice(0, 2)).toEqual(drafts.map((draft) => draft.key).slice(0, 2));
    const undone = reducer(reloaded, { type: 'revert', key: reloaded[1].key });
    expect(undone[1].values.qty).toBe('9');
    expect(undone[1].item?.version).toBe(2);
    expect(undone[1].dirty).toBe(false);
    expect(undone[1].changedMeanwhile).toBeUndefined();
  });

  it('keeps an edited row someone else deleted meanwhile in its place, marked, until it is undone', () => {
    let drafts = loaded();
    drafts = reducer(drafts, { type: 'change', key: drafts[0].key, patch: { qty: '12' }, fields: ['qty'] });
    const reloaded = mergeDrafts(drafts, [aacItem(2, 2)], rules);
    expect(reloaded[0].key).toBe(drafts[0].key);
    expect(reloaded[0].changedMeanwhile).toBe('deleted');
    expect(reloaded[1].item?.id).toBe(2);
    const undone = reducer(reloaded, { type: 'revert', key: reloaded[0].key });
    expect(undone.some((draft) => draft.key === drafts[0].key)).toBe(false);
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

  it('a new row the server refused keeps its place among the rows saved around it when the table is read again', () => {
    let drafts = loaded([aacItem(1, 1)]);
    // Three proposed rows at positions 2, 3 and 4; "Save all" saves 2 and 4, refuses 3.
    drafts = reducer(drafts, { type: 'add', rows: [2, 3, 4].map((pos) => ({ ...aacValuesOf(aacItem(0, pos)), sublotName: `W${pos}` })) });
    const keyOf = (name: string) => drafts.find((draft) => draft.values.sublotName === name)!.key;
    const refused = keyOf('W3');
    const savedItems = [aacItem(12, 2, { sublotName: 'W2' }), aacItem(14, 4, { sublotName: 'W4' })];
    drafts = reducer(drafts, { type: 'saved', key: keyOf('W2'), item: savedItems[0] });
    drafts = reducer(drafts, { type: 'showErrors', key: refused, serverErrors: { length: 'refused' } });
    drafts = reducer(drafts, { type: 'saved', key: keyOf('W4'), item: savedItems[1] });
    const reloaded = mergeDrafts(drafts, [aacItem(1, 1), ...savedItems], rules);
    expect(reloaded.map((draft) => draft.values.sublotName ?? '')).toEqual([reloaded[0].values.sublotName, 'W2', 'W3', 'W4', reloaded[4].values.sublotName]);
    expect(reloaded[2].key).toBe(refused);
    expect(reloaded[2].item).toBeNull();
    expect(reloaded[2].dirty).toBe(true);
    expect(reloaded[4].item).toBeNull();
    expect(reloaded[4].dirty).toBe(false);
    expect(reloaded[4].values.itemIndex).toBe(5);
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

describe('rows proposed from the model (issue #26)', () => {
  const proposed = (room: string, qty: string) => ({ itemIndex: 0, sublotName: room, floorName: 'OG', productNo: 0, length: '3000', qty });

  it('enter as new, unsaved rows after the saved ones, numbered on; the fresh row stays last', () => {
    const drafts = reducer(loaded(), { type: 'add', rows: [proposed('S-OG-W01', '39'), proposed('S-OG-W02', '20')] });
    expect(drafts.map((draft) => [rowStatus(draft), draft.values.itemIndex, draft.values.sublotName])).toEqual([
      ['clean', 1, 'Klasse 1'],
      ['clean', 2, 'Klasse 1'],
      ['dirty', 3, 'S-OG-W01'],
      ['dirty', 4, 'S-OG-W02'],
      ['new', 5, 'Klasse 1'],
    ]);
    expect(hasUnsavedRows(drafts)).toBe(true);
    // The live total counts them before they are saved: 10 + 4 + 39 + 20.
    expect(liveAacSummary(drafts, AAC_PRODUCTS).totalQty).toBe(73);
  });

  it('survive a reload, and the fresh row keeps its number after them', () => {
    const drafts = reducer(loaded(), { type: 'add', rows: [proposed('S-OG-W01', '39')] });
    const reloaded = mergeDrafts(drafts, [aacItem(1, 1), aacItem(2, 2, { qty: 4 })], rules);
    expect(reloaded.map((draft) => [rowStatus(draft), draft.values.itemIndex])).toEqual([
      ['clean', 1],
      ['clean', 2],
      ['dirty', 3],
      ['new', 4],
    ]);
    expect(reloaded[2].key).toBe(drafts[2].key);
  });

  it('a proposed row saved leaves the others; undo takes a proposed row out; the fresh row comes back when all are saved', () => {
    let drafts = reducer(loaded([]), { type: 'add', rows: [proposed('A', '5'), proposed('B', '6'), proposed('C', '7')] });
    expect(drafts.map((draft) => draft.values.itemIndex)).toEqual([1, 2, 3, 4]);
    drafts = reducer(drafts, { type: 'revert', key: drafts[1].key });
    expect(drafts.map((draft) => draft.values.sublotName)).toEqual(['A', 'C', '']);
    drafts = reducer(drafts, { type: 'saved', key: drafts[0].key, item: aacItem(11, 1, { sublotName: 'A', qty: 5 }) });
    expect(drafts.map(rowStatus)).toEqual(['clean', 'dirty', 'new']);
    // Without the fresh row (the user typed into it and saved it): saving the last new row brings a fresh one.
    drafts = reducer(drafts, { type: 'change', key: drafts[2].key, patch: { qty: '1' }, fields: ['qty'] });
    drafts = reducer(drafts, { type: 'saved', key: drafts[2].key, item: aacItem(12, 4, { qty: 1 }) });
    expect(drafts.map(rowStatus)).toEqual(['clean', 'dirty', 'clean']);
    drafts = reducer(drafts, { type: 'saved', key: drafts[1].key, item: aacItem(13, 3, { sublotName: 'C', qty: 7 }) });
    expect(drafts.map(rowStatus)).toEqual(['clean', 'clean', 'clean', 'new']);
  });
});

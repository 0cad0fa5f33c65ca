/**
 * The lintel table's rows in the shared row model (../orderRows: new / dirty / clean, saved only when valid;
 * spec §4 Lintel order rows). The cascade itself is the domain's (withThickness, withLength, withHeight,
 * withProduct); this file says what a lintel row holds, how it is pre-filled, checked and summed.
 */
import type { LintelProduct } from '../../../../domain/catalogue';
import { lintelRowProblems, lintelSummary, type LintelDraftRow, type LintelItemInput, type LintelOrderItem, type OrderProblem } from '../../../../domain/orders';
import { MESSAGE } from '../../../../domain/validation';
import type { DraftRules, OrderDraft } from '../orderRows';

/** A lintel row in the editor: the cascade fields (null while not chosen) and the quantity as typed. */
export interface LintelRowValues extends LintelDraftRow {
  itemIndex: number;
  sublotName: string;
  floorName: string;
  qty: string;
}

export type LintelDraft = OrderDraft<LintelOrderItem, LintelRowValues>;
export type LintelField = 'sublotName' | 'floorName' | 'thickness' | 'length' | 'height' | 'productID' | 'qty';

/** The grid's columns (useGridKeyboard), in keyboard order. */
export const LINTEL_COLUMNS: Record<LintelField, number> = { sublotName: 0, floorName: 1, thickness: 2, length: 3, height: 4, productID: 5, qty: 6 };

/** The fields a cascade step may change: their server messages are outdated once it runs. */
export const CASCADE_FIELDS: LintelField[] = ['thickness', 'length', 'height', 'productID'];

/** An empty quantity is NaN (reported as missing, not as a wrong number). */
export const parseQty = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function lintelValuesOf(item: LintelOrderItem): LintelRowValues {
  const { itemIndex, sublotName, floorName, thickness, length, height, productID, hasCut, lintelType, qty } = item;
  return { itemIndex, sublotName, floorName, thickness, length, height, productID, hasCut, lintelType, qty: qty ? String(qty) : '' };
}

/**
 * The fresh row at the end, pre-filled from the last saved row: room, storey and thickness (a lintel list goes
 * room by room, mostly in one wall thickness). Its position follows the highest one, so the number of a
 * deleted row is not given twice.
 */
export function freshLintelValues(items: readonly Pick<LintelOrderItem, 'itemIndex' | 'sublotName' | 'floorName' | 'thickness'>[]): LintelRowValues {
  const last = items.at(-1);
  return {
    itemIndex: Math.max(items.length, ...items.map((item) => item.itemIndex)) + 1,
    sublotName: last?.sublotName ?? '',
    floorName: last?.floorName ?? '',
    thickness: last?.thickness ?? null,
    length: null,
    height: null,
    productID: null,
    hasCut: false,
    lintelType: null,
    qty: '',
  };
}

/** The shared row model's rules for lintels: no fresh row when the table is read-only. */
export function lintelDraftRules(editable: boolean): DraftRules<LintelOrderItem, LintelRowValues> {
  return { valuesOf: lintelValuesOf, freshValues: (items) => (editable ? freshLintelValues(items) : null) };
}

/** What the API gets (without version); an empty field is NaN, which the problems below report. */
export function lintelInput(values: LintelRowValues): LintelItemInput {
  const number = (value: number | null) => value ?? Number.NaN;
  return {
    itemIndex: values.itemIndex,
    sublotName: values.sublotName.trim(),
    floorName: values.floorName.trim(),
    thickness: number(values.thickness),
    length: number(values.length),
    height: number(values.height),
    productID: number(values.productID),
    qty: parseQty(values.qty),
  };
}

const isFilled = (values: LintelRowValues, field: LintelField) => {
  const value = values[field];
  return value !== null && String(value).trim() !== '';
};

/** The row's problems: empty cascade cells and quantity are required, then the domain's rule (lintelRowProblems). */
export function lintelValueProblems(values: LintelRowValues, products: readonly LintelProduct[]): OrderProblem[] {
  const missing: OrderProblem[] = (['thickness', 'length', 'height', 'productID', 'qty'] as const).filter((field) => !isFilled(values, field)).map((field) => ({ field, key: MESSAGE.required }));
  const rules = lintelRowProblems(lintelInput(values), products).filter((problem) => !missing.some((known) => known.field === problem.field));
  return [...missing, ...rules];
}

export type ShownProblem = OrderProblem | { text: string };

/**
 * The problems shown at the cells: the server's messages, and the row's own problems — of filled cells while
 * typing, of every cell once a save was attempted. Saved rows show theirs too (e.g. an article no longer
 * offered); a fresh, untouched row shows none.
 */
export function shownProblems(draft: LintelDraft, problems: readonly OrderProblem[]): Partial<Record<LintelField | '', ShownProblem>> {
  const shown: Partial<Record<LintelField | '', ShownProblem>> = {};
  if (draft.dirty || draft.item) {
    for (const problem of problems) {
      const field = problem.field as LintelField;
      if (!shown[field] && (draft.showErrors || isFilled(draft.values, field))) shown[field] = problem;
    }
  }
  for (const [field, text] of Object.entries(draft.serverErrors)) shown[(field in LINTEL_COLUMNS ? field : '') as LintelField | ''] = { text };
  return shown;
}

/** The live summary over the current rows, unsaved edits included (rows without article or quantity do not count). */
export function liveLintelSummary(drafts: readonly LintelDraft[], products: readonly LintelProduct[]) {
  const rows = drafts.flatMap(({ values }) => {
    const qty = parseQty(values.qty);
    return values.productID !== null && values.length !== null && Number.isFinite(qty) ? [{ productID: values.productID, length: values.length, qty }] : [];
  });
  return lintelSummary(rows, products);
}

/** Read-only tables hide rows with a quantity below 1 (spec §4). */
export const visibleReadOnlyDrafts = (drafts: readonly LintelDraft[]) => drafts.filter((draft) => (draft.item?.qty ?? 0) >= 1);

import type { AacProduct } from '../../../../domain/catalogue';
import { aacRowCounts, aacRowProblems, aacSummary, metresToMm, mmToMetres, nextAacRow, pallets, type AacItemInput, type AacOrderItem, type OrderProblem } from '../../../../domain/orders';
import { MESSAGE } from '../../../../domain/validation';
import type { DraftRules, OrderDraft } from '../orderRows';

/** An AAC row in the editor: what the cells hold (numbers as typed, length in mm). */
export interface AacRowValues {
  itemIndex: number;
  sublotName: string;
  floorName: string;
  productNo: number | null;
  /** Millimetres as typed. */
  length: string;
  qty: string;
}

export type AacDraft = OrderDraft<AacOrderItem, AacRowValues>;
export type AacField = 'sublotName' | 'floorName' | 'productNo' | 'itemLength' | 'qty';

/** The grid's columns (useGridKeyboard): the editable cells and the row's action button. */
export const AAC_COLUMNS = { sublotName: 0, floorName: 1, productNo: 2, itemLength: 3, qty: 4, action: 5 } as const;

/** An empty cell is NaN (not 0), so it is reported as missing rather than as a wrong number. */
export const parseCell = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));
const numberText = (value: number) => (value ? String(value) : '');

export function aacValuesOf(item: AacOrderItem): AacRowValues {
  return { itemIndex: item.itemIndex, sublotName: item.sublotName, floorName: item.floorName, productNo: item.productNo, length: numberText(metresToMm(item.itemLength)), qty: numberText(item.qty) };
}

/** The active products, in article order: the choices of the article cell. */
export const activeAacProducts = (products: readonly AacProduct[]) => products.filter((product) => product.active).sort((a, b) => a.productNo - b.productNo);

/** The rows' rules: a fresh row is pre-filled from the last saved one (nextAacRow); none when read-only. */
export function aacDraftRules(products: readonly AacProduct[], editable: boolean): DraftRules<AacOrderItem, AacRowValues> {
  const defaultProductNo = activeAacProducts(products)[0]?.productNo ?? 0;
  return {
    valuesOf: aacValuesOf,
    freshValues: (items) => {
      if (!editable) return null;
      const next = nextAacRow(items, defaultProductNo);
      return { itemIndex: next.itemIndex, sublotName: next.sublotName, floorName: next.floorName, productNo: next.productNo, length: numberText(metresToMm(next.itemLength)), qty: '' };
    },
  };
}

/** What the API gets (without version). */
export function aacInput(values: AacRowValues): AacItemInput {
  return {
    itemIndex: values.itemIndex,
    sublotName: values.sublotName.trim(),
    floorName: values.floorName.trim(),
    productNo: values.productNo ?? Number.NaN,
    itemLength: mmToMetres(parseCell(values.length)),
    qty: parseCell(values.qty),
  };
}

/** The row's problems: empty cells are required, then the catalogue rules of the domain (aacRowProblems). */
export function aacValueProblems(values: AacRowValues, products: readonly AacProduct[]): OrderProblem[] {
  const missing: OrderProblem[] = [];
  if (values.productNo === null) missing.push({ field: 'productNo', key: MESSAGE.required });
  if (values.length.trim() === '') missing.push({ field: 'itemLength', key: MESSAGE.required });
  if (values.qty.trim() === '') missing.push({ field: 'qty', key: MESSAGE.required });
  const rules = aacRowProblems(aacInput(values), products).filter((problem) => !missing.some((known) => known.field === problem.field));
  return [...missing, ...rules];
}

const CELL_OF_FIELD: Record<AacField, keyof AacRowValues> = { sublotName: 'sublotName', floorName: 'floorName', productNo: 'productNo', itemLength: 'length', qty: 'qty' };

/**
 * The problems shown at the cells: the server's messages, and the row's own problems for filled cells —
 * for every cell once a save was attempted. A clean row shows none.
 */
export function visibleProblems(draft: AacDraft, problems: readonly OrderProblem[]): Partial<Record<AacField, OrderProblem | { text: string }>> {
  const shown: Partial<Record<AacField, OrderProblem | { text: string }>> = {};
  if (draft.dirty) {
    for (const problem of problems) {
      const field = problem.field as AacField;
      const cell = draft.values[CELL_OF_FIELD[field]];
      const filled = cell !== null && String(cell).trim() !== '';
      if (!shown[field] && (draft.showErrors || filled)) shown[field] = problem;
    }
  }
  for (const [field, text] of Object.entries(draft.serverErrors)) if (field in CELL_OF_FIELD) shown[field as AacField] = { text };
  return shown;
}

/** The pallets of a row as it stands (0 while the row is incomplete or invalid: it does not count in the totals either). */
export function rowPallets(values: AacRowValues, products: readonly AacProduct[]): number {
  const product = products.find((candidate) => candidate.productNo === values.productNo);
  const qty = parseCell(values.qty);
  const length = parseCell(values.length);
  if (values.productNo === null || !aacRowCounts({ productNo: values.productNo, itemLength: length / 1000, qty }, products)) return 0;
  return pallets(qty, product?.unitsPerPallet);
}

/** The live total over the current rows, unsaved edits included; rows without a usable length do not count. */
export function liveAacSummary(drafts: readonly AacDraft[], products: readonly AacProduct[]) {
  const rows = drafts.flatMap((draft) => {
    const length = parseCell(draft.values.length);
    const qty = parseCell(draft.values.qty);
    if (draft.values.productNo === null || !Number.isFinite(length) || !Number.isFinite(qty)) return [];
    // Unrounded: a length off the 20 mm step must stay off it, so that the row does not count.
    return [{ productNo: draft.values.productNo, itemLength: length / 1000, qty }];
  });
  return aacSummary(rows, products);
}

/** Read-only tables hide rows with a quantity below 1 (spec §4). */
export const visibleReadOnlyItems = (items: readonly AacOrderItem[]) => items.filter((item) => item.qty >= 1);

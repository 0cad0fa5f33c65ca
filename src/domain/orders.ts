/**
 * AAC and lintel order rows (spec §2 AAC / Lintel order screen, §3 order item and summary, §4 order rows, §5,
 * §8 small volume, §9; DECISIONS.md Orders): what a row is, when it may be saved, pallets, the summaries and the
 * small-volume rule. Pure functions: the order tables compute live with them, the API answers with them.
 */
import { z } from 'zod';
import { AAC_LENGTH_STEP_MM, type AacProduct, type LintelProduct } from './catalogue';
import { hasControlCharacters, MESSAGE } from './validation';

/** Pallet thresholds of the small-volume rule (spec §9). */
export const PALLETS_SMALL_A = 28;
export const PALLETS_SMALL_B = 32.01;
export const ORDER_QTY_MAX = 100_000;
export const ORDER_TEXT_MAX = 100;
export const ORDER_ITEMS_MAX = 2000;
export const ORDER_SKELETON_ROWS = 2;

export const ORDER_MESSAGE = {
  qtyWhole: 'ORDERS.Errors.QtyWhole',
  qtyMin: 'ORDERS.Errors.QtyMin',
  qtyMax: 'ORDERS.Errors.QtyMax',
  lengthStep: 'ORDERS.Errors.LengthStep',
  lengthRange: 'ORDERS.Errors.LengthRange',
  productInactive: 'ORDERS.Errors.ProductInactive',
  productUnknown: 'ORDERS.Errors.ProductUnknown',
  productMismatch: 'ORDERS.Errors.ProductMismatch',
  conflict: 'ORDERS.Errors.Conflict',
  notEditable: 'ORDERS.Errors.NotEditable',
  tooManyItems: 'ORDERS.Errors.TooManyItems',
} as const;

export type OrderKind = 'aac' | 'lintel';

/** The order kind of a lot type (aacorderlot, lintelorderlot), or null for other units. */
export function orderKindOf(unitType: string): OrderKind | null {
  return unitType === 'aacorderlot' ? 'aac' : unitType === 'lintelorderlot' ? 'lintel' : null;
}

/** Editing rows requires a PlaceOrder task on the unit (spec §6). */
export function canEditOrderItems(taskKey: string | null | undefined): boolean {
  return taskKey === 'PlaceOrder';
}

/** Pallets of a row: ceil(quantity / units per pallet); 0 without a product or quantity. */
export function pallets(qty: number, unitsPerPallet: number | undefined): number {
  if (!unitsPerPallet || !Number.isFinite(qty) || qty <= 0) return 0;
  return Math.ceil(qty / unitsPerPallet);
}

/** Small volume (spec §8): total pallets t > 0 and floor(t / 28) = floor(t / 32.01). */
export function isSmallVolume(totalPallets: number): boolean {
  return totalPallets > 0 && Math.floor(totalPallets / PALLETS_SMALL_A) === Math.floor(totalPallets / PALLETS_SMALL_B);
}

/** The small-volume notice asks to add or remove rows: only where rows can still change (issue #39), not on a placed order. */
export function showsSmallVolumeNotice(totalPallets: number, rowsEditable: boolean): boolean {
  return rowsEditable && isSmallVolume(totalPallets);
}

/** Length entered in mm (step 20), stored in m (spec §5). */
export const mmToMetres = (mm: number) => Math.round(mm) / 1000;
export const metresToMm = (metres: number) => Math.round(metres * 1000);

/** Square metres with two decimals, as the summaries show them. */
export const areaString = (squareMetres: number) => squareMetres.toFixed(2);

const roomText = z
  .string({ error: MESSAGE.invalidType })
  .trim()
  .max(ORDER_TEXT_MAX, MESSAGE.tooLong)
  .refine((text) => !hasControlCharacters(text), MESSAGE.invalidCharacters);

const qty = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE.required : ORDER_MESSAGE.qtyWhole) })
  .int(ORDER_MESSAGE.qtyWhole)
  .min(1, ORDER_MESSAGE.qtyMin)
  .max(ORDER_QTY_MAX, ORDER_MESSAGE.qtyMax);

const version = z.number().int().positive().optional();

// ---------------------------------------------------------------------------------------------- AAC rows

/** An AAC order item as the API answers it (spec §3). */
export interface AacOrderItem {
  id: number;
  aacOrderLotItemID: number;
  projectUnitID: number;
  itemIndex: number;
  sublotName: string;
  floorName: string;
  productNo: number;
  /** Metres. */
  itemLength: number;
  qty: number;
  version: number;
}

/** The fields a client writes (create and update). */
export const aacItemSchema = z.strictObject({
  itemIndex: z.number().int().min(1).max(ORDER_ITEMS_MAX * 10).optional(),
  sublotName: roomText.default(''),
  floorName: roomText.default(''),
  productNo: z.number({ error: MESSAGE.required }).int(ORDER_MESSAGE.productUnknown),
  itemLength: z.number({ error: MESSAGE.required }).finite(MESSAGE.invalidValue),
  qty,
  version,
});
export type AacItemInput = z.output<typeof aacItemSchema>;

export interface OrderProblem {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** The catalogue rules of an AAC row: an active product, a length in mm on the 20 mm step within its range. */
export function aacRowProblems(row: Pick<AacItemInput, 'productNo' | 'itemLength' | 'qty'>, products: readonly AacProduct[]): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const product = products.find((candidate) => candidate.productNo === row.productNo);
  if (!product) problems.push({ field: 'productNo', key: ORDER_MESSAGE.productUnknown });
  else if (!product.active) problems.push({ field: 'productNo', key: ORDER_MESSAGE.productInactive, params: { product: product.title } });
  const mm = row.itemLength * 1000;
  if (!Number.isFinite(mm) || Math.abs(mm - Math.round(mm)) > 1e-6 || Math.round(mm) % AAC_LENGTH_STEP_MM !== 0) {
    problems.push({ field: 'itemLength', key: ORDER_MESSAGE.lengthStep, params: { step: AAC_LENGTH_STEP_MM } });
  } else if (product && (mm < product.minLength || mm > product.maxLength)) {
    problems.push({ field: 'itemLength', key: ORDER_MESSAGE.lengthRange, params: { min: product.minLength, max: product.maxLength } });
  }
  if (!Number.isInteger(row.qty)) problems.push({ field: 'qty', key: ORDER_MESSAGE.qtyWhole });
  else if (row.qty < 1) problems.push({ field: 'qty', key: ORDER_MESSAGE.qtyMin });
  else if (row.qty > ORDER_QTY_MAX) problems.push({ field: 'qty', key: ORDER_MESSAGE.qtyMax });
  return problems;
}

/**
 * A new row pre-filled from the last one (room, storey, product, length); itemIndex = count + 1 (spec §4), or
 * past the highest position when rows were deleted, so that a position is never shown twice.
 */
export function nextAacRow(rows: readonly (Pick<AacOrderItem, 'sublotName' | 'floorName' | 'productNo' | 'itemLength'> & { itemIndex?: number })[], defaultProductNo: number) {
  const last = rows.at(-1);
  const highest = rows.reduce((max, row) => Math.max(max, row.itemIndex ?? 0), 0);
  return {
    itemIndex: Math.max(rows.length, highest) + 1,
    sublotName: last?.sublotName ?? '',
    floorName: last?.floorName ?? '',
    productNo: last?.productNo ?? defaultProductNo,
    itemLength: last?.itemLength ?? 0,
    qty: 0,
  };
}

/** One line of the AAC summary (spec §3 AAC summary item) per product and length. */
export interface AacSummaryLine {
  product: string;
  articleNo: string;
  /** Millimetres. */
  length: number;
  totalArea: number;
  totalAreaString: string;
  totalQty: number;
  totalPallets: number;
}

export interface OrderSummary<Line> {
  lines: Line[];
  totalArea: number;
  totalAreaString: string;
  totalQty: number;
  totalPallets: number;
  smallVolume: boolean;
}

/** Whether an AAC row counts in pallets, totals and the small-volume notice: a known product, a valid length and quantity. */
export function aacRowCounts(row: Pick<AacItemInput, 'productNo' | 'itemLength' | 'qty'>, products: readonly AacProduct[]): boolean {
  // An article switched off since the row was saved still counts: only the row's own numbers decide.
  return products.some((candidate) => candidate.productNo === row.productNo) && aacRowProblems(row, products).every((problem) => problem.field === 'productNo');
}

/**
 * The AAC total card: rows grouped by product and length (article order, then length), area = width × length
 * × quantity in m², pallets summed per row; invalid rows (no product, length off the 20 mm step or out of
 * range, quantity not a whole number ≥ 1) do not count.
 */
export function aacSummary(rows: readonly Pick<AacOrderItem, 'productNo' | 'itemLength' | 'qty'>[], products: readonly AacProduct[]): OrderSummary<AacSummaryLine> {
  const groups = new Map<string, AacSummaryLine & { productNo: number }>();
  for (const row of rows) {
    const product = products.find((candidate) => candidate.productNo === row.productNo);
    if (!product || !aacRowCounts(row, products)) continue;
    const length = metresToMm(row.itemLength);
    const key = `${product.productNo}:${length}`;
    const line = groups.get(key) ?? { productNo: product.productNo, product: product.title, articleNo: product.articleNo, length, totalArea: 0, totalAreaString: '', totalQty: 0, totalPallets: 0 };
    line.totalArea += (product.width * length * row.qty) / 1_000_000;
    line.totalQty += row.qty;
    line.totalPallets += pallets(row.qty, product.unitsPerPallet);
    groups.set(key, line);
  }
  const raw = [...groups.values()].sort((a, b) => a.productNo - b.productNo || a.length - b.length);
  return totals(raw.map(({ productNo: _productNo, ...line }) => line));
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Totals over lines holding unrounded areas (the total is rounded once); each line's area rounded for showing. */
function totals<Line extends { totalArea: number; totalAreaString: string; totalQty: number; totalPallets: number }>(raw: Line[]): OrderSummary<Line> {
  const totalArea = round2(raw.reduce((sum, line) => sum + line.totalArea, 0));
  const lines = raw.map((line) => ({ ...line, totalArea: round2(line.totalArea), totalAreaString: areaString(line.totalArea) }));
  const totalPallets = lines.reduce((sum, line) => sum + line.totalPallets, 0);
  return { lines, totalArea, totalAreaString: areaString(totalArea), totalQty: lines.reduce((sum, line) => sum + line.totalQty, 0), totalPallets, smallVolume: isSmallVolume(totalPallets) };
}

// ------------------------------------------------------------------------------------------- lintel rows

/** A lintel order item as the API answers it (spec §3); lengths and heights in mm. */
export interface LintelOrderItem {
  id: number;
  lintelOrderLotItemID: number;
  projectUnitID: number;
  itemIndex: number;
  sublotName: string;
  floorName: string;
  qty: number;
  hasCut: boolean;
  thickness: number;
  length: number;
  height: number;
  /** The catalogue product (id). */
  productID: number;
  lintelType: string;
  version: number;
}

export const lintelItemSchema = z.strictObject({
  itemIndex: z.number().int().min(1).max(ORDER_ITEMS_MAX * 10).optional(),
  sublotName: roomText.default(''),
  floorName: roomText.default(''),
  thickness: z.number({ error: MESSAGE.required }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue),
  length: z.number({ error: MESSAGE.required }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue),
  height: z.number({ error: MESSAGE.required }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue),
  productID: z.number({ error: MESSAGE.required }).int(ORDER_MESSAGE.productUnknown).positive(ORDER_MESSAGE.productUnknown),
  qty,
  version,
});
export type LintelItemInput = z.output<typeof lintelItemSchema>;

/** A lintel row in the editor: any of the cascade's fields may still be empty. */
export interface LintelDraftRow {
  thickness: number | null;
  length: number | null;
  height: number | null;
  productID: number | null;
  hasCut: boolean;
  lintelType: string | null;
}

const active = (products: readonly LintelProduct[]) => products.filter((product) => product.active);
const distinctSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** The cascade's choices (active products only). */
export const lintelThicknesses = (products: readonly LintelProduct[]) => distinctSorted(active(products).map((p) => p.thickness));
export const lintelLengths = (products: readonly LintelProduct[], thickness: number | null) =>
  distinctSorted(active(products).filter((p) => p.thickness === thickness).map((p) => p.length));
export const lintelHeights = (products: readonly LintelProduct[], thickness: number | null, length: number | null) =>
  distinctSorted(active(products).filter((p) => p.thickness === thickness && p.length === length).map((p) => p.height));
/** Products a row may use: the thickness's, at least as long and as high as the row (a longer or higher one is cut). */
export const lintelProductsFor = (products: readonly LintelProduct[], row: Pick<LintelDraftRow, 'thickness' | 'length' | 'height'>) =>
  active(products).filter((p) => p.thickness === row.thickness && (row.length === null || p.length >= row.length) && (row.height === null || p.height >= row.height));

const cut = (product: LintelProduct, row: Pick<LintelDraftRow, 'length' | 'height'>) => product.height !== row.height || product.length !== row.length;

/** Changing thickness clears length, height and product (spec §4). */
export function withThickness<Row extends LintelDraftRow>(row: Row, thickness: number | null): Row {
  return { ...row, thickness, length: null, height: null, productID: null, hasCut: false, lintelType: null };
}

/** Changing length clears height and product. */
export function withLength<Row extends LintelDraftRow>(row: Row, length: number | null): Row {
  return { ...row, length, height: null, productID: null, hasCut: false, lintelType: null };
}

/**
 * Setting height finds the product: the exact one (thickness, length, height), else the smallest that can be
 * cut to it; hasCut when the product's height (or length) differs.
 */
export function withHeight<Row extends LintelDraftRow>(row: Row, height: number | null, products: readonly LintelProduct[]): Row {
  const next = { ...row, height };
  const candidates = lintelProductsFor(products, next).sort((a, b) => a.height - b.height || a.length - b.length);
  const product = candidates.find((p) => p.height === height && p.length === row.length) ?? candidates[0];
  if (!product || height === null) return { ...next, productID: null, hasCut: false, lintelType: null };
  return { ...next, productID: product.id, hasCut: cut(product, next), lintelType: product.lintelType };
}

/** Choosing a product sets hasCut and the lintel type. */
export function withProduct<Row extends LintelDraftRow>(row: Row, productID: number | null, products: readonly LintelProduct[]): Row {
  const product = products.find((p) => p.id === productID);
  if (!product) return { ...row, productID: null, hasCut: false, lintelType: null };
  return { ...row, productID: product.id, hasCut: cut(product, row), lintelType: product.lintelType };
}

/** The catalogue rules of a lintel row: an active product of the row's thickness that is at least as long and high. */
export function lintelRowProblems(row: Pick<LintelItemInput, 'thickness' | 'length' | 'height' | 'productID' | 'qty'>, products: readonly LintelProduct[]): OrderProblem[] {
  const problems: OrderProblem[] = [];
  const product = products.find((candidate) => candidate.id === row.productID);
  if (!product) problems.push({ field: 'productID', key: ORDER_MESSAGE.productUnknown });
  else if (!product.active) problems.push({ field: 'productID', key: ORDER_MESSAGE.productInactive, params: { product: product.title } });
  else if (product.thickness !== row.thickness || product.length < row.length || product.height < row.height) {
    problems.push({ field: 'productID', key: ORDER_MESSAGE.productMismatch });
  }
  if (!Number.isInteger(row.qty) || row.qty < 1) problems.push({ field: 'qty', key: ORDER_MESSAGE.qtyMin });
  return problems;
}

/** One line of the lintel summary (spec §3): per product. */
export interface LintelSummaryLine {
  product: string;
  itemNo: string;
  height: number;
  totalArea: number;
  totalAreaString: string;
  totalQty: number;
  totalPallets: number;
}

/** The lintel summary: per product, area = length × height × quantity in m² (the rows' lengths), pallets per row. */
export function lintelSummary(rows: readonly Pick<LintelOrderItem, 'productID' | 'length' | 'qty'>[], products: readonly LintelProduct[]): OrderSummary<LintelSummaryLine> {
  const groups = new Map<number, LintelSummaryLine>();
  for (const row of rows) {
    const product = products.find((candidate) => candidate.id === row.productID);
    if (!product || !Number.isInteger(row.qty) || row.qty < 1 || row.qty > ORDER_QTY_MAX) continue;
    const line = groups.get(product.id) ?? { product: product.title, itemNo: product.itemNo, height: product.height, totalArea: 0, totalAreaString: '', totalQty: 0, totalPallets: 0 };
    line.totalArea += (row.length * product.height * row.qty) / 1_000_000;
    line.totalQty += row.qty;
    line.totalPallets += pallets(row.qty, product.unitsPerPallet);
    groups.set(product.id, line);
  }
  return totals([...groups.values()].sort((a, b) => a.itemNo.localeCompare(b.itemNo)));
}

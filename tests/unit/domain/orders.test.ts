import { describe, expect, it } from 'vitest';
import type { AacProduct, LintelProduct } from '../../../src/domain/catalogue';
import {
  aacRowCounts,
  aacRowProblems,
  aacSummary,
  canEditOrderItems,
  isSmallVolume,
  lintelHeights,
  lintelLengths,
  lintelProductsFor,
  lintelRowProblems,
  lintelSummary,
  lintelThicknesses,
  metresToMm,
  mmToMetres,
  nextAacRow,
  orderKindOf,
  pallets,
  withHeight,
  withLength,
  withProduct,
  withThickness,
  type LintelDraftRow,
} from '../../../src/domain/orders';

const aac = (productNo: number, extra: Partial<AacProduct> = {}): AacProduct => ({
  id: productNo + 1, tenantID: 1, tenantName: 'T', productNo, articleNo: `A-${productNo}`, title: `PE ${productNo}`, value: `PE${productNo}`,
  thickness: 300 - productNo * 60, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 10, price: null, active: true, ...extra,
});
const products = [aac(0), aac(1, { unitsPerPallet: 14 }), aac(2, { active: false })];

const lintel = (id: number, thickness: number, length: number, height: number, extra: Partial<LintelProduct> = {}): LintelProduct => ({
  id, tenantID: 1, tenantName: 'T', itemNo: `L-${id}`, title: `Sturz ${thickness}/${height}/${length}`, value: `L${id}`, height, thickness, length,
  lintelType: height === 124 ? 'FS' : 'other', unitsPerPallet: 20, price: null, active: true, ...extra,
});
const lintels = [lintel(1, 175, 1000, 124), lintel(2, 175, 1250, 124), lintel(3, 175, 1250, 249), lintel(4, 240, 1000, 124), lintel(5, 240, 1500, 249, { active: false })];
const empty: LintelDraftRow = { thickness: null, length: null, height: null, productID: null, hasCut: false, lintelType: null };

describe('basics', () => {
  it('kinds, edit rule, pallets, units', () => {
    expect([orderKindOf('aacorderlot'), orderKindOf('lintelorderlot'), orderKindOf('approvallot')]).toEqual(['aac', 'lintel', null]);
    expect(canEditOrderItems('PlaceOrder')).toBe(true);
    expect(canEditOrderItems('ReviewDrawings')).toBe(false);
    expect(canEditOrderItems(null)).toBe(false);
    expect([pallets(0, 10), pallets(1, 10), pallets(10, 10), pallets(11, 10), pallets(5, undefined)]).toEqual([0, 1, 1, 2, 0]);
    expect(mmToMetres(2760)).toBe(2.76);
    expect(metresToMm(2.76)).toBe(2760);
  });

  it('small volume: exactly t > 0 and floor(t/28) = floor(t/32.01)', () => {
    expect([0, 1, 27, 28, 32, 33, 55, 56, 64, 65].map(isSmallVolume)).toEqual([false, true, true, false, false, true, true, false, false, true]);
  });
});

describe('AAC rows', () => {
  it('checks product, 20 mm steps within the range, whole quantities ≥ 1', () => {
    expect(aacRowProblems({ productNo: 0, itemLength: 2.76, qty: 3 }, products)).toEqual([]);
    expect(aacRowProblems({ productNo: 0, itemLength: 2.77, qty: 3 }, products).map((p) => p.key)).toEqual(['ORDERS.Errors.LengthStep']);
    expect(aacRowProblems({ productNo: 0, itemLength: 6.02, qty: 3 }, products)).toEqual([{ field: 'itemLength', key: 'ORDERS.Errors.LengthRange', params: { min: 1000, max: 6000 } }]);
    expect(aacRowProblems({ productNo: 2, itemLength: 3, qty: 3 }, products).map((p) => p.key)).toEqual(['ORDERS.Errors.ProductInactive']);
    expect(aacRowProblems({ productNo: 9, itemLength: 3, qty: 0 }, products).map((p) => p.key)).toEqual(['ORDERS.Errors.ProductUnknown', 'ORDERS.Errors.QtyMin']);
  });

  it('a new row never repeats a position after deletions', () => {
    expect(nextAacRow([{ itemIndex: 1, sublotName: '', floorName: '', productNo: 0, itemLength: 3 }, { itemIndex: 5, sublotName: '', floorName: '', productNo: 0, itemLength: 3 }], 0).itemIndex).toBe(6);
  });

  it('a new row copies the last one with itemIndex = count + 1, or starts empty', () => {
    expect(nextAacRow([], 0)).toEqual({ itemIndex: 1, sublotName: '', floorName: '', productNo: 0, itemLength: 0, qty: 0 });
    expect(nextAacRow([{ sublotName: 'K1', floorName: 'EG', productNo: 1, itemLength: 2.5 }, { sublotName: 'K2', floorName: 'OG', productNo: 0, itemLength: 3 }], 0)).toEqual({
      itemIndex: 3, sublotName: 'K2', floorName: 'OG', productNo: 0, itemLength: 3, qty: 0,
    });
  });

  it('summarises per product and length: area = width × length × qty, pallets per row', () => {
    const summary = aacSummary(
      [
        { productNo: 0, itemLength: 3, qty: 24 }, // 625 × 3000 × 24 = 45 m², 3 pallets
        { productNo: 0, itemLength: 3, qty: 5 }, // + 9.375 m², 1 pallet
        { productNo: 1, itemLength: 2.5, qty: 15 }, // 625 × 2500 × 15 = 23.4375 m², 2 pallets (14 per pallet)
        { productNo: 1, itemLength: 2.5, qty: 0 }, // not counted
      ],
      products,
    );
    expect(summary.lines).toEqual([
      { product: 'PE 0', articleNo: 'A-0', length: 3000, totalArea: 54.38, totalAreaString: '54.38', totalQty: 29, totalPallets: 4 },
      { product: 'PE 1', articleNo: 'A-1', length: 2500, totalArea: 23.44, totalAreaString: '23.44', totalQty: 15, totalPallets: 2 },
    ]);
    expect(summary).toMatchObject({ totalQty: 44, totalPallets: 6, totalAreaString: '77.81', smallVolume: true });
  });
});

describe('lintel cascade', () => {
  it('offers active thicknesses, the thickness’s lengths and the size’s heights', () => {
    expect(lintelThicknesses(lintels)).toEqual([175, 240]);
    expect(lintelLengths(lintels, 175)).toEqual([1000, 1250]);
    expect(lintelHeights(lintels, 175, 1250)).toEqual([124, 249]);
    expect(lintelProductsFor(lintels, { thickness: 175, length: 1100, height: 124 }).map((p) => p.id)).toEqual([2, 3]);
  });

  it('thickness clears length, height and product; length clears height and product', () => {
    const full = { ...empty, thickness: 175, length: 1250, height: 124, productID: 2, lintelType: 'FS' };
    expect(withThickness(full, 240)).toEqual({ ...empty, thickness: 240 });
    expect(withLength(full, 1000)).toEqual({ ...empty, thickness: 175, length: 1000 });
  });

  it('height finds the exact product (no cut) or the smallest to cut from', () => {
    const row = withLength(withThickness(empty, 175), 1250);
    expect(withHeight(row, 249, lintels)).toMatchObject({ height: 249, productID: 3, hasCut: false, lintelType: 'other' });
    expect(withHeight(row, 200, lintels)).toMatchObject({ height: 200, productID: 3, hasCut: true });
    expect(withHeight(row, 300, lintels)).toMatchObject({ productID: null, hasCut: false });
  });

  it('choosing a product sets hasCut and the type', () => {
    const row = withHeight(withLength(withThickness(empty, 175), 1000), 124, lintels);
    expect(row).toMatchObject({ productID: 1, hasCut: false, lintelType: 'FS' });
    expect(withProduct(row, 3, lintels)).toMatchObject({ productID: 3, hasCut: true, lintelType: 'other' });
    expect(withProduct(row, 99, lintels)).toMatchObject({ productID: null, lintelType: null });
  });

  it('a saved row needs an active product of its thickness at least as long and high', () => {
    expect(lintelRowProblems({ thickness: 175, length: 1100, height: 124, productID: 2, qty: 1 }, lintels)).toEqual([]);
    expect(lintelRowProblems({ thickness: 240, length: 1100, height: 124, productID: 2, qty: 1 }, lintels).map((p) => p.key)).toEqual(['ORDERS.Errors.ProductMismatch']);
    expect(lintelRowProblems({ thickness: 240, length: 1500, height: 249, productID: 5, qty: 0 }, lintels).map((p) => p.key)).toEqual(['ORDERS.Errors.ProductInactive', 'ORDERS.Errors.QtyMin']);
  });

  it('summarises per product: area = row length × height × qty', () => {
    const summary = lintelSummary(
      [
        { productID: 2, length: 1250, qty: 8 }, // 1.25 × 0.124 × 8 = 1.24 m², 1 pallet
        { productID: 2, length: 1100, qty: 30 }, // 1.1 × 0.124 × 30 = 4.092 m², 2 pallets
        { productID: 3, length: 1250, qty: 2 }, // 1.25 × 0.249 × 2 = 0.6225 m², 1 pallet
      ],
      lintels,
    );
    expect(summary.lines).toEqual([
      { product: 'Sturz 175/124/1250', itemNo: 'L-2', height: 124, totalArea: 5.33, totalAreaString: '5.33', totalQty: 38, totalPallets: 3 },
      { product: 'Sturz 175/249/1250', itemNo: 'L-3', height: 249, totalArea: 0.62, totalAreaString: '0.62', totalQty: 2, totalPallets: 1 },
    ]);
    expect(summary).toMatchObject({ totalQty: 40, totalPallets: 4, smallVolume: true });
  });
});

describe('invalid rows do not count (issue 20)', () => {
  it('an AAC row off the 20 mm step, out of range or with a broken quantity adds no pallets and no small-volume notice', () => {
    const valid = { productNo: 0, itemLength: 2.76, qty: 30 };
    const base = aacSummary([valid], products);
    for (const invalid of [
      { productNo: 0, itemLength: 2.765, qty: 5 },
      { productNo: 0, itemLength: 2.77, qty: 5 },
      { productNo: 0, itemLength: 9.0, qty: 5 },
      { productNo: 0, itemLength: 2.76, qty: 2.5 },
    ]) {
      expect(aacRowCounts(invalid, products)).toBe(false);
      expect(aacSummary([valid, invalid], products)).toEqual(base);
    }
    // Alone, an invalid row shows no small-volume notice.
    expect(aacSummary([{ productNo: 0, itemLength: 2.76, qty: 2.5 }], products).smallVolume).toBe(false);
    expect(aacRowCounts(valid, products)).toBe(true);
  });

  it('a lintel row with a fractional quantity does not count', () => {
    expect(lintelSummary([{ productID: 1, length: 1000, qty: 2.5 }], lintels).totalPallets).toBe(0);
    expect(lintelSummary([{ productID: 1, length: 1000, qty: 2.5 }], lintels).smallVolume).toBe(false);
  });
});

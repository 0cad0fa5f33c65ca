import { and, eq } from 'drizzle-orm';
import type { Tx } from './client.js';
import { aacOrderItems, lintelOrderItems, lintelProducts, projectUnits } from './schema.js';

type AacSeed = [room: string, storey: string, productNo: number, lengthMm: number, qty: number];
type LintelSeed = [room: string, storey: string, thickness: number, length: number, height: number, qty: number];

/** Order rows of the demo lots: Schule am Stadtpark's are in PlaceOrder (a small AAC order: the warning shows). */
const AAC_ITEMS: Record<string, AacSeed[]> = {
  'Wandelemente Bauabschnitt 1': [
    ['Klasse 1.01', 'EG', 0, 3000, 24],
    ['Klasse 1.02', 'EG', 0, 2760, 30],
    ['Flur', 'EG', 2, 2500, 16],
  ],
  'Wandelemente Haus B': [
    ['Wohnung B.01', 'EG', 1, 2740, 40],
    ['Wohnung B.02', 'EG', 1, 2740, 36],
    ['Treppenhaus', 'EG', 0, 3000, 12],
  ],
};

const LINTEL_ITEMS: Record<string, LintelSeed[]> = {
  'Stürze Bauabschnitt 1': [
    ['Klasse 1.01', 'EG', 240, 1500, 124, 8],
    ['Klasse 1.02', 'EG', 240, 1750, 124, 6],
    ['Flur', 'EG', 175, 1250, 124, 10],
    ['Eingang', 'EG', 365, 2500, 249, 2],
  ],
  'Stürze Haus A und B': [
    ['Wohnung A.01', 'EG', 175, 1000, 124, 12],
    ['Wohnung B.01', 'EG', 240, 1250, 249, 4],
  ],
};

async function lotByTitle(tx: Tx, title: string) {
  const [lot] = await tx.select().from(projectUnits).where(eq(projectUnits.title, title));
  return lot;
}

export async function seedDemoOrders(tx: Tx): Promise<void> {
  for (const [title, rows] of Object.entries(AAC_ITEMS)) {
    const lot = await lotByTitle(tx, title);
    if (!lot) continue;
    await tx.insert(aacOrderItems).values(
      rows.map(([sublotName, floorName, productNo, lengthMm, qty], index) => ({ unitId: lot.id, itemIndex: index + 1, sublotName, floorName, productNo, itemLength: lengthMm / 1000, qty })),
    );
    await tx.update(projectUnits).set({ itemCount: rows.length }).where(eq(projectUnits.id, lot.id));
  }
  for (const [title, rows] of Object.entries(LINTEL_ITEMS)) {
    const lot = await lotByTitle(tx, title);
    if (!lot) continue;
    const values = [];
    for (const [index, [sublotName, floorName, thickness, length, height, qty]] of rows.entries()) {
      const [product] = await tx
        .select()
        .from(lintelProducts)
        .where(and(eq(lintelProducts.tenantId, lot.tenantId), eq(lintelProducts.thickness, thickness), eq(lintelProducts.length, length), eq(lintelProducts.height, height)));
      if (!product) continue;
      values.push({ unitId: lot.id, itemIndex: index + 1, sublotName, floorName, thickness, length, height, productId: product.id, hasCut: false, lintelType: product.lintelType, qty });
    }
    if (values.length) await tx.insert(lintelOrderItems).values(values);
    await tx.update(projectUnits).set({ itemCount: values.length }).where(eq(projectUnits.id, lot.id));
  }
}

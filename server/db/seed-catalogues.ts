import type { Tx } from './client.js';
import { eq } from 'drizzle-orm';
import { aacProducts, bulkOperations, lintelProducts, users } from './schema.js';

type AacSeed = Omit<typeof aacProducts.$inferInsert, 'tenantId' | 'id' | 'updatedAt'>;
type LintelSeed = Omit<typeof lintelProducts.$inferInsert, 'tenantId' | 'id' | 'updatedAt'>;

/** Element ranges (mm): productNo 0..2 is the order table's product list, thickest first. */
const AAC_RANGES: Record<'de' | 'nl' | 'en', AacSeed[]> = {
  de: [
    { productNo: 0, articleNo: 'NS-PE-300-625', title: 'Planelement PE 300', value: 'PE300', thickness: 300, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 10 },
    { productNo: 1, articleNo: 'NS-PE-240-625', title: 'Planelement PE 240', value: 'PE240', thickness: 240, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 14 },
    { productNo: 2, articleNo: 'NS-PE-175-625', title: 'Planelement PE 175', value: 'PE175', thickness: 175, width: 625, minLength: 1000, maxLength: 5000, unitsPerPallet: 18 },
  ],
  nl: [
    { productNo: 0, articleNo: 'CB-VE-300-600', title: 'Vloerelement VE 300', value: 'VE300', thickness: 300, width: 600, minLength: 1200, maxLength: 7200, unitsPerPallet: 10 },
    { productNo: 1, articleNo: 'CB-WE-200-600', title: 'Wandelement WE 200', value: 'WE200', thickness: 200, width: 600, minLength: 1000, maxLength: 6000, unitsPerPallet: 16 },
    { productNo: 2, articleNo: 'CB-WE-150-600', title: 'Wandelement WE 150', value: 'WE150', thickness: 150, width: 600, minLength: 1000, maxLength: 4800, unitsPerPallet: 20 },
  ],
  en: [
    { productNo: 0, articleNo: 'CCL-WP-250-600', title: 'Wall panel WP 250', value: 'WP250', thickness: 250, width: 600, minLength: 1200, maxLength: 6000, unitsPerPallet: 12 },
    // Withdrawn from the range: kept for old orders, not offered in new ones. productNo 2 is still free.
    { productNo: 1, articleNo: 'CCL-WP-200-600', title: 'Wall panel WP 200', value: 'WP200', thickness: 200, width: 600, minLength: 1200, maxLength: 6000, unitsPerPallet: 15, active: false },
  ],
};

const LINTEL_THICKNESSES = [115, 175, 240, 300, 365];
const LINTEL_HEIGHTS = [124, 249];
const LINTEL_LENGTHS = Array.from({ length: 9 }, (_, index) => 1000 + index * 250);

const LINTEL_WORDS = {
  de: { fs: 'Flachsturz', other: 'Porenbetonsturz', prefix: 'NS' },
  nl: { fs: 'Vlakke latei', other: 'Cellenbetonlatei', prefix: 'CB' },
  en: { fs: 'Flat lintel', other: 'AAC lintel', prefix: 'CCL' },
} as const;

/**
 * Lintels: thicknesses 115–365 mm, lengths 1000–3000 mm in 250 mm steps, heights 124 and 249 mm.
 * The low ones are flat lintels (FS), the high ones load-bearing lintels of the other type.
 */
function lintelRange(language: keyof typeof LINTEL_WORDS): LintelSeed[] {
  const words = LINTEL_WORDS[language];
  return LINTEL_THICKNESSES.flatMap((thickness) =>
    LINTEL_HEIGHTS.flatMap((height) =>
      LINTEL_LENGTHS.map((length) => {
        const isFlat = height === 124;
        const code = `${isFlat ? 'FS' : 'TS'} ${thickness}/${height}/${length}`;
        return {
          itemNo: `${words.prefix}-${isFlat ? 'FS' : 'TS'}-${thickness}-${height}-${length}`,
          title: `${isFlat ? words.fs : words.other} ${thickness}/${height}, ${length} mm`,
          value: code.replace(/ /g, '').replace(/\//g, '-'),
          height,
          thickness,
          length,
          lintelType: isFlat ? 'FS' : 'other',
          // Longer and thicker lintels weigh more: fewer per pallet.
          unitsPerPallet: Math.max(6, Math.round(2_400_000 / (thickness * length * (isFlat ? 1 : 2)) / 2) * 2),
        };
      }),
    ),
  );
}

/** Demo list prices (the price list an import changes): thicker elements cost more. */
const aacListPrice = (thickness: number) => (thickness * 0.62 + 24.5).toFixed(2);
const lintelListPrice = (thickness: number, height: number, length: number) => ((thickness * height * length) / 1_000_000 * 0.9 + 6.4).toFixed(2);

/** The demo catalogues: Nordstein (German), Calcon (Dutch), CCL (English); `tenantIds` in that order. */
export async function seedDemoCatalogues(tx: Tx, tenantIds: number[]): Promise<void> {
  const languages = ['de', 'nl', 'en'] as const;
  for (const [index, tenantId] of tenantIds.slice(0, languages.length).entries()) {
    const language = languages[index];
    await tx.insert(aacProducts).values(AAC_RANGES[language].map((product) => ({ ...product, price: aacListPrice(product.thickness), tenantId })));
    await tx.insert(lintelProducts).values(lintelRange(language).map((product) => ({ ...product, price: lintelListPrice(product.thickness, product.height, product.length), tenantId })));
  }
}

/** The record of bulk changes shows the price list the demo catalogues came from and one bulk edit. */
export async function seedDemoBulkOperations(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.login, 'admin'));
  if (!admin) return;
  const day = 24 * 60 * 60 * 1000;
  await tx.insert(bulkOperations).values([
    { kind: 'import', resource: 'lintelproducts', userId: admin.id, userLogin: 'admin', fileName: 'Preisliste 2026.xlsx', created: 0, updated: 270, unchanged: 0, details: { rows: 270 }, createdAt: new Date(Date.now() - 14 * day) },
    { kind: 'update', resource: 'aacproducts', userId: admin.id, userLogin: 'admin', fileName: null, created: 0, updated: 1, unchanged: 0, details: { data: { active: false }, ids: 1 }, createdAt: new Date(Date.now() - 7 * day) },
  ]);
}

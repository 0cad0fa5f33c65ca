/**
 * Preliminary days per plant and product type: the full grid and its rows (the route and the bulk import).
 */
import { eq, inArray } from 'drizzle-orm';
import { comparePreliminaryDaysRows, missingPreliminaryDays, type PreliminaryDaysRecord, type PreliminaryDaysValue } from '../../src/domain/preliminaryDays.js';
import type { Db, Tx } from '../db/client.js';
import { plants, preliminaryDays, productTypes } from '../db/schema.js';

/** Every plant × product type pair of a tenant gets a row (the tenant's largest value, else the default). */
export async function completePairs(tx: Tx): Promise<void> {
  const plantRows = await tx.select({ id: plants.id, tenantId: plants.tenantId }).from(plants);
  const typeRows = await tx.select({ id: productTypes.id, tenantId: productTypes.tenantId }).from(productTypes);
  const values = await tx
    .select({ plantId: preliminaryDays.plantId, productTypeId: preliminaryDays.productTypeId, preliminaryDays: preliminaryDays.preliminaryDays, tenantId: plants.tenantId })
    .from(preliminaryDays)
    .innerJoin(plants, eq(plants.id, preliminaryDays.plantId));
  const tenantIds = new Set(plantRows.map((plant) => plant.tenantId));
  const missing: PreliminaryDaysValue[] = [];
  for (const tenantId of tenantIds) {
    const ofTenant = <T extends { tenantId: number }>(rows: T[]) => rows.filter((row) => row.tenantId === tenantId);
    missing.push(
      ...missingPreliminaryDays(
        ofTenant(plantRows).map((plant) => plant.id),
        ofTenant(typeRows).map((type) => type.id),
        ofTenant(values),
      ),
    );
  }
  // A concurrent first visit may have added the same pairs: the unique index decides, nothing fails.
  if (missing.length) await tx.insert(preliminaryDays).values(missing).onConflictDoNothing();
}

export async function selectRecords(db: Db | Tx, ids?: number[]): Promise<PreliminaryDaysRecord[]> {
  const rows = await (db as Db)
    .select({
      id: preliminaryDays.id,
      tenantID: plants.tenantId,
      plantID: plants.id,
      plantName: plants.name,
      productTypeID: productTypes.id,
      productTypeTitle: productTypes.title,
      preliminaryDays: preliminaryDays.preliminaryDays,
    })
    .from(preliminaryDays)
    .innerJoin(plants, eq(plants.id, preliminaryDays.plantId))
    .innerJoin(productTypes, eq(productTypes.id, preliminaryDays.productTypeId))
    .where(ids ? inArray(preliminaryDays.id, ids) : undefined);
  return rows.map((row) => ({ ...row, productPlantPreliminaryDaysID: row.id })).sort(comparePreliminaryDaysRows);
}

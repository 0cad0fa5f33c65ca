import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DELIVERY_TYPE, parseWallNos, plannedDeliveryLots, type DeliverySource } from '../../src/domain/deliveries.js';
import { effectivePreliminaryDays, type PreliminaryDaysValue } from '../../src/domain/preliminaryDays.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import { addDays, todayIso, type MaterialType, type StructureMaterial } from '../../src/domain/structure.js';
import type { Db, Tx } from '../db/client.js';
import { deliveryLots, materials, plants, preliminaryDays, productTypes, projectUnits, salesOrganisations } from '../db/schema.js';
import type { UnitRow } from './project-access.js';

/** What the earliest delivery dates of a root's units are computed from (one load per request). */
export interface PreliminaryContext {
  today: string;
  values: PreliminaryDaysValue[];
  defaultPlantId: number | null;
  types: { key: string; label: string; productTypeID: number }[];
}

/**
 * The material types of a root's structure and the data for the earliest dates. The types are the tenant's
 * product types (key: their material key, else their title) until the questionnaire's sheets provide them.
 */
export async function preliminaryContext(db: Db | Tx, root: UnitRow, now = new Date()): Promise<PreliminaryContext> {
  const d = db as Db;
  const values = await d
    .select({ plantId: preliminaryDays.plantId, productTypeId: preliminaryDays.productTypeId, preliminaryDays: preliminaryDays.preliminaryDays })
    .from(preliminaryDays)
    .innerJoin(plants, eq(plants.id, preliminaryDays.plantId))
    .where(eq(plants.tenantId, root.tenantId));
  const [org] = root.salesOrgId
    ? await d.select({ defaultPlantId: salesOrganisations.defaultPlantId }).from(salesOrganisations).where(eq(salesOrganisations.id, root.salesOrgId))
    : [];
  const typeRows = await d.select().from(productTypes).where(eq(productTypes.tenantId, root.tenantId)).orderBy(asc(productTypes.title));
  return {
    today: todayIso(now),
    values,
    defaultPlantId: org?.defaultPlantId ?? null,
    types: typeRows.map((row) => ({ key: row.materialKey || row.title, label: row.title, productTypeID: row.id })),
  };
}

/** The unit's preliminary days for a material type: its assigned product type first, else the type's. */
export function unitPreliminaryDays(context: PreliminaryContext, unit: Pick<UnitRow, 'plantId' | 'productTypeId'> | null, typeKey?: string): number {
  const typeProduct = typeKey ? (context.types.find((type) => type.key === typeKey)?.productTypeID ?? null) : null;
  return effectivePreliminaryDays({ plantId: unit?.plantId ?? null, productTypeId: unit?.productTypeId ?? typeProduct }, context.defaultPlantId, context.values);
}

export function unitMinDate(context: PreliminaryContext, unit: Pick<UnitRow, 'plantId' | 'productTypeId'> | null, typeKey?: string): string {
  return addDays(context.today, unitPreliminaryDays(context, unit, typeKey));
}

/** The material types with the earliest date a new unit (no plant or product type of its own yet) gets. */
export function materialTypes(context: PreliminaryContext): MaterialType[] {
  return context.types.map((type) => ({ ...type, minDate: unitMinDate(context, null, type.key) }));
}

/** Earliest date per type for one existing unit. */
export function unitMinDates(context: PreliminaryContext, unit: Pick<UnitRow, 'plantId' | 'productTypeId'>): Record<string, string> {
  return Object.fromEntries(context.types.map((type) => [type.key, unitMinDate(context, unit, type.key)]));
}

export async function materialsOf(db: Db | Tx, unitIds: number[]): Promise<Map<number, StructureMaterial[]>> {
  const result = new Map<number, StructureMaterial[]>();
  if (!unitIds.length) return result;
  const rows = await (db as Db)
    .select()
    .from(materials)
    .where(inArray(materials.unitId, unitIds))
    .orderBy(asc(materials.unitId), asc(materials.position), asc(materials.id));
  for (const row of rows) {
    const list = result.get(row.unitId) ?? [];
    list.push({ type: row.type, volume: Number(row.volume), deliveryDate: row.deliveryDate });
    result.set(row.unitId, list);
  }
  return result;
}

/** Replaces a lot's materials. */
export async function replaceMaterials(tx: Tx, unitId: number, list: StructureMaterial[]) {
  await tx.delete(materials).where(eq(materials.unitId, unitId));
  if (list.length) {
    await tx.insert(materials).values(list.map((material, position) => ({ unitId, position, type: material.type, volume: material.volume, deliveryDate: material.deliveryDate })));
  }
}

/**
 * Keeps the root's planned delivery lots in step with its materials: one per subproject and delivery date.
 * Existing lots keep their id and type (a Fixed lot stays Fixed) and get the current lots and walls; new
 * ones start as Planned; lots no longer backed by materials go unless Fixed (a confirmed delivery stays).
 */
export async function syncDeliveryLots(tx: Tx, rootId: number) {
  const units = await tx
    .select({ id: projectUnits.id, parentId: projectUnits.parentId, type: projectUnits.type, title: projectUnits.title, data: projectUnits.data })
    .from(projectUnits)
    .where(and(eq(projectUnits.rootId, rootId), inArray(projectUnits.type, ['subproject', 'approvallot'])))
    .orderBy(asc(projectUnits.number));
  const lotUnits = units.filter((unit) => unit.type === 'approvallot');
  const materialMap = await materialsOf(tx, lotUnits.map((unit) => unit.id));
  const sources: DeliverySource[] = units
    .filter((unit) => unit.type === 'subproject')
    .map((subproject) => ({
      subprojectId: subproject.id,
      subprojectTitle: subproject.title,
      lots: lotUnits
        .filter((lot) => lot.parentId === subproject.id)
        .map((lot) => ({ unitId: lot.id, title: lot.title, wallNos: parseWallNos(parseUnitData(lot.data).WallNos), materials: materialMap.get(lot.id) ?? [] })),
    }));
  const planned = plannedDeliveryLots(sources);
  const existing = await tx.select().from(deliveryLots).where(eq(deliveryLots.rootId, rootId));
  const keep: number[] = [];
  for (const lot of planned) {
    const match = existing.find((row) => row.subprojectId === lot.subprojectId && row.deliveryDate === lot.deliveryDate);
    if (match) {
      keep.push(match.id);
      if (match.title !== lot.title || match.groups !== lot.groups || match.wallNos !== lot.wallNos || match.unitIds.join(',') !== lot.unitIds.join(',')) {
        await tx
          .update(deliveryLots)
          .set({ title: lot.title, groups: lot.groups, wallNos: lot.wallNos, unitIds: lot.unitIds, version: sql`${deliveryLots.version} + 1`, updatedAt: new Date() })
          .where(eq(deliveryLots.id, match.id));
      }
    } else {
      const [row] = await tx.insert(deliveryLots).values({ rootId, ...lot, deliveryType: DELIVERY_TYPE.Planned }).returning({ id: deliveryLots.id });
      keep.push(row.id);
    }
  }
  await tx
    .delete(deliveryLots)
    .where(and(eq(deliveryLots.rootId, rootId), sql`${deliveryLots.deliveryType} <> ${DELIVERY_TYPE.Fixed}`, keep.length ? notInArray(deliveryLots.id, keep) : undefined));
}

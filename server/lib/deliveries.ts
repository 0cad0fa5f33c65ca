import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DELIVERY_TYPE, parseWallNos, plannedDeliveryLots, type DeliverySource } from '../../src/domain/deliveries.js';
import { tooEarlyDates, type TooEarlyDate } from '../../src/domain/deliveryDates.js';
import { effectivePreliminaryDays, type PreliminaryDaysValue } from '../../src/domain/preliminaryDays.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import { addDays, todayIso, type MaterialType, type StructureMaterial } from '../../src/domain/structure.js';
import { rowsOf, type Db, type Tx } from '../db/client.js';
import { intArray } from '../db/prepared.js';
import { deliveryLots, materials, plants, preliminaryDays, productTypes, projectUnits, salesOrganisations, tenants } from '../db/schema.js';
import type { UnitRow } from './project-access.js';
import { questionnaireStructureTypes } from './questionnaire.js';

/** What the earliest delivery dates of a root's units are computed from (one load per request). */
export interface PreliminaryContext {
  today: string;
  values: PreliminaryDaysValue[];
  defaultPlantId: number | null;
  types: { key: string; label: string; productTypeID: number | null }[];
}

interface PreliminaryData {
  values: (PreliminaryDaysValue & { tenantId: number })[];
  defaultPlants: Map<number, number | null>;
  types: { tenantId: number; key: string; label: string; productTypeID: number }[];
}


/**
 * The admin table, default plants and product types of some tenants and sales organisations — and, for lists, which
 * of `parentsOf` have children: one query (each part a JSON aggregate), not four round trips per list.
 */
async function loadPreliminaryData(
  db: Db | Tx,
  tenantIds: number[],
  salesOrgIds: number[],
  parentsOf: number[] = [],
  materialsOf: number[] = [],
): Promise<PreliminaryData & { parents: Set<number>; materials: Map<number, StructureMaterial[]> }> {
  const tenantList = intArray(tenantIds);
  const [row] = rowsOf<{ values: unknown; orgs: unknown; types: unknown; parents: unknown; materials: unknown }>(
    await (db as Db).execute(sql`select
      (select coalesce(json_agg(json_build_object('plantId', d.plant_id, 'productTypeId', d.product_type_id, 'preliminaryDays', d.preliminary_days, 'tenantId', p.tenant_id)), '[]'::json)
         from ${preliminaryDays} d join ${plants} p on p.id = d.plant_id where p.tenant_id = any(${tenantList})) as "values",
      (select coalesce(json_agg(json_build_object('id', o.id, 'defaultPlantId', o.default_plant_id)), '[]'::json)
         from ${salesOrganisations} o where o.id = any(${intArray(salesOrgIds)})) as "orgs",
      (select coalesce(json_agg(json_build_object('tenantId', t.tenant_id, 'materialKey', t.material_key, 'title', t.title, 'id', t.id) order by t.title), '[]'::json)
         from ${productTypes} t where t.tenant_id = any(${tenantList})) as "types",
      (select coalesce(json_agg(distinct u.parent_id), '[]'::json)
         from ${projectUnits} u where u.parent_id = any(${intArray(parentsOf)})) as "parents",
      (select coalesce(json_agg(json_build_object('unitId', m.unit_id, 'type', m.type, 'volume', m.volume, 'deliveryDate', m.delivery_date) order by m.unit_id, m.position, m.id), '[]'::json)
         from ${materials} m where m.unit_id = any(${intArray(materialsOf)})) as "materials"`),
  );
  // PGlite answers json as objects, node-postgres too; a driver that answers text is read as well.
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const values = json<(PreliminaryDaysValue & { tenantId: number })[]>(row.values);
  const orgs = json<{ id: number; defaultPlantId: number | null }[]>(row.orgs);
  const typeRows = json<{ tenantId: number; materialKey: string | null; title: string; id: number }[]>(row.types);
  return {
    values,
    defaultPlants: new Map(orgs.map((org) => [org.id, org.defaultPlantId])),
    types: typeRows.map((type) => ({ tenantId: type.tenantId, key: type.materialKey || type.title, label: type.title, productTypeID: type.id })),
    parents: new Set(json<number[]>(row.parents)),
    materials: groupMaterials(json<{ unitId: number; type: string; volume: number | string; deliveryDate: string }[]>(row.materials)),
  };
}

/** Materials by their lot, in the order given. */
function groupMaterials(rows: { unitId: number; type: string; volume: number | string; deliveryDate: string }[]): Map<number, StructureMaterial[]> {
  const result = new Map<number, StructureMaterial[]>();
  for (const row of rows) {
    const list = result.get(row.unitId) ?? [];
    list.push({ type: row.type, volume: Number(row.volume), deliveryDate: row.deliveryDate });
    result.set(row.unitId, list);
  }
  return result;
}

function contextOf(data: PreliminaryData, tenantId: number, salesOrgId: number | null, today: string): PreliminaryContext {
  return {
    today,
    values: data.values.filter((value) => value.tenantId === tenantId).map(({ tenantId: _tenant, ...value }) => value),
    defaultPlantId: salesOrgId ? (data.defaultPlants.get(salesOrgId) ?? null) : null,
    types: data.types.filter((type) => type.tenantId === tenantId).map(({ tenantId: _tenant, ...type }) => type),
  };
}

/**
 * The material types of a root's structure and the data for the earliest dates. The types are the active material
 * sheets of the root's saved questionnaire (labelled in `language`, mapped to the product type with the same material
 * key); before anything is saved, or for a set without material sheets, the tenant's product types (key: their
 * material key, else their title).
 */
export async function preliminaryContext(db: Db | Tx, root: UnitRow, now = new Date(), language = 'de'): Promise<PreliminaryContext> {
  const data = await loadPreliminaryData(db, [root.tenantId], root.salesOrgId ? [root.salesOrgId] : []);
  const context = contextOf(data, root.tenantId, root.salesOrgId, todayIso(now));
  const [tenant] = await (db as Db).select({ type: tenants.type }).from(tenants).where(eq(tenants.id, root.tenantId));
  const fromSheets = await questionnaireStructureTypes(db, root, tenant?.type === 'ccl' ? 'ccl' : 'standard', language);
  if (fromSheets) {
    context.types = fromSheets.map((type) => ({ key: type.key, label: type.label, productTypeID: context.types.find((product) => product.key === type.key)?.productTypeID ?? null }));
  }
  return context;
}

/** What a unit's record says beyond its row: children, preliminary days, too-early delivery dates. */
export interface UnitFacts {
  preliminaryDays: number;
  hasChildren: boolean;
  tooEarlyDates: TooEarlyDate[];
}

/**
 * The preliminary days of many units at once (lists of units of any tenants), each through `unitPreliminaryDays`, and
 * whether each has children, and the approval lots' materials — read together in one query.
 */
export async function listFactsOfUnits(
  db: Db | Tx,
  units: Pick<UnitRow, 'id' | 'type' | 'tenantId' | 'salesOrgId' | 'plantId' | 'productTypeId'>[],
  now = new Date(),
): Promise<UnitFacts[]> {
  if (!units.length) return [];
  const tenantIds = [...new Set(units.map((unit) => unit.tenantId))];
  const salesOrgIds = [...new Set(units.flatMap((unit) => (unit.salesOrgId ? [unit.salesOrgId] : [])))];
  // Approval lots' stored dates against the rules that apply now (issue #39): their materials in the same query.
  const data = await loadPreliminaryData(
    db,
    tenantIds,
    salesOrgIds,
    units.map((unit) => unit.id),
    units.filter((unit) => unit.type === 'approvallot').map((unit) => unit.id),
  );
  const lotMaterials = data.materials;
  const contexts = new Map<string, PreliminaryContext>();
  return units.map((unit) => {
    const key = `${unit.tenantId}:${unit.salesOrgId ?? ''}`;
    const context = contexts.get(key) ?? contextOf(data, unit.tenantId, unit.salesOrgId, todayIso(now));
    contexts.set(key, context);
    const tooEarly = tooEarlyDates(lotMaterials.get(unit.id) ?? [], (type) => unitMinDate(context, unit, type));
    return { preliminaryDays: unitPreliminaryDays(context, unit), hasChildren: data.parents.has(unit.id), tooEarlyDates: tooEarly };
  });
}

/**
 * A unit's preliminary days (the one rule every date check uses): for a material type, its assigned product type
 * first, else the type's; without a type, its own product type × plant (see `effectivePreliminaryDays`).
 */
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
  if (!unitIds.length) return new Map();
  const rows = await (db as Db)
    .select()
    .from(materials)
    .where(inArray(materials.unitId, unitIds))
    .orderBy(asc(materials.unitId), asc(materials.position), asc(materials.id));
  return groupMaterials(rows);
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

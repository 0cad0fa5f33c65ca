import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { availableVolume, canEditMaterials, lotMaterialProblems, materialListSchema, type DeliveryStructure } from '../../src/domain/deliveries.js';
import { sumVolume, type StructureMaterial, type StructureProblem } from '../../src/domain/structure.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { deliveryNotifications, projectUnits } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { materialsOf, materialTypes, preliminaryContext, replaceMaterials, syncDeliveryLots, unitMinDates } from '../lib/deliveries.js';
import { ApiError } from '../lib/errors.js';
import { lockedUnitAccess } from '../lib/locks.js';
import { unitAccess, type UnitAccess, type UnitRow } from '../lib/project-access.js';
import { parseId } from '../lib/rest-query.js';
import { problemMessages } from '../lib/structure.js';
import { sessionUser } from '../lib/request.js';
import { requiredVersion, staleVersion } from '../lib/versions.js';
import { deliveryDataSchema } from '../lib/request-schemas.js';
import { readBody } from '../lib/validation.js';

function assertMayEdit(access: UnitAccess) {
  const rule = canEditMaterials(access.context);
  if (!rule.allowed) throw ApiError.fromRule(rule);
}

/** Approval lots of the root's subprojects, with their materials. */
async function lotsOfRoot(db: Db | Tx, rootId: number) {
  const rows = await (db as Db)
    .select()
    .from(projectUnits)
    .where(and(eq(projectUnits.rootId, rootId), inArray(projectUnits.type, ['subproject', 'approvallot'])))
    .orderBy(asc(projectUnits.number));
  const lots = rows.filter((row) => row.type === 'approvallot');
  const subprojects = rows.filter((row) => row.type === 'subproject' && lots.some((lot) => lot.parentId === row.id));
  return { subprojects, lots, materials: await materialsOf(db, lots.map((lot) => lot.id)) };
}

/** Volume of a subproject's lots other than `lotId`, from the given (possibly new) material lists. */
function otherVolume(lots: UnitRow[], lists: Map<number, StructureMaterial[]>, lot: UnitRow): number {
  return sumVolume(lots.filter((row) => row.parentId === lot.parentId && row.id !== lot.id).flatMap((row) => lists.get(row.id) ?? []));
}

async function lotRules(db: Db | Tx, access: UnitAccess) {
  const preliminary = await preliminaryContext(db, access.root, undefined, access.language);
  return { preliminary, types: materialTypes(preliminary) };
}

interface LotChange {
  lot: UnitRow;
  /** The lot's version the client read. */
  version: number;
  materials: StructureMaterial[];
  prefix: (string | number)[];
}

/**
 * Checks and writes new lists for some lots of one root in the caller's transaction (notifications, delivery lots).
 * The caller holds the project lock (`lockedUnitAccess`), so the 350 m³ are checked against what every earlier save
 * committed and no parallel save can slip in between; each lot's version is claimed in its UPDATE (stale → 409).
 */
async function saveLots(tx: Tx, user: SessionUser, access: UnitAccess, changes: LotChange[]) {
  for (const change of changes) {
    const claimed = await tx
      .update(projectUnits)
      .set({ version: sql`${projectUnits.version} + 1`, updatedAt: new Date() })
      .where(and(eq(projectUnits.id, change.lot.id), eq(projectUnits.version, change.version)))
      .returning({ id: projectUnits.id });
    if (!claimed.length) throw staleVersion();
  }
  const { preliminary, types } = await lotRules(tx, access);
  const { lots, materials } = await lotsOfRoot(tx, access.root.id);
  const lists = new Map(materials);
  for (const change of changes) lists.set(change.lot.id, change.materials);
  const problems: { problem: StructureProblem; prefix: (string | number)[] }[] = [];
  for (const change of changes) {
    const minDates = unitMinDates(preliminary, change.lot);
    const found = lotMaterialProblems(change.materials, {
      available: availableVolume(otherVolume(lots, lists, change.lot)),
      materialTypes: types,
      minDate: (type) => minDates[type] ?? preliminary.today,
    });
    problems.push(...found.map((problem) => ({ problem, prefix: change.prefix })));
  }
  if (problems.length) throw new ApiError(400, problems.flatMap(({ problem, prefix }) => problemMessages([problem], prefix)));
  for (const change of changes) {
    await replaceMaterials(tx, change.lot.id, change.materials);
    await tx.insert(deliveryNotifications).values({ rootId: access.root.id, unitId: change.lot.id, userId: user.id, materialData: change.materials });
  }
  await syncDeliveryLots(tx, access.root.id);
}

/** `GET/POST /api/materials/{projectUnitID}` (+ `/context`): an approval lot's material delivery entries. */
export const materialRoutes = new Hono<AppEnv>();

materialRoutes.get('/:unitId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const { unit } = await unitAccess(db, user, parseId(c.req.param('unitId')));
  return c.json((await materialsOf(db, [unit.id])).get(unit.id) ?? []);
});

materialRoutes.get('/:unitId/context', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const access = await unitAccess(db, user, parseId(c.req.param('unitId')));
  if (access.unit.type !== 'approvallot') throw new ApiError(422, [{ key: 'DELIVERY.Errors.NotAnApprovalLot' }]);
  const { preliminary, types } = await lotRules(db, access);
  const { lots, materials } = await lotsOfRoot(db, access.root.id);
  const rule = canEditMaterials(access.context);
  return c.json({
    available: availableVolume(otherVolume(lots, materials, access.unit)),
    materialTypes: types,
    minDate: unitMinDates(preliminary, access.unit),
    canEdit: rule.allowed,
    editReason: rule.allowed ? null : rule.reason,
    version: access.unit.version,
  });
});

/** `?version=N`: the lot's version the list was read with (the body stays the spec's plain list). */
function versionQuery(c: Context<AppEnv>): number {
  const raw = c.req.query('version');
  return requiredVersion(raw === undefined ? undefined : Number(raw));
}

materialRoutes.post('/:unitId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const unitId = parseId(c.req.param('unitId'));
  const body = await readBody(c, materialListSchema, { object: false });
  await db.transaction(async (tx) => {
    const access = await lockedUnitAccess(tx, user, unitId);
    if (access.unit.type !== 'approvallot') throw new ApiError(422, [{ key: 'DELIVERY.Errors.NotAnApprovalLot' }]);
    assertMayEdit(access);
    await saveLots(tx, user, access, [{ lot: access.unit, version: versionQuery(c), materials: body, prefix: [] }]);
  });
  return c.json((await materialsOf(db, [unitId])).get(unitId) ?? []);
});

/** The delivery data overview of a root: per subproject, approval lot and material. */
async function deliveryData(db: Db, access: UnitAccess) {
  const { preliminary, types } = await lotRules(db, access);
  const { subprojects, lots, materials } = await lotsOfRoot(db, access.root.id);
  const rule = canEditMaterials(access.context);
  const subProjects: DeliveryStructure[] = subprojects.map((subproject) => ({
    subProjectID: subproject.id,
    subProjectTitle: subproject.title,
    approvalLots: lots
      .filter((lot) => lot.parentId === subproject.id)
      .map((lot) => ({
        approvalLotID: lot.id,
        approvalLotTitle: lot.title,
        stateKey: lot.stateKey,
        materials: materials.get(lot.id) ?? [],
        minDate: unitMinDates(preliminary, lot),
        available: availableVolume(otherVolume(lots, materials, lot)),
        version: lot.version,
      })),
  }));
  return { canEdit: rule.allowed, editReason: rule.allowed ? null : rule.reason, materialTypes: types, subProjects };
}

/** `GET/POST /api/delivery-data/{rootId}`: the delivery data overview and its save (changed lots only). */
export const deliveryDataRoutes = new Hono<AppEnv>();

async function rootAccess(c: Context<AppEnv>, db: Db | Tx, locked = false) {
  const rootId = parseId(c.req.param('rootId') ?? '');
  const access = locked ? await lockedUnitAccess(db as Tx, sessionUser(c), rootId) : await unitAccess(db, sessionUser(c), rootId);
  if (access.unit.id !== access.root.id) throw ApiError.notFound();
  return access;
}

deliveryDataRoutes.get('/:rootId', async (c) => {
  const db = c.get('db');
  return c.json(await deliveryData(db, await rootAccess(c, db)));
});

deliveryDataRoutes.post('/:rootId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const body = await readBody(c, deliveryDataSchema, { object: false });
  await db.transaction(async (tx) => {
    const access = await rootAccess(c, tx, true);
    assertMayEdit(access);
    const { lots } = await lotsOfRoot(tx, access.root.id);
    const seen = new Set<number>();
    const changes = body.map((entry, index) => {
      const lot = lots.find((row) => row.id === entry.approvalLotID);
      if (!lot || seen.has(lot.id)) throw ApiError.badRequest('DELIVERY.Errors.UnknownApprovalLot', `${index}.approvalLotID`);
      seen.add(lot.id);
      return { lot, version: entry.version, materials: entry.materials, prefix: [index, 'materials'] };
    });
    if (changes.length) await saveLots(tx, user, access, changes);
  });
  return c.json(await deliveryData(db, await rootAccess(c, db)));
});

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  ASSIGNMENT_MESSAGE,
  canAssignProductTypes,
  isAssignableUnit,
  orderNumberOf,
  planningSaveSchema,
  treeOrder,
  withOrderNumber,
  type PlanningData,
} from '../../src/domain/assignments.js';
import type { UnitType } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { plants, productTypes, projectUnits } from '../db/schema.js';
import { assertMayAssign, assertTenantReferences } from '../lib/assignments.js';
import type { AppEnv } from '../lib/context.js';
import { preliminaryContext, unitPreliminaryDays } from '../lib/deliveries.js';
import { ApiError } from '../lib/errors.js';
import { lockedUnitAccess } from '../lib/locks.js';
import { unitAccess, type UnitAccess, type UnitRow } from '../lib/project-access.js';
import { parseId } from '../lib/rest-query.js';
import { sessionUser } from '../lib/request.js';
import { readBody } from '../lib/validation.js';

/** The root of the path (a child's id is 404: the screen belongs to the project). */
/** The root of the path (404 for other units); `locked`: under the project lock, for the save. */
async function rootAccess(c: Context<AppEnv>, db: Db | Tx, locked = false): Promise<UnitAccess> {
  const rootId = parseId(c.req.param('rootId') ?? '');
  const access = locked ? await lockedUnitAccess(db as Tx, sessionUser(c), rootId) : await unitAccess(db, sessionUser(c), rootId);
  if (access.unit.id !== access.root.id) throw ApiError.notFound();
  return access;
}

async function assignableUnitsOf(db: Db | Tx, rootId: number): Promise<UnitRow[]> {
  const rows = await (db as Db).select().from(projectUnits).where(eq(projectUnits.rootId, rootId)).orderBy(asc(projectUnits.number));
  return rows.filter((row) => isAssignableUnit(row.type));
}

/** The screen: the root's assignable units in tree order with their preliminary days, and the tenant's choices. */
async function planningData(db: Db, user: SessionUser, access: UnitAccess): Promise<PlanningData> {
  const { root, context } = access;
  const [units, preliminary, typeRows, plantRows] = await Promise.all([
    assignableUnitsOf(db, root.id),
    preliminaryContext(db, root),
    db.select().from(productTypes).where(eq(productTypes.tenantId, root.tenantId)).orderBy(asc(productTypes.title)),
    db.select().from(plants).where(eq(plants.tenantId, root.tenantId)).orderBy(asc(plants.name)),
  ]);
  return {
    canEdit: canAssignProductTypes({ role: context.role, isInternal: user.isInternal, isAdmin: user.isAdmin }, root.stateKey).allowed,
    units: treeOrder(units, root.id).map((unit) => ({
      projectUnitID: unit.id,
      projectUnitNo: unit.number,
      title: unit.title,
      projectUnitType: unit.type as UnitType,
      depth: unit.depth,
      productTypeID: unit.productTypeId,
      plantID: unit.plantId,
      orderNumber: orderNumberOf(unit.data),
      preliminaryDays: unitPreliminaryDays(preliminary, unit),
      version: unit.version,
    })),
    productTypes: typeRows.map((row) => ({ id: row.id, title: row.title, bgColor: row.bgColor, textColor: row.textColor })),
    plants: plantRows.map((row) => ({ id: row.id, name: row.name })),
  };
}

/** `GET/PUT /api/planning/{rootId}`: product types, plants and order numbers of a project's units, saved at once. */
export const planningRoutes = new Hono<AppEnv>();

planningRoutes.get('/:rootId', async (c) => {
  const db = c.get('db');
  return c.json(await planningData(db, sessionUser(c), await rootAccess(c, db)));
});

/**
 * One transaction: the user plans the project (403), every row names an assignable unit of this root (400),
 * product types and plants are the tenant's (400), every row's version is current (409, nothing written).
 */
planningRoutes.put('/:rootId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const body = await readBody(c, planningSaveSchema);
  const { rows } = body;
  await db.transaction(async (tx) => {
    const access = await rootAccess(c, tx, true);
    assertMayAssign(user, access);
    const ids = rows.map((row) => row.projectUnitID);
    const units = ids.length
      ? await tx.select().from(projectUnits).where(and(eq(projectUnits.rootId, access.root.id), inArray(projectUnits.id, ids))).orderBy(asc(projectUnits.id)).for('no key update')
      : [];
    const unknown = rows.flatMap((row, index) => {
      const unit = units.find((candidate) => candidate.id === row.projectUnitID);
      return unit && isAssignableUnit(unit.type) ? [] : [{ key: ASSIGNMENT_MESSAGE.unknownUnit, reference: `rows.${index}.projectUnitID`, params: { id: row.projectUnitID } }];
    });
    if (unknown.length) throw new ApiError(400, unknown);
    await assertTenantReferences(
      tx,
      access.root.tenantId,
      rows.map((row, index) => ({ productTypeID: row.productTypeID, plantID: row.plantID, prefix: `rows.${index}` })),
    );
    const stale = rows.filter((row) => units.find((unit) => unit.id === row.projectUnitID)!.version !== row.version);
    if (stale.length) {
      throw new ApiError(409, [{ key: ASSIGNMENT_MESSAGE.changed, code: 'Concurrent', params: { titles: stale.map((row) => units.find((unit) => unit.id === row.projectUnitID)!.title).join(', ') } }]);
    }
    for (const row of rows) {
      const unit = units.find((candidate) => candidate.id === row.projectUnitID)!;
      await tx
        .update(projectUnits)
        .set({
          productTypeId: row.productTypeID,
          plantId: row.plantID,
          data: withOrderNumber(unit.data, row.orderNumber),
          version: sql`${projectUnits.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(projectUnits.id, unit.id), eq(projectUnits.version, row.version)));
    }
  });
  return c.json(await planningData(db, user, await rootAccess(c, db)));
});

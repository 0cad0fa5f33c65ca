import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { ASSIGNMENT_MESSAGE, ASSIGNMENTS_RESOURCE, assignmentUpdateSchema, isAssignableUnit, type AssignmentRecord } from '../../src/domain/assignments.js';
import { canAccess } from '../../src/domain/permissions.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { projectUnits } from '../db/schema.js';
import { assertMayAssign, assertTenantReferences, hasAssignment } from '../lib/assignments.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { lockedUnitAccess } from '../lib/locks.js';
import { visibleUnits, type UnitRow } from '../lib/project-access.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { sessionUser } from '../lib/request.js';
import { unitColumns } from '../services/project-units.js';
import { checkBody } from '../lib/validation.js';

type AssignmentRow = UnitRow & { productTypeTitle: string; productTypeBg: string; productTypeText: string; plantName: string | null };

function toRecord(row: AssignmentRow): AssignmentRecord {
  return {
    id: row.id,
    projectUnitID: row.id,
    rootProjectUnitID: row.rootId ?? row.id,
    projectUnitNo: row.number,
    title: row.title,
    productTypeID: row.productTypeId!,
    productType: row.productTypeTitle,
    productTypeBGColor: row.productTypeBg,
    productTypeTextColor: row.productTypeText,
    plantID: row.plantId,
    plant: row.plantName,
  };
}

const unitIdFilter = z.number().int().positive();

const assignmentList = restResource({
  name: ASSIGNMENTS_RESOURCE,
  table: projectUnits,
  id: projectUnits.id,
  sortable: { id: projectUnits.id, projectUnitNo: projectUnits.number, title: projectUnits.title },
  defaultSort: ['projectUnitNo', 'ASC'],
  filters: {
    projectUnitID: { schema: unitIdFilter, where: (value: number) => eq(projectUnits.id, value) },
    rootProjectUnitID: { schema: unitIdFilter, where: (value: number) => eq(projectUnits.rootId, value) },
  },
  // Visible units only (404 beyond), and only those that carry an assignment: the guard's count.
  scope: (user) => and(visibleUnits(user), hasAssignment()),
  columns: unitColumns,
  toRecords: async (_db, rows) => (rows as AssignmentRow[]).map(toRecord) as never,
});

async function recordOf(db: Db, unitId: number): Promise<AssignmentRecord> {
  const [row] = await db.select({ ...getTableColumns(projectUnits), ...unitColumns() }).from(projectUnits).where(eq(projectUnits.id, unitId));
  return toRecord(row as AssignmentRow);
}

/** The unit of the path: visible (404), the user a planner of its project (403), assignable (422); under the project lock. */
async function assignableUnit(tx: Tx, user: SessionUser, rawId: string) {
  const access = await lockedUnitAccess(tx, user, parseId(rawId));
  if (!canAccess(user, { action: 'edit', resource: ASSIGNMENTS_RESOURCE })) throw ApiError.forbidden();
  assertMayAssign(user, access);
  if (!isAssignableUnit(access.unit.type)) throw new ApiError(422, [{ key: ASSIGNMENT_MESSAGE.notAssignable, code: 'RuleViolation' }]);
  return access;
}

/**
 * `GET api/data/planxchange/projectunitproducttypeassignments?filter=projectUnitID eq 12` (or ra's JSON filter
 * `{"projectUnitID":12}` / `{"rootProjectUnitID":5}`) and `…/{id}`: the units with a product type. `PUT …/{id}`
 * `{productTypeID, plantID}` assigns, `DELETE …/{id}` clears; the id is the unit's.
 */
export const assignmentsResource = new Hono<AppEnv>();

assignmentsResource.put('/:id', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const body = await readJsonObject(c.req.raw);
  const id = parseId(c.req.param('id'));
  for (const field of ['id', 'projectUnitID']) {
    if (field in body && body[field] !== id) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', field);
    delete body[field];
  }
  const parsed = checkBody(assignmentUpdateSchema, body);
  await db.transaction(async (tx) => {
    const { unit, root } = await assignableUnit(tx, user, c.req.param('id'));
    const plantID = parsed.plantID === undefined ? unit.plantId : parsed.plantID;
    await assertTenantReferences(tx, root.tenantId, [{ productTypeID: parsed.productTypeID, plantID, prefix: '' }]);
    await tx
      .update(projectUnits)
      .set({ productTypeId: parsed.productTypeID, plantId: plantID, version: sql`${projectUnits.version} + 1`, updatedAt: new Date() })
      .where(eq(projectUnits.id, unit.id));
  });
  return c.json(await recordOf(db, id));
});

assignmentsResource.delete('/:id', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const record = await db.transaction(async (tx) => {
    const { unit } = await assignableUnit(tx, user, c.req.param('id'));
    if (unit.productTypeId === null) throw ApiError.notFound();
    const before = await recordOf(tx as unknown as Db, unit.id);
    await tx
      .update(projectUnits)
      .set({ productTypeId: null, plantId: null, version: sql`${projectUnits.version} + 1`, updatedAt: new Date() })
      .where(eq(projectUnits.id, unit.id));
    return before;
  });
  return c.json(record);
});

assignmentsResource.route('/', assignmentList);

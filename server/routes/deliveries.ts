import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  canConfirmDeliveries,
  canEditCclSchedule,
  canMarkDone,
  showsDeliveryOverview,
  cclScheduleEntrySchema,
  deliveryLotUpdateSchema,
  DELIVERY_TYPE,
  type CclScheduleEntry,
  type DeliveryLotRecord,
  type DeliveryType,
} from '../../src/domain/deliveries.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { cclDeliverySchedule, deliveryLots, projectUnits } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess, visibleUnits } from '../lib/project-access.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { recordDeliveryFixed } from '../lib/events.js';
import { sessionUser, readFilter } from '../lib/request.js';
import { requiredVersion, staleVersion } from '../lib/versions.js';
import { checkBody } from '../lib/validation.js';

type LotRow = typeof deliveryLots.$inferSelect;

function toRecord(row: LotRow): DeliveryLotRecord {
  return {
    id: row.id,
    deliveryLotID: row.id,
    rootProjectUnitID: row.rootId,
    title: row.title,
    deliveryDate: row.deliveryDate,
    groups: row.groups,
    wallNos: row.wallNos,
    projectUnitIDs: row.unitIds.join(','),
    deliveryType: row.deliveryType as DeliveryType,
    version: row.version,
  };
}

/** The root of a delivery overview: visible (404), with the DeliveryOverview feature (403 FeatureOff). */
async function assertOverview(db: Db, user: SessionUser, rootId: number) {
  const { unit, root, context } = await unitAccess(db, user, rootId);
  if (unit.id !== root.id) throw ApiError.notFound();
  if (!showsDeliveryOverview({ isRoot: true, rootState: root.stateKey, features: context.features })) throw ApiError.refused('DELIVERY.Errors.FeatureOff', 'FeatureOff');
}

const filterSchema = z.strictObject({
  rootProjectUnitID: z.number({ error: 'VALIDATION.IsRequired' }).int().positive(),
  hidePast: z.boolean().optional(),
  deliveryDate_gte: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});

const overviewList = restResource({
  name: 'delivery-overview',
  table: deliveryLots,
  id: deliveryLots.id,
  sortable: { deliveryDate: deliveryLots.deliveryDate, title: deliveryLots.title, deliveryType: deliveryLots.deliveryType },
  defaultSort: ['deliveryDate', 'ASC'],
  filters: {
    rootProjectUnitID: { schema: filterSchema.shape.rootProjectUnitID, where: (value: number) => eq(deliveryLots.rootId, value) },
    hidePast: { schema: z.boolean(), where: (value: boolean) => (value ? sql`${deliveryLots.deliveryDate} >= current_date` : undefined) },
    deliveryDate_gte: { schema: filterSchema.shape.deliveryDate_gte.unwrap(), where: (value: string) => sql`${deliveryLots.deliveryDate} >= ${value}` },
  },
  scope: (user) => sql`${deliveryLots.rootId} in (select ${projectUnits.id} from ${projectUnits} where ${projectUnits.id} = ${projectUnits.rootId} and ${visibleUnits(user)})`,
  toRecords: async (_db, rows) => (rows as LotRow[]).map(toRecord) as never,
  readOnlyFields: ['deliveryLotID'],
  // The done action names the version it read (required; checked in the UPDATE by the REST layer).
  version: deliveryLots.version,
  conflict: 'DELIVERY.Errors.Changed',
  update: {
    schema: deliveryLotUpdateSchema.omit({ deliveryLotID: true, version: true }),
    write: async (tx, id, _input: { deliveryType: number }, existing) => {
      if (!canMarkDone((existing as LotRow).deliveryType)) throw new ApiError(409, [{ key: 'DELIVERY.Errors.AlreadyFixed' }]);
      const [updated] = await tx.update(deliveryLots).set({ deliveryType: DELIVERY_TYPE.Fixed, updatedAt: new Date() }).where(eq(deliveryLots.id, id)).returning();
      await recordDeliveryFixed(tx, updated);
    },
  },
});

/**
 * `GET api/data/planxchange/delivery-overview?filter={"rootProjectUnitID":…,"hidePast":true}` and
 * `PUT …/{id}` (the done action: OnCall / Planned → Fixed, staff only).
 */
export const deliveryOverviewResource = new Hono<AppEnv>();

deliveryOverviewResource.get('/', async (c, next) => {
  const user = sessionUser(c);
  const filter = checkBody(filterSchema, readFilter(c.req.query('filter')), { prefix: 'filter' });
  await assertOverview(c.get('db'), user, filter.rootProjectUnitID);
  await next();
});

deliveryOverviewResource.on(['GET', 'PUT'], '/:id', async (c, next) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const [lot] = await db.select({ rootId: deliveryLots.rootId }).from(deliveryLots).where(eq(deliveryLots.id, parseId(c.req.param('id'))));
  if (!lot) throw ApiError.notFound();
  await assertOverview(db, user, lot.rootId);
  if (c.req.method === 'PUT' && !canConfirmDeliveries(user)) throw ApiError.refused('DELIVERY.Errors.OnlyStaffConfirm');
  await next();
});

deliveryOverviewResource.route('/', overviewList);

/** `GET/PUT /api/questionnaire/ccl-delivery-schedule/{rootId}[/{unitId}]`: what the CCL customer enters per drawing job. */
export const cclScheduleRoutes = new Hono<AppEnv>();

async function cclRoot(c: Context<AppEnv>) {
  const user = sessionUser(c);
  const access = await unitAccess(c.get('db'), user, parseId(c.req.param('rootId') ?? ''));
  if (access.unit.id !== access.root.id || access.context.tenantType !== 'ccl') throw ApiError.notFound();
  return access;
}

async function scheduleEntries(db: Db, rootId: number, onlyUnit?: number): Promise<CclScheduleEntry[]> {
  const units = await db
    .select()
    .from(projectUnits)
    .where(and(eq(projectUnits.rootId, rootId), inArray(projectUnits.type, ['subproject', 'drawingjob'])))
    .orderBy(asc(projectUnits.number));
  const jobs = units.filter((unit) => unit.type === 'drawingjob' && (onlyUnit === undefined || unit.id === onlyUnit));
  const saved = jobs.length ? await db.select().from(cclDeliverySchedule).where(inArray(cclDeliverySchedule.unitId, jobs.map((job) => job.id))) : [];
  return jobs.map((job) => {
    const entry = saved.find((row) => row.unitId === job.id);
    return {
      id: job.id,
      projectUnitID: job.id,
      title: job.title,
      subTitle: units.find((unit) => unit.id === job.parentId)?.title ?? '',
      custRef: parseUnitData(job.data).CustRef ?? '',
      stateKey: job.stateKey,
      features: entry?.features ?? '',
      deliveryWeek: entry?.deliveryWeek ?? '',
      note: entry?.note ?? '',
      version: entry?.version ?? 0,
    };
  });
}

cclScheduleRoutes.get('/ccl-delivery-schedule/:rootId', async (c) => {
  const access = await cclRoot(c);
  return c.json({ canEdit: canEditCclSchedule(access.context), entries: await scheduleEntries(c.get('db'), access.root.id) });
});

cclScheduleRoutes.put('/ccl-delivery-schedule/:rootId/:unitId', async (c) => {
  const user = sessionUser(c);
  const access = await cclRoot(c);
  const unitId = parseId(c.req.param('unitId'));
  const db = c.get('db');
  const [job] = await db.select().from(projectUnits).where(and(eq(projectUnits.id, unitId), eq(projectUnits.rootId, access.root.id), eq(projectUnits.type, 'drawingjob')));
  if (!job) throw ApiError.notFound();
  if (!canEditCclSchedule(access.context)) throw ApiError.refused('DELIVERY.Errors.ScheduleReadOnly');
  const { version, ...fields } = await readJsonObject(c.req.raw);
  const body = checkBody(cclScheduleEntrySchema, fields);
  // The version read: 0 for a job without an entry yet (the first save inserts it; a parallel first save loses).
  const expected = requiredVersion(version, 'version', 0);
  const [saved] =
    expected === 0
      ? await db.insert(cclDeliverySchedule).values({ unitId, ...body, updatedBy: user.id }).onConflictDoNothing().returning({ unitId: cclDeliverySchedule.unitId })
      : await db
          .update(cclDeliverySchedule)
          .set({ ...body, updatedBy: user.id, version: sql`${cclDeliverySchedule.version} + 1`, updatedAt: new Date() })
          .where(and(eq(cclDeliverySchedule.unitId, unitId), eq(cclDeliverySchedule.version, expected)))
          .returning({ unitId: cclDeliverySchedule.unitId });
  if (!saved) throw staleVersion();
  return c.json((await scheduleEntries(db, access.root.id, unitId))[0]);
});

import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { canAccess, type Action } from '../../src/domain/permissions.js';
import {
  comparePreliminaryDaysRows,
  missingPreliminaryDays,
  preliminaryDaysUpdateSchema,
  type PreliminaryDaysRecord,
  type PreliminaryDaysValue,
} from '../../src/domain/preliminaryDays.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { plants, preliminaryDays, productTypes } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError, fromZod } from '../lib/errors.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';

const RESOURCE = 'productplantpreliminarydays';

function authorize(user: SessionUser | null, action: Action): SessionUser {
  if (!user) throw ApiError.unauthorized();
  if (!canAccess(user, { action, resource: RESOURCE })) throw ApiError.forbidden();
  return user;
}

/** The table is read whole (plants × product types): paging or filtering parameters are refused, not ignored. */
function refuseQueryParameters(url: string): void {
  for (const key of new URL(url).searchParams.keys()) {
    if (key !== '_') throw ApiError.badRequest('ERRORMESSAGES.UnknownParameter', key, { name: key });
  }
}

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

async function findRecord(db: Db, id: number): Promise<PreliminaryDaysRecord> {
  const [record] = await selectRecords(db, [id]);
  if (!record) throw ApiError.notFound();
  return record;
}

/** `productplantpreliminarydays`: the admin table of preliminary days per plant and product type. */
export const preliminaryDaysRoutes = new Hono<AppEnv>();

preliminaryDaysRoutes.get('/', async (c) => {
  authorize(c.get('user'), 'list');
  refuseQueryParameters(c.req.url);
  const records = await c.get('db').transaction(async (tx) => {
    await completePairs(tx);
    return selectRecords(tx);
  });
  c.header('Content-Range', `${RESOURCE} 0-${Math.max(records.length - 1, 0)}/${records.length}`);
  return c.json(records);
});

preliminaryDaysRoutes.get('/:id', async (c) => {
  authorize(c.get('user'), 'show');
  return c.json(await findRecord(c.get('db'), parseId(c.req.param('id'))));
});

preliminaryDaysRoutes.put('/:id', async (c) => {
  authorize(c.get('user'), 'edit');
  const id = parseId(c.req.param('id'));
  const parsed = preliminaryDaysUpdateSchema.safeParse(await readJsonObject(c.req.raw));
  if (!parsed.success) throw fromZod(parsed.error);
  const db = c.get('db');
  const updated = await db.transaction((tx) =>
    tx
      .update(preliminaryDays)
      .set({ preliminaryDays: parsed.data, updatedAt: new Date() })
      .where(eq(preliminaryDays.id, id))
      .returning({ id: preliminaryDays.id }),
  );
  if (!updated.length) throw ApiError.notFound();
  return c.json(await findRecord(db, id));
});

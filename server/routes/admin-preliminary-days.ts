import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { canAccess, type Action } from '../../src/domain/permissions.js';
import { preliminaryDaysUpdateSchema, type PreliminaryDaysRecord } from '../../src/domain/preliminaryDays.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { preliminaryDays } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { parseId } from '../lib/rest-query.js';
import { completePairs, selectRecords } from '../services/preliminary-days.js';
import { readBody } from '../lib/validation.js';

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
  const parsed = await readBody(c, preliminaryDaysUpdateSchema);
  const db = c.get('db');
  const updated = await db.transaction((tx) =>
    tx
      .update(preliminaryDays)
      .set({ preliminaryDays: parsed, updatedAt: new Date() })
      .where(eq(preliminaryDays.id, id))
      .returning({ id: preliminaryDays.id }),
  );
  if (!updated.length) throw ApiError.notFound();
  return c.json(await findRecord(db, id));
});

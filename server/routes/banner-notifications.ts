import { and, asc, eq, getTableColumns, gt, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  BANNER_LEVELS,
  bannerCreateSchema,
  bannerPeriodIsOrdered,
  bannerUpdateSchema,
  type BannerInput,
  type BannerNotification,
} from '../../src/domain/banner.js';
import { canAccess } from '../../src/domain/permissions.js';
import type { Tx } from '../db/client.js';
import { bannerDismissals, bannerNotifications, bannerNotificationSalesOrgs, salesOrganisations } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { cachedList, reading } from '../lib/list-cache.js';
import { restResource } from '../lib/rest.js';
import { salesOrgRecord } from '../services/sales-organisations.js';

type BannerRow = typeof bannerNotifications.$inferSelect;

function toBanner(row: BannerRow, salesOrgs: number[]): BannerNotification {
  return {
    id: row.id,
    notificationID: row.id,
    title: row.title,
    text: row.text,
    level: row.level as BannerNotification['level'],
    showFrom: row.showFrom.toISOString(),
    showUntil: row.showUntil.toISOString(),
    salesOrgs,
  };
}

/** The banner's sales organisations as one array column, selected with the banner itself. */
function salesOrgsColumn() {
  // Qualified outer reference: drizzle leaves columns unqualified in single-table selects.
  return sql<number[]>`coalesce((select array_agg(l.sales_org_id order by l.sales_org_id) from banner_notification_sales_orgs l where l.notification_id = "banner_notifications"."id"), '{}')`;
}

function toBanners(rows: (BannerRow & { salesOrgs: number[] })[]): BannerNotification[] {
  return rows.map((row) => toBanner(row, row.salesOrgs.map(Number)));
}

/** Every sales organisation named must exist: an unknown one is a 422 naming it. */
async function replaceSalesOrgs(tx: Tx, notificationId: number, salesOrgIds: number[]): Promise<void> {
  const unique = [...new Set(salesOrgIds)];
  const found = await tx.select({ id: salesOrganisations.id }).from(salesOrganisations).where(inArray(salesOrganisations.id, unique));
  const missing = unique.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) {
    throw new ApiError(422, [{ key: 'ERRORMESSAGES.UnknownSalesOrg', reference: 'salesOrgs', params: { ids: missing.join(', ') } }]);
  }
  await tx.delete(bannerNotificationSalesOrgs).where(eq(bannerNotificationSalesOrgs.notificationId, notificationId));
  await tx.insert(bannerNotificationSalesOrgs).values(unique.map((salesOrgId) => ({ notificationId, salesOrgId })));
}

export const bannerNotificationsResource = restResource({
  name: 'banner-notifications',
  table: bannerNotifications,
  id: bannerNotifications.id,
  sortable: {
    id: bannerNotifications.id,
    title: bannerNotifications.title,
    level: bannerNotifications.level,
    showFrom: bannerNotifications.showFrom,
    showUntil: bannerNotifications.showUntil,
  },
  defaultSort: ['showFrom', 'DESC'],
  filters: {
    level: { schema: z.enum(BANNER_LEVELS), where: (value: string) => eq(bannerNotifications.level, value) },
    salesOrg: {
      schema: z.number().int(),
      where: (value: number) =>
        sql`exists (select 1 from ${bannerNotificationSalesOrgs} where ${bannerNotificationSalesOrgs.notificationId} = ${bannerNotifications.id} and ${bannerNotificationSalesOrgs.salesOrgId} = ${value})`,
    },
    activeAt: {
      schema: z.iso.datetime({ offset: true }),
      where: (value: string) => and(lte(bannerNotifications.showFrom, new Date(value)), gt(bannerNotifications.showUntil, new Date(value))),
    },
  },
  search: (q) => or(ilike(bannerNotifications.title, containsPattern(q)), ilike(bannerNotifications.text, containsPattern(q))),
  readOnlyFields: ['notificationID'],
  reads: reading('banner_notifications', 'banner_notification_sales_orgs'),
  columns: () => ({ salesOrgs: salesOrgsColumn() }),
  toRecords: async (_db, rows) => toBanners(rows as (BannerRow & { salesOrgs: number[] })[]) as never,
  create: {
    schema: bannerCreateSchema,
    write: async (tx, input: BannerInput) => {
      const [row] = await tx
        .insert(bannerNotifications)
        .values({ title: input.title, text: input.text, level: input.level, showFrom: new Date(input.showFrom), showUntil: new Date(input.showUntil) })
        .returning({ id: bannerNotifications.id });
      await replaceSalesOrgs(tx, row.id, input.salesOrgs);
      return row.id;
    },
  },
  update: {
    schema: bannerUpdateSchema,
    write: async (tx, id, input: Partial<BannerInput>, existing) => {
      const row = existing as BannerRow;
      const period = {
        showFrom: input.showFrom ?? row.showFrom.toISOString(),
        showUntil: input.showUntil ?? row.showUntil.toISOString(),
      };
      if (!bannerPeriodIsOrdered(period)) throw ApiError.badRequest('VALIDATION.EndBeforeStart', 'showUntil');
      const { salesOrgs, showFrom, showUntil, ...fields } = input;
      const changes: Partial<typeof bannerNotifications.$inferInsert> = { ...fields, updatedAt: new Date() };
      if (showFrom) changes.showFrom = new Date(showFrom);
      if (showUntil) changes.showUntil = new Date(showUntil);
      await tx.update(bannerNotifications).set(changes).where(eq(bannerNotifications.id, id));
      if (salesOrgs) await replaceSalesOrgs(tx, id, salesOrgs);
    },
  },
  remove: async (tx, id) => {
    await tx.delete(bannerNotifications).where(eq(bannerNotifications.id, id));
  },
});

/** `api/banner-notifications/…`: the sales organisations for the dialog, and the banners a user sees now. */
export const bannerExtraRoutes = new Hono<AppEnv>();

bannerExtraRoutes.get('/sales-orgs', async (c) => {
  const user = c.get('user');
  if (!canAccess(user, { action: 'list', resource: 'banner-notifications' })) throw ApiError.forbidden();
  const rows = await c.get('db').select().from(salesOrganisations).orderBy(asc(salesOrganisations.key));
  return c.json(rows.map(salesOrgRecord));
});

/** Banners shown now to a user with these sales organisations (active period, one of the user's organisations). */
function activeFor(salesOrgIds: number[], now: Date) {
  return and(
    lte(bannerNotifications.showFrom, now),
    gt(bannerNotifications.showUntil, now),
    sql`exists (select 1 from ${bannerNotificationSalesOrgs} where ${bannerNotificationSalesOrgs.notificationId} = ${bannerNotifications.id} and ${inArray(bannerNotificationSalesOrgs.salesOrgId, salesOrgIds)})`,
  );
}

bannerExtraRoutes.get('/active', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  if (!user.salesOrgIds.length) return c.json([]);
  // Cached like a list: a banner's show period starts or ends within LIST_CACHE_TTL_MS of its time.
  return cachedList(c, user, async () => {
    const db = c.get('db');
    const rows = await db
      .select({ ...getTableColumns(bannerNotifications), salesOrgs: salesOrgsColumn() })
      .from(bannerNotifications)
      .where(
        and(
          activeFor(user.salesOrgIds, new Date()),
          // Closed by this user, and not changed since: it stays away on every page and after the next login.
          sql`not exists (select 1 from ${bannerDismissals} where ${bannerDismissals.notificationId} = ${bannerNotifications.id} and ${bannerDismissals.userId} = ${user.id} and ${bannerDismissals.dismissedAt} >= ${bannerNotifications.updatedAt})`,
        ),
      )
      .orderBy(sql`case ${bannerNotifications.level} when 'important' then 0 when 'warning' then 1 else 2 end`, asc(bannerNotifications.showFrom));
    return c.json(toBanners(rows));
  }, reading('banner_notifications', 'banner_notification_sales_orgs', 'banner_dismissals'));
});

/** `POST api/banner-notifications/{id}/dismiss`: the user closes a banner shown to them (again: no harm; 404 for others). */
bannerExtraRoutes.post('/:id/dismiss', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const id = parseId(c.req.param('id'));
  const db = c.get('db');
  const [shown] = user.salesOrgIds.length
    ? await db.select({ id: bannerNotifications.id }).from(bannerNotifications).where(and(eq(bannerNotifications.id, id), activeFor(user.salesOrgIds, new Date())))
    : [];
  if (!shown) throw ApiError.notFound();
  const dismissedAt = new Date();
  await db
    .insert(bannerDismissals)
    .values({ notificationId: id, userId: user.id, dismissedAt })
    .onConflictDoUpdate({ target: [bannerDismissals.userId, bannerDismissals.notificationId], set: { dismissedAt } });
  return c.body(null, 204);
});

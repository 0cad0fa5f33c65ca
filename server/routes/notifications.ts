import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { NOTIFICATIONS_PAGE_MAX } from '../../src/domain/notifications.js';
import { userNotifications } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { cachedList } from '../lib/list-cache.js';
import { parseId } from '../lib/rest-query.js';

/** The bell: the signed-in user's own notifications (nobody reads another's), newest first, and marking them read. */
export const notificationRoutes = new Hono<AppEnv>();

notificationRoutes.get('/', async (c) => {
  const user = c.get('user')!;
  return cachedList(c, user, async () => {
    const db = c.get('db');
    const [unread] = await db
      .select({ n: count() })
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, user.id), isNull(userNotifications.readAt)));
    const rows = await db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, user.id))
      .orderBy(desc(userNotifications.id))
      .limit(NOTIFICATIONS_PAGE_MAX);
    return c.json({
      unread: Number(unread?.n ?? 0),
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        projectUnitID: row.unitId,
        rootProjectUnitID: row.rootId,
        params: row.params,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      })),
    });
  });
});

notificationRoutes.put('/:id/read', async (c) => {
  const user = c.get('user')!;
  const id = parseId(c.req.param('id'));
  // Once read it stays read; the first time counts.
  const [row] = await c
    .get('db')
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, user.id), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  if (!row) {
    const [mine] = await c.get('db').select({ id: userNotifications.id }).from(userNotifications).where(and(eq(userNotifications.id, id), eq(userNotifications.userId, user.id)));
    if (!mine) throw ApiError.notFound();
  }
  return c.json({ id, read: true });
});

notificationRoutes.post('/read-all', async (c) => {
  const user = c.get('user')!;
  const rows = await c
    .get('db')
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.userId, user.id), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return c.json({ marked: rows.length });
});

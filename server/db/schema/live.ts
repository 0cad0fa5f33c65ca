import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './core.js';
import { projectUnits } from './projects.js';

/**
 * What changed, for the browsers' event stream (server/lib/live-events.ts): written only by the statement triggers of
 * migration 0026_live_events (one row per resource, project and statement), pruned after a while. The id is the SSE
 * event id. `ids` empty: too many to name, the whole resource changed.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    resource: varchar('resource', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    ids: integer('ids').array().notNull(),
    /** The project (root unit) the change belongs to; only those who may read it hear of it. */
    rootId: integer('root_id'),
    /** Only this user hears of it (their notifications). */
    userId: integer('user_id'),
    /** Who wrote, where the write path named itself (`px.actor`). */
    actorId: integer('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_at_idx').on(t.at)],
);

/** The bell: one row per person and event (a task was assigned, drawings are ready, an order was confirmed, an escalation). */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    unitId: integer('unit_id').references(() => projectUnits.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').references(() => projectUnits.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    check('user_notifications_kind_check', sql`${t.kind} in ('task-assigned', 'drawings-ready', 'order-confirmed', 'escalation')`),
    index('user_notifications_user_idx').on(t.userId, t.id),
    index('user_notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

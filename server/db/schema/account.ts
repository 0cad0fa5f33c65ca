import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './core.js';

/** Every mail the portal sends goes through this outbox; with SMTP configured a worker delivers it. */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 60 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mails_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('mails_queue_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** A requested account deletion, confirmed through the link in the mail (token stored as SHA-256). */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_deletion_user_idx').on(t.userId)],
);

/** An invitation to set a password (new users), sent by mail; the token stored as SHA-256. */
export const userInvitations = pgTable(
  'user_invitations',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_invitations_user_idx').on(t.userId)],
);

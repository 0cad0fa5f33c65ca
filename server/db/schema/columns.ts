import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Optimistic concurrency: a write names the version it read and is refused (409) when the row has moved on. */
export const version = () => integer('version').notNull().default(1);

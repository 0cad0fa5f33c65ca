import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './core.js';
import { projectUnits } from './projects.js';

/**
 * Versions of the workflow definition (schemas/workflow.schema.json): drafts (edited freely), the one published
 * version in force (a partial unique index holds it to one) and retired ones (never changed again). Without any
 * published row the shipped default (schemas/workflow.default.json) is in force as version 1.
 */
export const workflowDefinitions = pgTable(
  'workflow_definitions',
  {
    version: integer('version').primaryKey(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    comment: varchar('comment', { length: 500 }).notNull().default(''),
    createdAt: createdAt(),
    status: varchar('status', { length: 20 }).$type<'draft' | 'published' | 'retired'>().notNull().default('published'),
    /** A draft's saves, checked inside the UPDATE (optimistic concurrency). */
    revision: integer('revision').notNull().default(1),
    /** The version in force when the draft was made. */
    basedOn: integer('based_on'),
    /** Positions pinned in the diagram editor per view and node, kept beside the definition (not in it). */
    layout: jsonb('layout').$type<Record<string, Record<string, { x: number; y: number }>>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('workflow_definitions_status_check', sql`${t.status} in ('draft', 'published', 'retired')`),
    uniqueIndex('workflow_definitions_one_in_force').on(sql`(true)`).where(sql`${t.status} = 'published'`),
  ],
);

/** The journal (history) of a project: one row per state change, and one per escalation (delayed). */
export const projectUnitJournal = pgTable(
  'project_unit_journal',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    /** Who changed the state; null for the scheduler (escalations). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    oldState: varchar('old_state', { length: 40 }).notNull().default(''),
    newState: varchar('new_state', { length: 40 }).notNull().default(''),
    /** The transition's action key (empty for escalations). */
    action: varchar('action', { length: 60 }).notNull().default(''),
    message: text('message').notNull().default(''),
    delayed: boolean('delayed').notNull().default(false),
    /** The escalation rule that made the entry delayed. */
    ruleKey: varchar('rule_key', { length: 60 }),
    /** What a membership entry is about (action Member*, Invitation*): the member's user id and roles. */
    details: jsonb('details').$type<{ userId: number; role?: string; oldRole?: string }>(),
    createdAt: createdAt(),
  },
  (t) => [index('project_unit_journal_root_idx').on(t.rootId, t.createdAt), index('project_unit_journal_unit_idx').on(t.unitId)],
);

/**
 * Escalations: a unit stayed in a state longer than a rule allows. One row per unit, rule and stay in the
 * state (stateSince), so the scheduler never escalates the same stay twice. The Workflows page lists them.
 */
export const workflowEscalations = pgTable(
  'workflow_escalations',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    ruleKey: varchar('rule_key', { length: 60 }).notNull(),
    stateKey: varchar('state_key', { length: 40 }).notNull(),
    stateSince: timestamp('state_since', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workflow_escalations_stay_unique').on(t.unitId, t.ruleKey, t.stateSince), index('workflow_escalations_root_idx').on(t.rootId)],
);

/** New or changed delivery data (materials of an approval lot) for staff to act on: the Workflows page's notifications. */
export const deliveryNotifications = pgTable(
  'delivery_notifications',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    materialData: jsonb('material_data').$type<{ type: string; volume: number; deliveryDate: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('delivery_notifications_root_idx').on(t.rootId, t.createdAt)],
);

/** Jobs the scheduler ran (daily status mail per day): one row per key, so no process runs a job twice. */
export const schedulerRuns = pgTable('scheduler_runs', {
  key: varchar('key', { length: 100 }).primaryKey(),
  ranAt: createdAt(),
  detail: text('detail').notNull().default(''),
});

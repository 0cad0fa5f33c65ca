import { sql } from 'drizzle-orm';
import { check, index, integer, json, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SheetSchema, SheetUiSchema, TestAnswerSet } from '../../../src/domain/questionnaire/index.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './core.js';

/**
 * Every version of every questionnaire sheet: the shipped ones (seeded from schemas/questionnaire/sheets as
 * published) and those configurers add. Published versions never change; a name has at most one draft.
 */
export const questionnaireSheets = pgTable(
  'questionnaire_sheets',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    version: integer('version').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    /** The sheet's English title (from the schema), for lists. */
    title: varchar('title', { length: 200 }).notNull().default(''),
    // json, not jsonb: jsonb reorders keys, and a sheet's sections and controls are shown in the order they are written.
    schema: json('schema').$type<SheetSchema>().notNull(),
    uiSchema: json('ui_schema').$type<SheetUiSchema>().notNull().default({}),
    /** Named test answer sets the builder checks after every edit (src/domain/questionnaire/testAnswers.ts). */
    testAnswers: json('test_answers').$type<TestAnswerSet[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    check('questionnaire_sheets_status_check', sql`${t.status} in ('draft', 'published')`),
    check('questionnaire_sheets_version_check', sql`${t.version} >= 1`),
    uniqueIndex('questionnaire_sheets_name_version_unique').on(t.name, t.version),
    uniqueIndex('questionnaire_sheets_one_draft').on(t.name).where(sql`status = 'draft'`),
    index('questionnaire_sheets_status_idx').on(t.status, t.name),
  ],
);

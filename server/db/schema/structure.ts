import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StructureDraft } from '../../../src/domain/structure.js';
import { createdAt, updatedAt, version } from './columns.js';
import { users } from './core.js';
import { projectUnits } from './projects.js';

/** The structure draft of a root, kept on the server as well as in the browser, so it survives another device. */
export const structureDrafts = pgTable('structure_drafts', {
  rootId: integer('root_id')
    .primaryKey()
    .references(() => projectUnits.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<StructureDraft>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Material delivery entries of an approval lot: type, volume in m³ (three decimals), delivery date. */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: varchar('type', { length: 80 }).notNull(),
    volume: numeric('volume', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('materials_unit_idx').on(t.unitId, t.position), check('materials_volume_check', sql`${t.volume} >= 0`)],
);

/**
 * Planned deliveries of a root: one per subproject and delivery date of its materials (kept in step by the
 * server), with the approval lots and walls they bring. Type 0 Fixed, 1 OnCall, 2 Planned.
 */
export const deliveryLots = pgTable(
  'delivery_lots',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    subprojectId: integer('subproject_id').references(() => projectUnits.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 300 }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryType: smallint('delivery_type').notNull().default(2),
    groups: text('groups').notNull().default(''),
    wallNos: text('wall_nos').notNull().default(''),
    unitIds: integer('unit_ids').array().notNull().default(sql`'{}'::integer[]`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delivery_lots_root_date_idx').on(t.rootId, t.deliveryDate),
    uniqueIndex('delivery_lots_subproject_date_unique').on(t.subprojectId, t.deliveryDate),
    check('delivery_lots_type_check', sql`${t.deliveryType} in (0, 1, 2)`),
  ],
);

/** What the CCL customer enters per drawing job in the delivery schedule list. */
export const cclDeliverySchedule = pgTable('ccl_delivery_schedule', {
  unitId: integer('unit_id')
    .primaryKey()
    .references(() => projectUnits.id, { onDelete: 'cascade' }),
  features: text('features').notNull().default(''),
  deliveryWeek: varchar('delivery_week', { length: 8 }).notNull().default(''),
  note: text('note').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: version(),
  updatedAt: updatedAt(),
});

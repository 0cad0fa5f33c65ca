import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { lintelProducts } from './catalogues.js';
import { projectUnits } from './projects.js';

/** Rows of an AAC order lot (spec §3 AAC order item): product by number, length in metres, quantity. */
export const aacOrderItems = pgTable(
  'aac_order_items',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    itemIndex: integer('item_index').notNull(),
    sublotName: varchar('sublot_name', { length: 100 }).notNull().default(''),
    floorName: varchar('floor_name', { length: 100 }).notNull().default(''),
    productNo: integer('product_no').notNull(),
    itemLength: numeric('item_length', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('aac_order_items_unit_idx').on(t.unitId, t.itemIndex), check('aac_order_items_qty', sql`${t.qty} >= 1`)],
);

/** Rows of a lintel order lot (spec §3 Lintel order item): size, the catalogue product, cut flag, quantity. */
export const lintelOrderItems = pgTable(
  'lintel_order_items',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    itemIndex: integer('item_index').notNull(),
    sublotName: varchar('sublot_name', { length: 100 }).notNull().default(''),
    floorName: varchar('floor_name', { length: 100 }).notNull().default(''),
    thickness: integer('thickness').notNull(),
    length: integer('length').notNull(),
    height: integer('height').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => lintelProducts.id, { onDelete: 'restrict' }),
    hasCut: boolean('has_cut').notNull().default(false),
    lintelType: varchar('lintel_type', { length: 20 }).notNull(),
    qty: integer('qty').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lintel_order_items_unit_idx').on(t.unitId, t.itemIndex), check('lintel_order_items_qty', sql`${t.qty} >= 1`)],
);

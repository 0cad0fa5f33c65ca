import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants, users } from './core.js';

/** AAC element catalogue of a tenant: the order table's product list (productNo 0..2 per tenant). */
export const aacProducts = pgTable(
  'aac_products',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    productNo: integer('product_no').notNull(),
    articleNo: varchar('article_no', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    value: varchar('value', { length: 60 }).notNull(),
    /** Dimensions in millimetres; lengths are the range an element may be ordered in. */
    thickness: integer('thickness').notNull(),
    width: integer('width').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    unitsPerPallet: integer('units_per_pallet').notNull(),
    /** List price per element in the tenant's currency (the price list); empty until one is set. */
    price: numeric('price', { precision: 12, scale: 2 }),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('aac_products_tenant_no_unique').on(t.tenantId, t.productNo),
    uniqueIndex('aac_products_tenant_article_unique').on(t.tenantId, t.articleNo),
    check('aac_products_dimensions', sql`${t.thickness} > 0 and ${t.width} > 0 and ${t.minLength} > 0 and ${t.maxLength} >= ${t.minLength} and ${t.unitsPerPallet} > 0`),
  ],
);

/** Lintel catalogue of a tenant. */
export const lintelProducts = pgTable(
  'lintel_products',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    itemNo: varchar('item_no', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    value: varchar('value', { length: 60 }).notNull(),
    /** Millimetres. */
    height: integer('height').notNull(),
    thickness: integer('thickness').notNull(),
    length: integer('length').notNull(),
    /** FS or another lintel type. */
    lintelType: varchar('lintel_type', { length: 20 }).notNull().default('FS'),
    unitsPerPallet: integer('units_per_pallet').notNull(),
    /** List price per piece in the tenant's currency (the price list); empty until one is set. */
    price: numeric('price', { precision: 12, scale: 2 }),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lintel_products_tenant_item_unique').on(t.tenantId, t.itemNo),
    index('lintel_products_lookup_idx').on(t.tenantId, t.thickness, t.length, t.height),
    check('lintel_products_dimensions', sql`${t.height} > 0 and ${t.thickness} > 0 and ${t.length} > 0 and ${t.unitsPerPallet} > 0`),
  ],
);

/**
 * The record of every import and bulk change (who, when, what, how many, which file): the administrators'
 * "Bulk changes" list. The user is kept by id and login: the record outlives a deleted account.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: serial('id').primaryKey(),
    /** import | update | delete | deactivate */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The API resource name (aacproducts, users …). */
    resource: varchar('resource', { length: 60 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userLogin: varchar('user_login', { length: 120 }).notNull(),
    fileName: varchar('file_name', { length: 255 }),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** What a bulk change set ({field: value}), or the import's column mapping. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('bulk_operations_created').on(t.createdAt)],
);

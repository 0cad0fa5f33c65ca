import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { addresses, contacts, plants, productTypes, salesOrganisations, tenants, users } from './core.js';

/**
 * Every unit of a project in one table: the root project, subprojects, approval lots, order lots,
 * folders and drawing jobs. A root's `rootId` is its own id.
 */
export const projectUnits = pgTable(
  'project_units',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').references((): AnyPgColumn => projectUnits.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => projectUnits.id, { onDelete: 'restrict' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    salesOrgId: integer('sales_org_id').references(() => salesOrganisations.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 20 }).notNull(),
    variant: varchar('variant', { length: 20 }).notNull().default('other'),
    number: varchar('number', { length: 60 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    notes: text('notes').notNull().default(''),
    stateKey: varchar('state_key', { length: 40 }).notNull().default(''),
    stateSince: timestamp('state_since', { withTimezone: true }).notNull().defaultNow(),
    deliveryDate: varchar('delivery_date', { length: 10 }),
    earliestDeliveryDate: varchar('earliest_delivery_date', { length: 10 }),
    siteAddressId: integer('site_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    siteContactId: integer('site_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    productTypeId: integer('product_type_id').references(() => productTypes.id, { onDelete: 'restrict' }),
    plantId: integer('plant_id').references(() => plants.id, { onDelete: 'restrict' }),
    data: text('data').notNull().default(''),
    /** Project feature flags (on the root only). */
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** Number, title and order number in lower case: what the project search matches (one trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(number || ' ' || title || ' ' || coalesce(substring(data from '(?:^|;)\\s*OrderNumber\\s*=\\s*([^;]*)'), ''))`,
    ),
    /** How many order items the lot holds (kept by the order tables); a lot with items cannot be deleted. */
    itemCount: integer('item_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('project_units_type_check', sql`${t.type} in ('project', 'subproject', 'approvallot', 'lintelorderlot', 'aacorderlot', 'drawingjob', 'folder')`),
    check('project_units_variant_check', sql`${t.variant} in ('aac_elements', 'lintel', 'other')`),
    index('project_units_root_idx').on(t.rootId, t.type, t.number),
    index('project_units_parent_idx').on(t.parentId, t.number),
    index('project_units_tenant_state_idx').on(t.tenantId, t.stateKey),
    index('project_units_state_since_idx').on(t.stateSince),
    // Root projects by state time (project lists, project counter); migration 0031_scale_list_indexes.sql.
    index('project_units_roots_state_since_idx').on(t.stateSince, t.id).where(sql`${t.id} = ${t.rootId}`),
    // The task list's count: units per state, project, tenant and type from the index alone (server/lib/tasks.ts).
    index('project_units_task_groups_idx').on(t.stateKey, t.rootId, t.tenantId, t.type),
    uniqueIndex('project_units_sibling_title_unique').on(t.parentId, t.type, sql`lower(${t.title})`),
    // Numbers are unique (`project_units_number_unique`): that index is created by hand in migration
    // 0016_concurrency.sql, after numbers that parallel creations had handed out twice are made unique.
    // The search's trigram (GIN) index on search_text is in migration 0007_search_text.sql: drizzle-kit cannot express it.
  ],
);

/**
 * The last unit number handed out per numbering scope (`unit:{parentId}` for the children of a unit,
 * `root:{prefix}-{year}` for root projects). Allocation bumps the row inside the creating transaction
 * (`allocateUnitNumber`), so parallel creations wait for each other instead of computing the same number.
 */
export const unitNumberCounters = pgTable('unit_number_counters', {
  scope: varchar('scope', { length: 120 }).primaryKey(),
  lastValue: integer('last_value').notNull(),
});

export const projectMembers = pgTable(
  'project_members',
  {
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rootId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const projectUnitParams = pgTable(
  'project_unit_params',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 60 }).notNull(),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('project_unit_params_unit_idx').on(t.unitId, t.key)],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 120 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** sha256 (hex) of the bytes, set at upload; older rows get it on first use (the viewer's model cache key). */
    contentHash: varchar('content_hash', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('project_files_unit_idx').on(t.unitId), index('project_files_root_idx').on(t.rootId)],
);

/** The saved project information sheet of a root: `{ _versions, <sheetName>: answers }`, its validity and a version for optimistic saves. */
export const questionnaireAnswers = pgTable('questionnaire_answers', {
  rootId: integer('root_id')
    .primaryKey()
    .references(() => projectUnits.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  isValid: boolean('is_valid').notNull().default(false),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** A prepared zip download of selected project files (the id handed out is a random token; stored as SHA-256). */
export const downloadRequests = pgTable(
  'download_requests',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => projectUnits.id, { onDelete: 'cascade' }),
    fileIds: jsonb('file_ids').$type<number[]>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('download_requests_expires_idx').on(t.expiresAt)],
);

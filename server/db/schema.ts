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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A manufacturer (brand) using the portal. */
export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().default('standard'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** The feature flags a new root project of this tenant starts with. */
    projectFeatureDefaults: jsonb('project_feature_defaults').$type<string[]>().notNull().default([]),
    infoHtml: text('info_html').notNull().default(''),
    hasLogo: boolean('has_logo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('tenants_type_check', sql`${t.type} in ('standard', 'ccl')`)],
);

export interface SalesOrgAdditionalInfo {
  homepage?: string;
  contactmail?: string;
  imageUrl?: string;
}

export const salesOrganisations = pgTable(
  'sales_organisations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    key: varchar('key', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    additionalInfo: jsonb('additional_info').$type<SalesOrgAdditionalInfo>().notNull().default({}),
    defaultPlantId: integer('default_plant_id').references((): AnyPgColumn => plants.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sales_organisations_key_unique').on(t.key)],
);

export const plants = pgTable(
  'plants',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plants_tenant_idx').on(t.tenantId)],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 200 }).notNull(),
    bgColor: varchar('bg_color', { length: 9 }).notNull().default('#607d8b'),
    textColor: varchar('text_color', { length: 9 }).notNull().default('#ffffff'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_types_tenant_idx').on(t.tenantId)],
);

export const preliminaryDays = pgTable(
  'product_plant_preliminary_days',
  {
    id: serial('id').primaryKey(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
    preliminaryDays: integer('preliminary_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('preliminary_days_plant_product_unique').on(t.plantId, t.productTypeId),
    check('preliminary_days_min', sql`${t.preliminaryDays} >= 1`),
  ],
);

/** Company address of a user, or the site address of a project unit. */
export const addresses = pgTable('addresses', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull().default(''),
  name2: varchar('name2', { length: 200 }).notNull().default(''),
  street1: varchar('street1', { length: 200 }).notNull().default(''),
  street2: varchar('street2', { length: 200 }).notNull().default(''),
  zip: varchar('zip', { length: 20 }).notNull().default(''),
  city: varchar('city', { length: 120 }).notNull().default(''),
  country: varchar('country', { length: 80 }).notNull().default(''),
  updatedAt: updatedAt(),
});

export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull().default(''),
  officePhone: varchar('office_phone', { length: 60 }).notNull().default(''),
  officeFax: varchar('office_fax', { length: 60 }).notNull().default(''),
  companyMobile: varchar('company_mobile', { length: 60 }).notNull().default(''),
  officeEMail: varchar('office_email', { length: 254 }).notNull().default(''),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    /** scrypt hash; null for external logins and invited users who have not set one. */
    passwordHash: text('password_hash'),
    isInternal: boolean('is_internal').notNull().default(false),
    isExternalLogin: boolean('is_external_login').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isConfigurer: boolean('is_configurer').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when the user deleted the account: personal data is gone, the row stays for history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    language: varchar('language', { length: 2 }).notNull().default('de'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_login_unique').on(sql`lower(${t.login})`)],
);

export const userTenants = pgTable(
  'user_tenants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] })],
);

export const userSalesOrgs = pgTable(
  'user_sales_orgs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salesOrgId: integer('sales_org_id')
      .notNull()
      .references(() => salesOrganisations.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.salesOrgId] }), index('user_sales_orgs_org_idx').on(t.salesOrgId)],
);

export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: varchar('first_name', { length: 120 }).notNull().default(''),
  lastName: varchar('last_name', { length: 120 }).notNull().default(''),
  hasProfileImage: boolean('has_profile_image').notNull().default(false),
  dailyStatusMail: boolean('daily_status_mail').notNull().default(false),
  addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
  contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Server-side sessions: the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed login attempts per login name, shared by every server process. */
export const loginThrottle = pgTable('login_throttle', {
  login: varchar('login', { length: 120 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const bannerNotifications = pgTable(
  'banner_notifications',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    text: varchar('text', { length: 2000 }).notNull(),
    level: varchar('level', { length: 20 }).notNull(),
    showFrom: timestamp('show_from', { withTimezone: true }).notNull(),
    showUntil: timestamp('show_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('banner_level_check', sql`${t.level} in ('info', 'warning', 'important')`),
    check('banner_period_check', sql`${t.showUntil} > ${t.showFrom}`),
    index('banner_show_idx').on(t.showFrom, t.showUntil),
  ],
);

export const bannerNotificationSalesOrgs = pgTable(
  'banner_notification_sales_orgs',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => bannerNotifications.id, { onDelete: 'cascade' }),
    salesOrgId: integer('sales_org_id')
      .notNull()
      .references(() => salesOrganisations.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.salesOrgId] }), index('banner_sales_orgs_org_idx').on(t.salesOrgId)],
);

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
    uniqueIndex('project_units_sibling_title_unique').on(t.parentId, t.type, sql`lower(${t.title})`),
    index('project_units_number_idx').on(t.number),
    // The search's trigram (GIN) indexes are in migration 0005_search_trigram.sql: drizzle-kit cannot express them.
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [index('project_files_unit_idx').on(t.unitId), index('project_files_root_idx').on(t.rootId)],
);

/** The saved project information sheet of a root (the questionnaire issue fills in the rest). */
export const questionnaireAnswers = pgTable('questionnaire_answers', {
  rootId: integer('root_id')
    .primaryKey()
    .references(() => projectUnits.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  isValid: boolean('is_valid').notNull().default(false),
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
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lintel_products_tenant_item_unique').on(t.tenantId, t.itemNo),
    index('lintel_products_lookup_idx').on(t.tenantId, t.thickness, t.length, t.height),
    check('lintel_products_dimensions', sql`${t.height} > 0 and ${t.thickness} > 0 and ${t.length} > 0 and ${t.unitsPerPallet} > 0`),
  ],
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

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
import { createdAt, updatedAt, version } from './columns.js';

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
    /** Country code whose questionnaire sheet set a root gets when neither its Country param nor its site address names one. */
    defaultCountry: varchar('default_country', { length: 2 }).notNull().default('de'),
    version: version(),
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
    version: version(),
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
    version: version(),
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
    /** The material type of the structure (questionnaire sheet name without `xde-`) that maps to this product type. */
    materialKey: varchar('material_key', { length: 80 }),
    bgColor: varchar('bg_color', { length: 9 }).notNull().default('#607d8b'),
    textColor: varchar('text_color', { length: 9 }).notNull().default('#ffffff'),
    version: version(),
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
  version: version(),
  updatedAt: updatedAt(),
});

export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull().default(''),
  officePhone: varchar('office_phone', { length: 60 }).notNull().default(''),
  officeFax: varchar('office_fax', { length: 60 }).notNull().default(''),
  companyMobile: varchar('company_mobile', { length: 60 }).notNull().default(''),
  officeEMail: varchar('office_email', { length: 254 }).notNull().default(''),
  version: version(),
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
    /** Provider staff who may set up root projects (and become their sales planner); set by an administrator. */
    isProjectPlanner: boolean('is_project_planner').notNull().default(false),
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
  /** Which notification kinds of the bell are also mailed (the profile's e-mail preferences). */
  notificationMails: text('notification_mails').array().notNull().default(sql`'{escalation}'::text[]`),
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

/**
 * Counters of the login back-off and the rate limits (server/lib/rate-limit.ts), shared by every server process;
 * also the login device cookies an account knows. Rows past `expires_at` are deleted by the scheduler.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    count: integer('count').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

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

/** A user closed a banner: it stays hidden for that user until an administrator changes the banner. */
export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => bannerNotifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

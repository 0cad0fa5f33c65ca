/**
 * Accounts as data: the users list, creating and changing an account with its profile and links. The
 * administrators' routes, a project manager's invitation, the first administrator and the seeds share them.
 */
import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isLanguage } from '../../src/domain/languages.js';
import { salesOrgsOutsideTenants, USER_ROLES, USERS_MESSAGE, type UserCreate, type UserRecord, type UserRole, type UserUpdate } from '../../src/domain/users.js';
import type { Tx } from '../db/client.js';
import { addresses, contacts, salesOrganisations, sessions, tenants, userIdentities, userInvitations, userProfiles, userSalesOrgs, users, userTenants } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { containsPattern } from '../lib/rest-query.js';
import type { ResourceDefinition } from '../lib/rest.js';
import type { Mailing } from './mail-outbox.js';
import { inviteUser, type ProjectInvitation } from './invitations.js';

export type UserRow = typeof users.$inferSelect & { firstName: string; lastName: string; tenantIDs: number[]; salesOrgIDs: number[] };

/** Names and links selected with the user row itself (qualified outer reference: drizzle leaves single-table columns bare). */
export function recordColumns() {
  return {
    firstName: sql<string>`coalesce((select p.first_name from user_profiles p where p.user_id = "users"."id"), '')`,
    lastName: sql<string>`coalesce((select p.last_name from user_profiles p where p.user_id = "users"."id"), '')`,
    tenantIDs: sql<number[]>`coalesce((select array_agg(l.tenant_id order by l.tenant_id) from user_tenants l where l.user_id = "users"."id"), '{}')`,
    salesOrgIDs: sql<number[]>`coalesce((select array_agg(l.sales_org_id order by l.sales_org_id) from user_sales_orgs l where l.user_id = "users"."id"), '{}')`,
  };
}

export function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    userID: row.id,
    login: row.login,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isInternal: row.isInternal,
    isExternalLogin: row.isExternalLogin,
    isAdmin: row.isAdmin,
    isConfigurer: row.isConfigurer,
    isProjectPlanner: row.isProjectPlanner,
    isActive: row.isActive,
    language: isLanguage(row.language) ? row.language : 'de',
    tenantIDs: row.tenantIDs.map(Number),
    salesOrgIDs: row.salesOrgIDs.map(Number),
    createdAt: row.createdAt.toISOString(),
    deleted: row.deletedAt !== null,
    hasPassword: row.passwordHash !== null,
  };
}

const roleWhere: Record<UserRole, () => SQL | undefined> = {
  admin: () => eq(users.isAdmin, true),
  configurer: () => eq(users.isConfigurer, true),
  none: () => and(eq(users.isAdmin, false), eq(users.isConfigurer, false)),
};

/** `GET api/data/planxchange/users[/{id}]`: every account, deleted ones included (filter `deleted`). */
export const usersDefinition: ResourceDefinition = {
  name: 'users',
  table: users,
  id: users.id,
  sortable: { id: users.id, login: users.login, email: users.email, createdAt: users.createdAt, isActive: users.isActive, isInternal: users.isInternal, language: users.language },
  defaultSort: ['login', 'ASC'],
  filters: {
    isInternal: { schema: z.boolean(), where: (value: boolean) => eq(users.isInternal, value) },
    isExternalLogin: { schema: z.boolean(), where: (value: boolean) => eq(users.isExternalLogin, value) },
    isActive: { schema: z.boolean(), where: (value: boolean) => eq(users.isActive, value) },
    deleted: { schema: z.boolean(), where: (value: boolean) => (value ? isNotNull(users.deletedAt) : isNull(users.deletedAt)) },
    role: { schema: z.enum(USER_ROLES), where: (value: UserRole) => roleWhere[value]() },
    tenantID: {
      schema: z.number().int(),
      where: (value: number) => sql`exists (select 1 from ${userTenants} where ${userTenants.userId} = ${users.id} and ${userTenants.tenantId} = ${value})`,
    },
  },
  search: (q) => {
    const pattern = containsPattern(q);
    const names = sql`exists (select 1 from ${userProfiles} where ${userProfiles.userId} = ${users.id} and (${userProfiles.firstName} ilike ${pattern} or ${userProfiles.lastName} ilike ${pattern} or (${userProfiles.firstName} || ' ' || ${userProfiles.lastName}) ilike ${pattern}))`;
    return or(ilike(users.login, pattern), ilike(users.email, pattern), names);
  },
  readOnlyFields: ['userID'],
  columns: recordColumns,
  toRecords: async (_db, rows) => (rows as UserRow[]).map(toRecord) as never,
};

/** Tenants and sales organisations must exist (422), and each sales organisation belong to a linked tenant (400). */
async function checkLinks(tx: Tx, tenantIDs: number[], salesOrgIDs: number[]): Promise<void> {
  const wantedTenants = [...new Set(tenantIDs)];
  const foundTenants = wantedTenants.length ? await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, wantedTenants)) : [];
  const missingTenants = wantedTenants.filter((id) => !foundTenants.some((row) => row.id === id));
  if (missingTenants.length) throw new ApiError(422, [{ key: USERS_MESSAGE.unknownTenant, reference: 'tenantIDs', params: { ids: missingTenants.join(', ') } }]);
  const wantedOrgs = [...new Set(salesOrgIDs)];
  const orgs = wantedOrgs.length
    ? await tx.select({ id: salesOrganisations.id, tenantID: salesOrganisations.tenantId, key: salesOrganisations.key }).from(salesOrganisations).where(inArray(salesOrganisations.id, wantedOrgs))
    : [];
  const missingOrgs = wantedOrgs.filter((id) => !orgs.some((row) => row.id === id));
  if (missingOrgs.length) throw new ApiError(422, [{ key: USERS_MESSAGE.unknownSalesOrg, reference: 'salesOrgIDs', params: { ids: missingOrgs.join(', ') } }]);
  const outside = salesOrgsOutsideTenants(orgs, wantedTenants);
  if (outside.length) throw ApiError.badRequest(USERS_MESSAGE.salesOrgOutsideTenants, 'salesOrgIDs', { keys: outside.map((org) => org.key).join(', ') });
}

async function replaceLinks(tx: Tx, userId: number, tenantIDs: number[], salesOrgIDs: number[]): Promise<void> {
  await tx.delete(userTenants).where(eq(userTenants.userId, userId));
  await tx.delete(userSalesOrgs).where(eq(userSalesOrgs.userId, userId));
  const uniqueTenants = [...new Set(tenantIDs)];
  const uniqueOrgs = [...new Set(salesOrgIDs)];
  if (uniqueTenants.length) await tx.insert(userTenants).values(uniqueTenants.map((tenantId) => ({ userId, tenantId })));
  if (uniqueOrgs.length) await tx.insert(userSalesOrgs).values(uniqueOrgs.map((salesOrgId) => ({ userId, salesOrgId })));
}

/**
 * A new account without a password, its profile and links, and (not for external logins) the invitation mail. The
 * administrators' create, a project manager's invitation of a new person (with `invitation`: the mail names the
 * project) and the first administrator of a fresh install (`false`: the caller sets the password) all come here.
 */
export async function createUser(tx: Tx, input: UserCreate, mailing: Mailing, invitation?: ProjectInvitation | false): Promise<{ id: number; link: string | null }> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.login})`, input.login.toLowerCase()));
  if (taken) throw new ApiError(409, [{ key: USERS_MESSAGE.loginTaken, reference: 'login', params: { login: input.login } }]);
  await checkLinks(tx, input.tenantIDs, input.salesOrgIDs);
  const { login, email, language, isInternal, isExternalLogin, isAdmin, isConfigurer, isProjectPlanner } = input;
  // No password: the invited user sets one; an external login never has one.
  const [row] = await tx.insert(users).values({ login, email, language, isInternal, isExternalLogin, isAdmin, isConfigurer, isProjectPlanner }).returning({ id: users.id });
  const [address] = await tx.insert(addresses).values({}).returning({ id: addresses.id });
  const [contact] = await tx.insert(contacts).values({}).returning({ id: contacts.id });
  await tx.insert(userProfiles).values({ userId: row.id, firstName: input.firstName, lastName: input.lastName, addressId: address.id, contactId: contact.id });
  await replaceLinks(tx, row.id, input.tenantIDs, input.salesOrgIDs);
  const invite = !isExternalLogin && invitation !== false;
  const link = invite ? await inviteUser(tx, { id: row.id, login, email, language, firstName: input.firstName }, mailing, invitation || undefined) : null;
  return { id: row.id, link };
}

export type AdminChanges = Omit<UserUpdate, 'languageKey'>;

export async function updateUser(tx: Tx, id: number, changes: AdminChanges, current: UserRecord): Promise<void> {
  const { firstName, lastName, tenantIDs, salesOrgIDs, ...fields } = changes;
  await tx.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, id));
  if (firstName !== undefined || lastName !== undefined) {
    const names = { firstName: firstName ?? current.firstName, lastName: lastName ?? current.lastName };
    await tx.insert(userProfiles).values({ userId: id, ...names }).onConflictDoUpdate({ target: userProfiles.userId, set: { ...names, updatedAt: new Date() } });
  }
  if (tenantIDs !== undefined || salesOrgIDs !== undefined) {
    const links = { tenants: tenantIDs ?? current.tenantIDs, salesOrgs: salesOrgIDs ?? current.salesOrgIDs };
    await checkLinks(tx, links.tenants, links.salesOrgs);
    await replaceLinks(tx, id, links.tenants, links.salesOrgs);
  }
  // Sessions are read on every request: without rows the user is logged out at the next call.
  if (fields.isActive === false) await tx.delete(sessions).where(eq(sessions.userId, id));
  // An identity managed elsewhere gets no invitation to set a local password, keeps none and its password sessions end.
  if (fields.isExternalLogin === true && !current.isExternalLogin) {
    await tx.delete(userInvitations).where(eq(userInvitations.userId, id));
    await tx.update(users).set({ passwordHash: null }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
  }
  // A new e-mail or the end of the external login unbinds the provider's identity: the next sign-in binds by e-mail again.
  const emailChanged = fields.email !== undefined && fields.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged || fields.isExternalLogin === false) await tx.delete(userIdentities).where(eq(userIdentities.userId, id));
}

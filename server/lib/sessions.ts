import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { isLanguage } from '../../src/domain/languages.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { sessions, userProfiles, userSalesOrgs, users, userTenants } from '../db/schema.js';
import { sessionCacheOf } from './session-cache.js';

export const SESSION_COOKIE = 'pxsid';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Extend a session's expiry on use, but write at most once per this interval. */
const SESSION_REFRESH_MS = 5 * 60 * 1000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The sessions row id of a cookie token (single sign-on keeps the provider's ID token beside it). */
export const sessionIdOf = tokenHash;

export async function createSession(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: tokenHash(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, tokenHash(token)));
  // The trigger tells every process; this one forgets it before the answer goes out.
  sessionCacheOf(db)?.invalidateSession(tokenHash(token));
}

function userColumns() {
  return {
    id: users.id,
    login: users.login,
    isInternal: users.isInternal,
    isExternalLogin: users.isExternalLogin,
    isAdmin: users.isAdmin,
    isConfigurer: users.isConfigurer,
    isActive: users.isActive,
    language: users.language,
    firstName: userProfiles.firstName,
    lastName: userProfiles.lastName,
    hasProfileImage: userProfiles.hasProfileImage,
    tenantIds: sql<number[]>`coalesce((select array_agg(${userTenants.tenantId} order by ${userTenants.tenantId}) from ${userTenants} where ${userTenants.userId} = ${users.id}), '{}')`,
    salesOrgIds: sql<number[]>`coalesce((select array_agg(${userSalesOrgs.salesOrgId} order by ${userSalesOrgs.salesOrgId}) from ${userSalesOrgs} where ${userSalesOrgs.userId} = ${users.id}), '{}')`,
  };
}

interface UserRow {
  id: number;
  login: string;
  isInternal: boolean;
  isExternalLogin: boolean;
  isAdmin: boolean;
  isConfigurer: boolean;
  isActive: boolean;
  language: string;
  firstName: string | null;
  lastName: string | null;
  hasProfileImage: boolean | null;
  tenantIds: number[] | null;
  salesOrgIds: number[] | null;
}

function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    login: row.login,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    isInternal: row.isInternal,
    isExternalLogin: row.isExternalLogin,
    isAdmin: row.isAdmin,
    isConfigurer: row.isConfigurer,
    language: isLanguage(row.language) ? row.language : 'de',
    hasProfileImage: row.hasProfileImage ?? false,
    tenantIds: (row.tenantIds ?? []).map(Number),
    salesOrgIds: (row.salesOrgIds ?? []).map(Number),
  };
}

/**
 * The user behind a session token, or null when the session is unknown, expired or the user inactive.
 * Most requests are answered from the process's session cache (lib/session-cache.ts): every change to a user,
 * their profile, tenants or sales organisations and every ended session reaches it at commit, so a deactivation,
 * a role change or a logout takes effect at once in every process. Otherwise one query.
 */
export async function userForSession(db: Db, token: string): Promise<SessionUser | null> {
  const id = tokenHash(token);
  const now = new Date();
  const cache = sessionCacheOf(db);
  const cached = cache?.get(id);
  if (cached && now.getTime() - cached.lastSeenAt <= SESSION_REFRESH_MS) return cached.user;
  const generation = cache?.generation ?? 0;
  const [row] = await db
    .select({ ...userColumns(), lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.isActive, true)));
  if (!row) return null;
  let { lastSeenAt, expiresAt } = row;
  if (now.getTime() - lastSeenAt.getTime() > SESSION_REFRESH_MS) {
    lastSeenAt = now;
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
  }
  const user = toSessionUser(row as UserRow);
  cache?.set(id, { user, sessionExpiresAt: expiresAt.getTime(), lastSeenAt: lastSeenAt.getTime() }, generation);
  return user;
}

export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select(userColumns())
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row || !row.isActive) return null;
  return toSessionUser(row as UserRow);
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}


import { and, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/domain/languages.js';
import { meetsPasswordRequirements } from '../../src/domain/password.js';
import { userCreateSchema } from '../../src/domain/users.js';
import type { Db } from '../db/client.js';
import { questionnaireSheets, userInvitations, users } from '../db/schema.js';
import { seedQuestionnaireSheets } from '../db/seed-questionnaire.js';
import { hashPassword } from '../lib/passwords.js';
import { inviteUser } from './invitations.js';
import { createUser } from './users.js';

/** How a fresh installation gets its first administrator (environment variables INITIAL_ADMIN_*). */
export interface FirstAdminSettings {
  login: string;
  email: string;
  /** Set: the administrator logs in with it at once. Unset: a one-time link to set the password is printed. */
  password?: string;
  language: (typeof LANGUAGES)[number];
  /** Where the portal is reached: the start of the printed link. */
  publicUrl: string;
}

const settingsSchema = z.object({
  login: userCreateSchema.shape.login,
  email: z.union([z.literal(''), userCreateSchema.shape.email]),
  password: z.string().refine(meetsPasswordRequirements, 'INITIAL_ADMIN_PASSWORD needs at least 6 characters with 3 of: upper case, lower case, digit, special character').optional(),
  language: z.enum(LANGUAGES),
  publicUrl: z.url(),
});

/** Reads INITIAL_ADMIN_LOGIN (admin), INITIAL_ADMIN_EMAIL, INITIAL_ADMIN_PASSWORD, INITIAL_ADMIN_LANGUAGE; the link starts at PUBLIC_URL. Throws on bad values. */
export function firstAdminSettings(env: NodeJS.ProcessEnv, publicUrl: string): FirstAdminSettings {
  const parsed = settingsSchema.safeParse({
    login: env.INITIAL_ADMIN_LOGIN || 'admin',
    email: env.INITIAL_ADMIN_EMAIL ?? '',
    password: env.INITIAL_ADMIN_PASSWORD || undefined,
    language: env.INITIAL_ADMIN_LANGUAGE || DEFAULT_LANGUAGE,
    publicUrl,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`The first administrator's settings are not valid (${problems})`);
  }
  return parsed.data;
}

export interface FirstAdminResult {
  login: string;
  /** The one-time link to set the password (none when INITIAL_ADMIN_PASSWORD set it). */
  link: string | null;
}

const ADVISORY_KEY = 727275;

/**
 * A fresh installation (no user at all) gets its first administrator: internal, administrator, no tenant yet.
 * While that account has not set a password, every start issues a new one-time link (the previous one stops
 * working), so an expired link is never a dead end. Returns what to print, or null when nothing was done.
 */
export async function ensureFirstAdministrator(db: Db, settings: FirstAdminSettings): Promise<FirstAdminResult | null> {
  return db.transaction(async (tx) => {
    // Two processes starting on one PostgreSQL database create one administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEY})`);
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (Number(n) === 0) {
      const { id, link } = await createUser(
        tx,
        {
          login: settings.login,
          email: settings.email,
          firstName: '',
          lastName: 'Administrator',
          language: settings.language,
          isInternal: true,
          isExternalLogin: false,
          isAdmin: true,
          isConfigurer: false,
          isProjectPlanner: false,
          tenantIDs: [],
          salesOrgIDs: [],
        },
        { publicUrl: settings.publicUrl, sender: { system: 'installation' } },
        settings.password ? false : undefined,
      );
      if (settings.password) await tx.update(users).set({ passwordHash: await hashPassword(settings.password) }).where(eq(users.id, id));
      return { login: settings.login, link };
    }
    // Not yet used: the first administrator still without a password, and no other administrator who could help.
    const usable = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.isActive, true), isNull(users.deletedAt), or(isNotNull(users.passwordHash), eq(users.isExternalLogin, true))))
      .limit(1);
    if (usable.length) return null;
    const [pending] = await tx
      .select({ id: users.id, login: users.login, email: users.email, language: users.language })
      .from(users)
      .where(and(eq(sql`lower(${users.login})`, settings.login.toLowerCase()), eq(users.isAdmin, true), eq(users.isActive, true), isNull(users.deletedAt), isNull(users.passwordHash)));
    if (!pending) return null;
    if (settings.password) {
      await tx.update(users).set({ passwordHash: await hashPassword(settings.password) }).where(eq(users.id, pending.id));
      await tx.delete(userInvitations).where(eq(userInvitations.userId, pending.id));
      return { login: pending.login, link: null };
    }
    const link = await inviteUser(tx, { ...pending, firstName: '' }, { publicUrl: settings.publicUrl, sender: { system: 'installation' } });
    return { login: pending.login, link };
  });
}

/** The questionnaire sheets the portal ships with are installed once (a fresh install without demo data needs them too). */
export async function ensureShippedSheets(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEY + 1})`);
    const [{ n }] = await tx.select({ n: count() }).from(questionnaireSheets);
    if (Number(n) > 0) return false;
    await seedQuestionnaireSheets(tx);
    return true;
  });
}

import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { passwordSignInAllowed } from '../../src/domain/externalSignIn.js';
import { requiredText } from '../../src/domain/validation.js';
import { users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError, fromZod } from '../lib/errors.js';
import { verifyPassword } from '../lib/passwords.js';
import { readJsonObject } from '../lib/rest-query.js';
import { externalLoginOnly, providerSignOutUrl } from './oidc.js';
import {
  clearLoginFailures,
  createSession,
  deleteSession,
  loadSessionUser,
  recordLoginFailure,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  throttleWait,
} from '../lib/sessions.js';

export const loginSchema = z.strictObject({
  username: requiredText(120),
  password: z.string({ error: 'VALIDATION.IsRequired' }).min(1, 'VALIDATION.IsRequired').max(200, 'VALIDATION.TooLong'),
});

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/login', async (c) => {
  const parsed = loginSchema.safeParse(await readJsonObject(c.req.raw));
  if (!parsed.success) throw fromZod(parsed.error);
  const { username, password } = parsed.data;
  const db = c.get('db');

  const wait = await throttleWait(db, username);
  if (wait > 0) throw new ApiError(429, [{ key: 'ERRORMESSAGES.TooManyLoginAttempts', params: { seconds: wait } }], { 'Retry-After': String(wait) });

  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, isExternalLogin: users.isExternalLogin })
    .from(users)
    .where(eq(sql`lower(${users.login})`, username.toLowerCase()));
  if (account?.isActive && !passwordSignInAllowed(account)) throw externalLoginOnly(c.get('config').sso);
  const ok = await verifyPassword(password, account?.passwordHash ?? null);
  if (!account || !ok || !account.isActive) {
    await recordLoginFailure(db, username);
    throw new ApiError(401, [{ key: 'ERRORMESSAGES.InvalidCredentials' }]);
  }
  await clearLoginFailures(db, username);
  const session = await createSession(db, account.id);
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('config').secureCookies,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  return c.json(await loadSessionUser(db, account.id));
});

authRoutes.post('/logout', async (c) => {
  const token = c.get('sessionToken');
  if (token) await deleteSession(c.get('db'), token);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.body(null, 204);
});

/** The app's session probe: who is signed in, or nobody (200 either way, so the login page logs no failed request). */
authRoutes.get('/session', (c) => c.json({ user: c.get('user') ?? null }));

authRoutes.get('/me', (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  return c.json(user);
});

/** The spec's sign-out link: ends the session and returns to the login page. */
export const signOutRoute = new Hono<AppEnv>();
signOutRoute.get('/SignOut', async (c) => {
  const token = c.get('sessionToken');
  // Signed in through the identity provider: its logout follows and comes back to the login page.
  const providerLogout = token ? await providerSignOutUrl(c, token) : null;
  if (token) await deleteSession(c.get('db'), token);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.redirect(providerLogout ?? '/home/app/login', 302);
});

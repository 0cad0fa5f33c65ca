import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { passwordSignInAllowed } from '../../src/domain/externalSignIn.js';
import { users } from '../db/schema.js';
import { clientAddress } from '../lib/client-address.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE, LoginAttempt } from '../lib/login-throttle.js';
import { challengeRefusal, redeemProof } from '../lib/login-challenge.js';
import { hashPassword, holdHashPlace, needsRehash, PasswordCheckBusy, verifyPassword, type HashLine } from '../lib/passwords.js';
import { externalLoginOnly, providerSignOutUrl } from '../lib/sso-accounts.js';
import { csrfGuard, fromOwnPage } from '../lib/security.js';
import { createSession, deleteSession, loadSessionUser, SESSION_COOKIE, SESSION_TTL_MS } from '../lib/sessions.js';
import { loginSchema } from '../lib/request-schemas.js';
import { readBody } from '../lib/validation.js';

export const authRoutes = new Hono<AppEnv>();

/**
 * Password login. Every try counts as a failure before the password is checked (login-throttle.ts): a try
 * that must still wait is answered 429 without hashing; hashing itself waits in bounded lines (passwords.ts), and
 * when the line of unknown browsers is full the answer is a challenge to solve (login-challenge.ts).
 */
authRoutes.post('/login', async (c) => {
  const parsed = await readBody(c, loginSchema);
  const { username, password, proof } = parsed;
  const db = c.get('db');
  const deviceToken = getCookie(c, DEVICE_COOKIE);
  // A flood keeps the line of unknown browsers full: a new browser without a proof is answered with a challenge
  // before any other work (one insert), so the flood cannot slow the answers of everyone else down. Its try would
  // have been taken back anyway; the back-off counts the try it makes with the solved challenge. A try let in holds
  // its place in that line through its database work, so the line stays full while a flood lasts.
  const place = !proof && !deviceToken ? holdHashPlace('unknown') : undefined;
  if (place === null) throw await challengeRefusal(db, username);
  let attempt: LoginAttempt;
  let account: { id: number; passwordHash: string | null };
  try {
    attempt = await LoginAttempt.begin(db, username, { address: clientAddress(c), deviceToken });
    const [found] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, isExternalLogin: users.isExternalLogin })
      .from(users)
      .where(eq(sql`lower(${users.login})`, username.toLowerCase()));
    if (found?.isActive && !passwordSignInAllowed(found)) {
      // Not a wrong password: the account signs in through the identity provider (no back-off for that).
      await attempt.takeBack();
      throw externalLoginOnly(c.get('config').sso);
    }
    // A browser the account knows waits first; then a try with a solved challenge; then everyone else.
    const line: HashLine = attempt.knownDevice ? 'known' : (await redeemProof(db, username, proof)) ? 'proven' : 'unknown';
    let ok: boolean;
    try {
      ok = await verifyPassword(password, found?.passwordHash ?? null, { line, place });
    } catch (error) {
      if (!(error instanceof PasswordCheckBusy)) throw error;
      await attempt.takeBack();
      // All checks taken (a flood): a new browser gets a challenge to solve instead of "server busy" (docs/security.md).
      throw line === 'known' ? error : await challengeRefusal(db, username);
    }
    if (!found || !ok || !found.isActive) throw new ApiError(401, [{ key: 'ERRORMESSAGES.InvalidCredentials' }]);
    account = found;
  } finally {
    place?.release();
  }

  const newDeviceToken = await attempt.succeeded();
  if (needsRehash(account.passwordHash)) await rehash(c, account.id, account.passwordHash!, password);
  const session = await createSession(db, account.id);
  const secure = c.get('config').secureCookies;
  setCookie(c, SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: Math.floor(SESSION_TTL_MS / 1000) });
  // Sent with logins only: this browser has signed in to the account before (see docs/security.md).
  setCookie(c, DEVICE_COOKIE, newDeviceToken, { httpOnly: true, sameSite: 'Strict', secure, path: '/api/auth/login', maxAge: DEVICE_COOKIE_MAX_AGE });
  return c.json(await loadSessionUser(db, account.id));
});

/** A hash made with older parameters is replaced with one of today's (unless the password changed meanwhile). */
async function rehash(c: Context<AppEnv>, userId: number, oldHash: string, password: string): Promise<void> {
  try {
    const passwordHash = await hashPassword(password);
    await c.get('db').update(users).set({ passwordHash }).where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
  } catch (error) {
    // Busy: the next login tries again.
    if (!(error instanceof PasswordCheckBusy)) throw error;
  }
}

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

async function signOut(c: Context<AppEnv>) {
  const token = c.get('sessionToken');
  // Signed in through the identity provider: its logout follows and comes back to the login page.
  const providerLogout = token ? await providerSignOutUrl(c, token) : null;
  if (token) await deleteSession(c.get('db'), token);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.redirect(providerLogout ?? '/home/app/login', c.req.method === 'GET' ? 302 : 303);
}

/**
 * The spec's sign-out link: ends the session and returns to the login page — when followed from the
 * portal's own pages. A link or image on a foreign site (Sec-Fetch-Site: cross-site, or no own Referer)
 * signs nobody out: it lands in the app. `POST /Account/SignOut` (same-origin) does the same.
 */
export const signOutRoute = new Hono<AppEnv>();
signOutRoute.get('/SignOut', async (c) => (fromOwnPage(c) ? signOut(c) : c.redirect('/home/app/', 302)));
signOutRoute.post('/SignOut', csrfGuard, signOut);

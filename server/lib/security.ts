import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { hostAllowed, isLoopbackHost } from './public-url.js';
import { sessionCacheOf } from './session-cache.js';
import { SESSION_COOKIE, userForSession } from './sessions.js';
import { inRequestScope, type RequestScope } from './actor.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for writes: the Origin (or Referer) must be this server or an allowed origin. Bodies
 * must be JSON or multipart (json-body.ts): browsers cannot send a cross-site JSON request without a CORS
 * preflight, which this server never grants.
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
  if (origin && !isOwnOrigin(c, origin)) throw new ApiError(403, [{ key: 'ERRORMESSAGES.CrossSiteRequest' }]);
  return next();
});

/**
 * The portal's own origin (PUBLIC_URL) or one listed in ALLOWED_ORIGINS; in development also the loopback
 * address the request came to (the host check let it through). Never "null", never what a Host header claims.
 */
function isOwnOrigin(c: Context<AppEnv>, origin: string): boolean {
  if (origin === 'null') return false;
  const config = c.get('config');
  if (origin === config.publicUrl || config.allowedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return isLoopbackHost(url.hostname) && url.host === host.toLowerCase() && hostAllowed(config, host);
}

/**
 * True when a navigation comes from the portal's own pages (or the user typed the address): the browser's
 * Sec-Fetch-Site says so, or — from browsers without it — a Referer of this origin. Without either, no.
 */
export function fromOwnPage(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = refererOrigin(c.req.header('referer'));
  return !!origin && isOwnOrigin(c, origin);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Reads the session cookie and puts the user (or null) on the context. After a write, the answer waits until
 * this process's session cache has what the write changed (a deactivation, a role change, a logout), so that
 * the client's next request sees it.
 */
export const sessionReader = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE) ?? null;
  c.set('sessionToken', token);
  const user = token && token.length <= 100 ? await userForSession(c.get('db'), token) : null;
  c.set('user', user);
  // The request's writes name the user in the change journal ("Changed by … at …", server/lib/actor.ts); a write of
  // what a session carries waits until this process's session cache has heard it (read your own writes).
  const scope: RequestScope = { actor: user?.id, sessionsWritten: false };
  await inRequestScope(scope, next);
  if ((!SAFE_METHODS.has(c.req.method) && scope.sessionsWritten) || c.req.path.endsWith('/SignOut')) await sessionCacheOf(c.get('db'))?.sync();
});

/** 401 for every API route without a valid session. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw ApiError.unauthorized();
  return next();
});

import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { sessionCacheOf } from './session-cache.js';
import { SESSION_COOKIE, userForSession } from './sessions.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for writes: the Origin (or Referer) must be this server or an allowed origin,
 * and bodies must be JSON (multipart only where a route accepts uploads). Browsers cannot send
 * a cross-site JSON request without a CORS preflight, which this server never grants.
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const url = new URL(c.req.url);
  const own = `${url.protocol}//${url.host}`;
  const hostHeader = c.req.header('host');
  const allowed = new Set([own, ...c.get('config').allowedOrigins]);
  if (hostHeader) {
    allowed.add(`http://${hostHeader}`);
    allowed.add(`https://${hostHeader}`);
  }
  const origin = c.req.header('origin') ?? refererOrigin(c.req.header('referer'));
  if (origin && origin !== 'null' && !allowed.has(origin)) throw new ApiError(403, [{ key: 'ERRORMESSAGES.CrossSiteRequest' }]);
  if (origin === 'null') throw new ApiError(403, [{ key: 'ERRORMESSAGES.CrossSiteRequest' }]);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const hasBody = (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding');
  if (hasBody && !type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
    throw new ApiError(415, [{ key: 'ERRORMESSAGES.JsonRequired' }]);
  }
  return next();
});

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
  c.set('user', token && token.length <= 100 ? await userForSession(c.get('db'), token) : null);
  await next();
  if (!SAFE_METHODS.has(c.req.method) || c.req.path.endsWith('/SignOut')) await sessionCacheOf(c.get('db'))?.sync();
});

/** 401 for every API route without a valid session. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw ApiError.unauthorized();
  return next();
});

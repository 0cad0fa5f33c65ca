import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { SESSION_COOKIE, userForSession } from './sessions.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for writes: the Origin (or Referer) must be this server or an allowed origin. Bodies
 * must be JSON or multipart (json-body.ts): browsers cannot send a cross-site JSON request without a CORS
 * preflight, which this server never grants.
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

/** Reads the session cookie and puts the user (or null) on the context. */
export const sessionReader = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE) ?? null;
  c.set('sessionToken', token);
  c.set('user', token && token.length <= 100 ? await userForSession(c.get('db'), token) : null);
  return next();
});

/** 401 for every API route without a valid session. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw ApiError.unauthorized();
  return next();
});

import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from './context.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.js';

/** The portal's session cookie, the same however the user signed in (password or single sign-on). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('config').secureCookies,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

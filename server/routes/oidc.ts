import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { safeReturnPath, SIGN_IN_REFUSED_PATH, SSO_LOGIN_PATH, type SignInRefusal } from '../../src/domain/externalSignIn.js';
import { isLanguage } from '../../src/domain/languages.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { ProviderUnavailable, type SingleSignOn } from '../lib/oidc.js';
import { setSessionCookie } from '../lib/session-cookie.js';
import { deleteSession } from '../lib/sessions.js';
import { openSsoSession, rememberSignIn, resolveSignIn, SSO_REQUEST_TTL_MS, takeSignIn } from '../lib/sso-accounts.js';

/** Binds the provider's answer to the browser that started the sign-in (against login CSRF). */
const FLOW_COOKIE = 'pxsso';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

function configured(c: Context<AppEnv>): SingleSignOn {
  const sso = c.get('config').sso;
  if (!sso) throw ApiError.notFound();
  return sso;
}

/** Callbacks start at PUBLIC_URL (or OIDC_BASE_URL), never at the request's Host. */
const origin = (c: Context<AppEnv>) => c.get('config').publicUrl;

function refuse(c: Context<AppEnv>, reason: SignInRefusal, detail?: unknown) {
  c.get('log').warn({ reason, detail }, 'single sign-on refused');
  return c.redirect(`${SIGN_IN_REFUSED_PATH}?reason=${reason}`, 302);
}

/** A provider that cannot be reached, as opposed to one that refused the answer. */
function unreachable(error: unknown): boolean {
  return error instanceof ProviderUnavailable || (error instanceof TypeError && /fetch failed/i.test(error.message));
}

/** `GET api/auth/oidc` … sign-in through the identity provider, without a session (the login page). */
export const oidcRoutes = new Hono<AppEnv>();

/** Whether the login page offers "Sign in with …", and the provider's name. */
oidcRoutes.get('/', (c) => {
  const sso = c.get('config').sso;
  return c.json(sso ? { enabled: true, displayName: sso.displayName, loginUrl: SSO_LOGIN_PATH } : { enabled: false });
});

/** `GET …/login?returnTo=/home/app/…&locale=de`: a browser navigation that leads to the provider. */
oidcRoutes.get('/login', async (c) => {
  const sso = configured(c);
  const locale = c.req.query('locale');
  const checks = sso.newChecks();
  let target: URL;
  try {
    target = await sso.authorizationUrl(origin(c), checks, locale && isLanguage(locale) ? locale : undefined);
  } catch (error) {
    return refuse(c, 'unavailable', error);
  }
  await rememberSignIn(c.get('db'), checks, safeReturnPath(c.req.query('returnTo')));
  setCookie(c, FLOW_COOKIE, checks.state, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('config').secureCookies,
    path: FLOW_COOKIE_PATH,
    maxAge: Math.floor(SSO_REQUEST_TTL_MS / 1000),
  });
  return c.redirect(target.href, 302);
});

/** `GET …/callback?code&state` (or `?error&state`): the provider's answer; signs in or explains the refusal. */
oidcRoutes.get('/callback', async (c) => {
  const sso = configured(c);
  const db = c.get('db');
  const query = new URL(c.req.url).searchParams;
  const state = query.get('state');
  const started = getCookie(c, FLOW_COOKIE);
  deleteCookie(c, FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
  // The answer must belong to a sign-in started in this browser, and each is taken once.
  if (!state || !started || state !== started || state.length > 200) return refuse(c, 'state');
  const checks = await takeSignIn(db, state);
  if (!checks) return refuse(c, 'state');
  if (query.has('error')) return refuse(c, 'provider', query.get('error'));

  let answer;
  try {
    answer = await sso.finish(origin(c), query, checks);
  } catch (error) {
    return refuse(c, unreachable(error) ? 'unavailable' : 'provider', error);
  }
  const match = await resolveSignIn(db, sso.issuer, answer.claims);
  if ('refused' in match) return refuse(c, match.refused, `subject ${answer.claims.sub} of ${sso.issuer}`);

  // A new session for the new sign-in; a session this browser still had ends.
  const previous = c.get('sessionToken');
  if (previous) await deleteSession(db, previous);
  setSessionCookie(c, await openSsoSession(db, match.userId, answer));
  return c.redirect(checks.returnTo, 302);
});

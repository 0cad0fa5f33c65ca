import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoLoginRequests, ssoSessions, userIdentities, users } from '../../server/db/schema.js';
import type { DemoIdpAccount } from '../../server/demo-idp/index.js';
import { SingleSignOn } from '../../server/lib/oidc.js';
import { resolveSignIn } from '../../server/lib/sso-accounts.js';
import { createTestContext, DEMO_PASSWORD, expectErrorShape, type TestContext } from './helpers.js';
import { CookieJar, PORTAL, startTestProvider } from './oidc-provider.js';

const PASSWORD = 'Idp-Secret-9';
const person = (login: string, email: string | undefined, emailVerified = true, givenName?: string): DemoIdpAccount => ({
  login,
  password: PASSWORD,
  sub: `sub-${login}`,
  email,
  emailVerified,
  givenName,
});
const ACCOUNTS = [
  person('partner', 'Partner@Bauunternehmen.example', true, 'Paula'),
  person('partner2', 'partner@bauunternehmen.example'),
  person('stranger', 'stranger@example.org'),
  person('noemail', undefined),
  person('unverified', 'extern@bau.example', false),
  // The demo's customer signs in with a password: a provider account with the same e-mail must not take it over.
  person('customer', 'customer@bouwbedrijf.example'),
  person('sleeper', 'sleeper@bau.example'),
];

let t: TestContext;
let provider: Awaited<ReturnType<typeof startTestProvider>>;

beforeAll(async () => {
  provider = await startTestProvider(ACCOUNTS);
  t = await createTestContext({ config: { sso: provider.sso } });
  // Two more external logins: one whose e-mail the provider does not confirm, one deactivated.
  await t.db.insert(users).values([
    { login: 'extern', email: 'extern@bau.example', isExternalLogin: true },
    { login: 'sleeper', email: 'sleeper@bau.example', isExternalLogin: true, isActive: false },
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

interface Outcome {
  /** Where the portal sent the browser after the provider's answer. */
  location: string;
  /** The portal's session cookie header, when one was set. */
  session?: string;
  jar: CookieJar;
  /** The browser's cookies at the provider (its own session). */
  idpJar: CookieJar;
}

/** Follows redirects at the provider (its cookies kept) until it sends the browser back to the portal. */
async function atProvider(start: string, jar: CookieJar, form?: Record<string, string>): Promise<string> {
  let url = start;
  let init: RequestInit | undefined = form
    ? { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    : undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(PORTAL)) return url;
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init?.headers ?? {}), cookie: jar.header() } });
    jar.take(response);
    init = undefined;
    if (response.status === 200) return url;
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** The browser's walk: portal → provider's login page → sign in there → back to the portal's callback. */
async function signIn(login: string, options: { returnTo?: string; portalJar?: CookieJar } = {}): Promise<Outcome> {
  const portal = options.portalJar ?? new CookieJar();
  const started = await t.request('GET', `/api/auth/oidc/login${options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : ''}`);
  expect(started.status).toBe(302);
  portal.take(started);
  const idpJar = new CookieJar();
  const loginPage = await atProvider(started.headers.get('location')!, idpJar);
  expect(loginPage).toMatch(/\/idp\/interaction\//);
  const callback = await atProvider(loginPage, idpJar, { login, password: PASSWORD });
  expect(callback.startsWith(`${PORTAL}/api/auth/oidc/callback?`)).toBe(true);
  const answered = await t.request('GET', callback.slice(PORTAL.length), { cookie: portal.header() });
  expect(answered.status).toBe(302);
  portal.take(answered);
  const token = portal.get('pxsid');
  return { location: answered.headers.get('location')!, session: token ? `pxsid=${token}` : undefined, jar: portal, idpJar };
}

const me = async (cookie: string | undefined) => t.request('GET', '/api/auth/me', { cookie });
const identitiesOf = (login: string) =>
  t.db.select({ subject: userIdentities.subject }).from(userIdentities).innerJoin(users, eq(users.id, userIdentities.userId)).where(eq(users.login, login));

describe('the login page learns whether single sign-on is offered', () => {
  it('answers the provider name when configured and enabled:false otherwise', async () => {
    expect(await (await t.request('GET', '/api/auth/oidc')).json()).toEqual({ enabled: true, displayName: 'Test-ID', loginUrl: '/api/auth/oidc/login' });
    const plain = await createTestContext({ seed: false });
    expect(await (await plain.request('GET', '/api/auth/oidc')).json()).toEqual({ enabled: false });
    await expectErrorShape(await plain.request('GET', '/api/auth/oidc/login'), 404);
    await plain.close();
  });

  it('sends the browser to the provider with PKCE, state and nonce, and binds the flow to the browser', async () => {
    const response = await t.request('GET', '/api/auth/oidc/login?locale=nl');
    const target = new URL(response.headers.get('location')!);
    expect(target.href.startsWith(provider.issuer)).toBe(true);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: 'portal-test',
      response_type: 'code',
      redirect_uri: `${PORTAL}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      ui_locales: 'nl',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(name)?.length).toBeGreaterThan(20);
    const flowCookie = response.headers.getSetCookie().find((line) => line.startsWith('pxsso='))!;
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/SameSite=Lax/i);
    expect(flowCookie.split(';')[0]).toBe(`pxsso=${target.searchParams.get('state')}`);
  });
});

describe('first sign-in binds by verified e-mail, later ones by subject', () => {
  it('signs partner in through the provider, binds the subject and takes the names from the provider', async () => {
    expect(await identitiesOf('partner')).toEqual([]);
    const outcome = await signIn('partner', { returnTo: '/home/app/profile' });
    expect(outcome.location).toBe('/home/app/profile');
    const user = await (await me(outcome.session)).json();
    expect(user).toMatchObject({ login: 'partner', isExternalLogin: true, firstName: 'Paula', lastName: 'Partner' });
    expect(await identitiesOf('partner')).toEqual([{ subject: 'sub-partner' }]);
    // The session is the portal's usual one, and it remembers the ID token for the provider's logout.
    expect(await t.db.select().from(ssoSessions)).toHaveLength(1);
  });

  it('later finds partner by the subject alone, even after the e-mail changed in the portal', async () => {
    await t.db.update(users).set({ email: 'new-address@bauunternehmen.example' }).where(eq(users.login, 'partner'));
    const outcome = await signIn('partner');
    expect(outcome.location).toBe('/home/app/');
    expect((await (await me(outcome.session)).json()).login).toBe('partner');
    await t.db.update(users).set({ email: 'partner@bauunternehmen.example' }).where(eq(users.login, 'partner'));
  });

  it('refuses a second provider identity with the bound account’s e-mail', async () => {
    const outcome = await signIn('partner2');
    expect(outcome.location).toBe('/account/sign-in-refused?reason=boundElsewhere');
    expect(outcome.session).toBeUndefined();
    expect(await identitiesOf('partner')).toEqual([{ subject: 'sub-partner' }]);
  });

  it('binds one identity only when two first sign-ins with the same e-mail race', async () => {
    // Eight rounds: the same identity twice and another one at once; whichever binds first, the same identity's other
    // sign-in gets in (it once read "not bound" by subject and then "bound" by e-mail, and was refused).
    for (let round = 0; round < 8; round++) {
      const email = `twin${round}@bau.example`;
      const [twin] = await t.db.insert(users).values({ login: `twin${round}`, email, isExternalLogin: true }).returning({ id: users.id });
      const subjects = [`sub-a${round}`, `sub-b${round}`, `sub-a${round}`];
      const results = await Promise.all(subjects.map((sub) => resolveSignIn(t.db, provider.issuer, { sub, email, email_verified: true })));
      const bound = await t.db.select({ subject: userIdentities.subject }).from(userIdentities).where(eq(userIdentities.userId, twin.id));
      expect(bound).toHaveLength(1);
      for (const [index, result] of results.entries()) {
        const sameSubject = subjects[index] === bound[0].subject;
        expect(result, `round ${round}, sign-in ${index}`).toEqual(sameSubject ? { userId: twin.id, bind: expect.any(Boolean) } : { refused: 'boundElsewhere' });
      }
    }
  });

  it('ignores an unsafe return address', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/home/app/', '/home/app/\\evil']) {
      expect((await signIn('partner', { returnTo })).location).toBe('/home/app/');
    }
  });

  it('ends the session this browser had before', async () => {
    const first = await signIn('partner');
    const jar = first.jar;
    const second = await signIn('partner', { portalJar: jar });
    expect(second.session).not.toBe(first.session);
    expect((await me(first.session)).status).toBe(401);
    expect((await me(second.session)).status).toBe(200);
  });
});

describe('refused sign-ins get the refusal page and no session', () => {
  it.each([
    ['stranger', 'unknown'],
    ['noemail', 'unknown'],
    ['unverified', 'unverified'],
    ['customer', 'notExternal'],
    ['sleeper', 'inactive'],
  ])('%s → %s', async (login, reason) => {
    const outcome = await signIn(login);
    expect(outcome.location).toBe(`/account/sign-in-refused?reason=${reason}`);
    expect(outcome.session).toBeUndefined();
    expect(await identitiesOf(login === 'unverified' ? 'extern' : login)).toEqual([]);
  });

  it('refuses a bound account that was deactivated since', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.login, 'partner'));
    expect((await signIn('partner')).location).toBe('/account/sign-in-refused?reason=inactive');
    await t.db.update(users).set({ isActive: true }).where(eq(users.login, 'partner'));
  });
});

describe('the answer must belong to a sign-in this browser started', () => {
  async function answerFor(login: string) {
    const portal = new CookieJar();
    const started = await t.request('GET', '/api/auth/oidc/login');
    portal.take(started);
    const idpJar = new CookieJar();
    const page = await atProvider(started.headers.get('location')!, idpJar);
    const callback = await atProvider(page, idpJar, { login, password: PASSWORD });
    return { path: callback.slice(PORTAL.length), portal };
  }

  it('refuses an answer without the browser’s flow cookie (login CSRF) or with another state', async () => {
    const { path, portal } = await answerFor('partner');
    const noCookie = await t.request('GET', path);
    expect(noCookie.headers.get('location')).toBe('/account/sign-in-refused?reason=state');
    const otherState = path.replace(/state=[^&]+/, 'state=forged-state-value');
    const forged = await t.request('GET', otherState, { cookie: portal.header() });
    expect(forged.headers.get('location')).toBe('/account/sign-in-refused?reason=state');
    expect(forged.headers.getSetCookie().some((line) => line.startsWith('pxsid='))).toBe(false);
  });

  it('takes each sign-in once: a replayed answer is refused', async () => {
    const { path, portal } = await answerFor('partner');
    const first = await t.request('GET', path, { cookie: portal.header() });
    expect(first.headers.get('location')).toBe('/home/app/');
    const replay = await t.request('GET', path, { cookie: portal.header() });
    expect(replay.headers.get('location')).toBe('/account/sign-in-refused?reason=state');
  });

  it('refuses an expired sign-in', async () => {
    const { path, portal } = await answerFor('partner');
    await t.db.update(ssoLoginRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.request('GET', path, { cookie: portal.header() })).headers.get('location')).toBe('/account/sign-in-refused?reason=state');
  });

  it('explains an error the provider answered (e.g. the user cancelled)', async () => {
    const started = await t.request('GET', '/api/auth/oidc/login');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const answer = await t.request('GET', `/api/auth/oidc/callback?error=access_denied&state=${state}`, { cookie: `pxsso=${state}` });
    expect(answer.headers.get('location')).toBe('/account/sign-in-refused?reason=provider');
  });

  it('refuses a forged code for a genuine state', async () => {
    const started = await t.request('GET', '/api/auth/oidc/login');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const answer = await t.request('GET', `/api/auth/oidc/callback?code=forged&state=${state}&iss=${encodeURIComponent(provider.issuer)}`, { cookie: `pxsso=${state}` });
    expect(answer.headers.get('location')).toBe('/account/sign-in-refused?reason=provider');
  });

  it('says the provider is unavailable when it cannot be reached', async () => {
    const down = await createTestContext({ seed: false, config: { sso: new SingleSignOn({ issuer: 'http://127.0.0.1:9/idp', clientId: 'x', clientSecret: 'y', displayName: 'Down' }) } });
    expect((await down.request('GET', '/api/auth/oidc/login')).headers.get('location')).toBe('/account/sign-in-refused?reason=unavailable');
    await down.close();
  });
});

describe('external logins have no portal password', () => {
  it('refuses the password form for partner and names the way that works', async () => {
    const response = await t.request('POST', '/api/auth/login', { body: { username: 'partner', password: DEMO_PASSWORD }, headers: { 'accept-language': 'en' } });
    const [message] = await expectErrorShape(response, 403);
    expect(message.text).toBe('This account signs in through Test-ID, not with a portal password. Use "Sign in with Test-ID".');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('says so also when no provider is configured', async () => {
    const plain = await createTestContext({ seed: false });
    await plain.db.insert(users).values({ login: 'partner', email: 'partner@bauunternehmen.example', isExternalLogin: true });
    const [message] = await expectErrorShape(await plain.request('POST', '/api/auth/login', { body: { username: 'partner', password: 'whatever' }, headers: { 'accept-language': 'de' } }), 403);
    expect(message.text).toMatch(/Anmeldedienst Ihres Unternehmens/);
    await plain.close();
  });

  it('has no password hash in the demo data, and none can be set or reset for it', async () => {
    const [partner] = await t.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.login, 'partner'));
    expect(partner.passwordHash).toBeNull();
    const session = await t.login('partner');
    await expectErrorShape(await t.request('PUT', '/api/account/planxchange/password', { cookie: session, body: { oldPassword: 'x', newPassword: 'New-Pass-1', confirmPassword: 'New-Pass-1' } }), 403);
    const admin = await t.login('admin');
    await expectErrorShape(await t.request('POST', `/api/data/planxchange/users/${partner.id}/invite`, { cookie: admin }), 409);
  });

  it('switching an account to external login drops its password and open sessions; a new e-mail unbinds the identity', async () => {
    const admin = await t.login('admin');
    const [customer] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'drafter'));
    const drafterSession = await t.login('drafter');
    expect((await t.request('PUT', `/api/data/planxchange/users/${customer.id}`, { cookie: admin, body: { isExternalLogin: true } })).status).toBe(200);
    const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, customer.id));
    expect(row.passwordHash).toBeNull();
    expect((await me(drafterSession)).status).toBe(401);
    await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'drafter', password: DEMO_PASSWORD } }), 403);

    const [partner] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'partner'));
    expect(await identitiesOf('partner')).toHaveLength(1);
    expect((await t.request('PUT', `/api/data/planxchange/users/${partner.id}`, { cookie: admin, body: { email: 'paul@bauunternehmen.example' } })).status).toBe(200);
    expect(await identitiesOf('partner')).toEqual([]);
    await t.db.update(users).set({ email: 'partner@bauunternehmen.example' }).where(eq(users.id, partner.id));
  });
});

describe('signing out', () => {
  it('ends the portal session and sends the browser to the provider’s logout, which comes back to the login page', async () => {
    const { session, idpJar } = await signIn('partner');
    const out = await t.request('GET', '/Account/SignOut', { cookie: session, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.status).toBe(302);
    const target = new URL(out.headers.get('location')!);
    expect(target.href.startsWith(`${provider.issuer}/session/end`)).toBe(true);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/home/app/login`);
    expect(target.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect((await me(session)).status).toBe(401);
    // The provider knows the hint and asks whether to end its session too.
    const question = await fetch(target, { redirect: 'manual', headers: { cookie: idpJar.header(), 'accept-language': 'en' } });
    expect(question.status).toBe(200);
    const form = await question.text();
    // In the user's language (partner's profile says German), passed on as ui_locales.
    expect(target.searchParams.get('ui_locales')).toBe('de');
    expect(form).toContain('Auch von Demo-ID abmelden?');
    // Confirming ends the provider's session and leads back to the portal's login page.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)![1];
    const confirmed = await fetch(`${provider.issuer}/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: idpJar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirmed.headers.get('location')).toBe(`${PORTAL}/home/app/login`);
    idpJar.take(confirmed);
    // Without a provider session, the next sign-in asks for the password again.
    const started = await t.request('GET', '/api/auth/oidc/login');
    expect(await atProvider(started.headers.get('location')!, idpJar)).toMatch(/\/idp\/interaction\//);
  });

  it('a password session signs out to the login page as before', async () => {
    const session = await t.login('customer');
    const out = await t.request('GET', '/Account/SignOut', { cookie: session, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(out.headers.get('location')).toBe('/home/app/login');
  });
});

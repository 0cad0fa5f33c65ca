import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { sessionCacheOf } from '../../server/lib/session-cache.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers 200 without a session', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/auth/session', () => {
  it('answers null without a session and the user with one (never a 401 for the login page to log)', async () => {
    const anonymous = await t.request('GET', '/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ user: null });
    const bogus = await t.request('GET', '/api/auth/session', { cookie: 'pxsid=not-a-session' });
    expect(await bogus.json()).toEqual({ user: null });
    const cookie = await t.login('customer');
    const signedIn = await t.request('GET', '/api/auth/session', { cookie });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user).toMatchObject({ login: 'customer', isInternal: false });
  });
});

describe('POST /api/auth/login', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and answers the user', async () => {
    const response = await t.request('POST', '/api/auth/login', { body: { username: 'customer', password: 'Portal-Demo-1' } });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^pxsid=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const user = await response.json();
    expect(user).toMatchObject({ login: 'customer', isInternal: false, isAdmin: false, language: 'en' });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('accepts the login name in any case', async () => {
    const response = await t.request('POST', '/api/auth/login', { body: { username: 'ADMIN', password: 'Portal-Demo-1' } });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the same message as an unknown login', async () => {
    const wrong = await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'staff', password: 'nope' } }), 401);
    const unknown = await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'nobody', password: 'nope' } }), 401);
    expect(wrong[0].text).toBe(unknown[0].text);
  });

  it('validates the body: missing fields, wrong types, unknown fields, malformed JSON, non-JSON', async () => {
    const missing = await expectErrorShape(await t.request('POST', '/api/auth/login', { body: {} }), 400);
    expect(missing.map((m) => m.reference).sort()).toEqual(['password', 'username']);
    await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 5, password: true } }), 400);
    const unknown = await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'a', password: 'b', admin: true } }), 400);
    expect(unknown[0].key).toBe('VALIDATION.UnknownField');
    await expectErrorShape(await t.request('POST', '/api/auth/login', { raw: '{"username":' }), 400);
    await expectErrorShape(await t.request('POST', '/api/auth/login', { raw: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'x'.repeat(121), password: 'b' } }), 400);
  });

  it('refuses an inactive user', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.login, 'partner'));
    await expectErrorShape(await t.request('POST', '/api/auth/login', { body: { username: 'partner', password: 'Portal-Demo-1' } }), 401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.login, 'partner'));
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user of the session, 401 without one', async () => {
    const cookie = await t.login('staff');
    const me = await t.request('GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ login: 'staff', isInternal: true, firstName: 'Stefan' });
    await expectErrorShape(await t.request('GET', '/api/auth/me'), 401);
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie: 'pxsid=forged' }), 401);
  });

  it('stores only a hash of the token', async () => {
    const cookie = await t.login('configurer');
    const token = cookie.split('=')[1];
    const rows = await t.db.select().from(sessions);
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });

  it('logout ends the session', async () => {
    const cookie = await t.login('customer');
    expect((await t.request('POST', '/api/auth/logout', { cookie })).status).toBe(204);
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
  });

  it('/Account/SignOut from the portal pages ends the session and redirects to the login page', async () => {
    const own: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { referer: 'http://localhost/home/app/dash' }];
    for (const headers of own) {
      const cookie = await t.login('customer');
      const response = await t.request('GET', '/Account/SignOut', { cookie, headers });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/home/app/login');
      expect(response.headers.get('set-cookie')).toMatch(/pxsid=;/);
      await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
    }
  });

  it('/Account/SignOut from a foreign site signs nobody out', async () => {
    const cookie = await t.login('customer');
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', referer: 'http://localhost/home/app/dash' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of cases) {
      const response = await t.request('GET', '/Account/SignOut', { cookie, headers });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/home/app/');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
  });

  it('POST /Account/SignOut signs out from the own origin only', async () => {
    const cookie = await t.login('customer');
    await expectErrorShape(await t.request('POST', '/Account/SignOut', { cookie, headers: { origin: 'https://evil.example' } }), 403);
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    const response = await t.request('POST', '/Account/SignOut', { cookie, headers: { origin: 'http://localhost' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/home/app/login');
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
  });

  it('an expired session is refused', async () => {
    const cookie = await t.login('staff');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
  });

  it('a deactivated user loses access on the next call', async () => {
    const cookie = await t.login('partner');
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.login, 'partner'));
    // Written beside the app, as another process would: its change notification reaches the session cache (on
    // PostgreSQL within milliseconds, not before this await returns; sync() waits for it).
    await sessionCacheOf(t.db)?.sync();
    await expectErrorShape(await t.request('GET', '/api/data/planxchange/salesorganisations', { cookie }), 401);
    await t.db.update(users).set({ isActive: true }).where(eq(users.login, 'partner'));
  });
});

describe('every /api route needs a session', () => {
  const routes: [string, string][] = [
    ['GET', '/api/data/planxchange/banner-notifications'],
    ['GET', '/api/data/planxchange/banner-notifications/1'],
    ['POST', '/api/data/planxchange/banner-notifications'],
    ['PUT', '/api/data/planxchange/banner-notifications/1'],
    ['DELETE', '/api/data/planxchange/banner-notifications/1'],
    ['GET', '/api/banner-notifications/sales-orgs'],
    ['GET', '/api/banner-notifications/active'],
    ['GET', '/api/data/planxchange/salesorganisations'],
    ['PUT', '/api/data/planxchange/users/1'],
    ['GET', '/api/anything/else'],
  ];
  it.each(routes)('%s %s → 401', async (method, path) => {
    const response = await t.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
    await expectErrorShape(response, 401);
  });
});

describe('CSRF and headers', () => {
  it('refuses writes from another origin', async () => {
    const cookie = await t.login('admin');
    const response = await t.request('POST', '/api/data/planxchange/banner-notifications', {
      cookie,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    await expectErrorShape(response, 403);
    const ok = await t.request('POST', '/api/auth/logout', { cookie, headers: { origin: 'http://localhost' } });
    expect(ok.status).toBe(204);
  });

  it('refuses form-encoded writes (JSON only)', async () => {
    const cookie = await t.login('admin');
    const response = await t.request('POST', '/api/data/planxchange/banner-notifications', {
      cookie,
      raw: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    await expectErrorShape(response, 415);
  });

  it('sends secure headers', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('refuses over-large bodies with 413', async () => {
    const cookie = await t.login('admin');
    const response = await t.request('POST', '/api/data/planxchange/banner-notifications', {
      cookie,
      raw: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json', 'content-length': '1100012' },
    });
    await expectErrorShape(response, 413);
  });
});

describe('translations', () => {
  it('serves assets/i18n/{lang}.json for de, en and nl only', async () => {
    for (const language of ['de', 'en', 'nl']) {
      const response = await t.request('GET', `/assets/i18n/${language}.json`);
      expect(response.status).toBe(200);
      expect((await response.json()).ra.action.save).toBeTruthy();
    }
    expect((await t.request('GET', '/assets/i18n/fr.json')).status).toBe(404);
    expect((await t.request('GET', '/assets/i18n/..%2Fpackage.json')).status).toBe(404);
  });

  it('sends them compressed as the browser accepts (brotli, else gzip), revalidated, the same text either way', async () => {
    const path = '/assets/i18n/de.json';
    const plain = await t.request('GET', path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const text = await plain.text();
    // Compressed on the thread pool after the start: uncompressed until then.
    let encoded: Response | undefined;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const response = await t.request('GET', path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      if (response.headers.get('content-encoding')) {
        encoded = response;
        break;
      }
    }
    expect(encoded?.headers.get('content-encoding')).toBe('br');
    expect(encoded?.headers.get('vary')).toBe('Accept-Encoding');
    const compressed = Buffer.from(await encoded!.arrayBuffer());
    expect(compressed.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(brotliDecompressSync(compressed).toString('utf8')).toBe(text);
    const gz = await t.request('GET', path, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(text);
    expect((await t.request('GET', path, { headers: { 'accept-encoding': 'identity' } })).headers.get('content-encoding')).toBeNull();
  });

  it('answers API errors in the language of the user', async () => {
    const cookie = await t.login('staff'); // German
    const messages = await expectErrorShape(await t.request('GET', '/api/data/planxchange/banner-notifications', { cookie }), 403);
    expect(messages[0].text).toBe('Dazu sind Sie nicht berechtigt.');
  });
});

describe('CORS for configured origins', () => {
  it('exposes Content-Range to an allowed origin only, and accepts its writes', async () => {
    const { createApp } = await import('../../server/app.js');
    const app = createApp(t.db, { allowedOrigins: ['https://planner.example'] });
    const allowed = await app.request('http://localhost/api/health', { headers: { origin: 'https://planner.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBeNull(); // health is outside /api's CORS
    const preflight = await app.request('http://localhost/api/data/planxchange/banner-notifications', {
      method: 'OPTIONS',
      headers: { origin: 'https://planner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://planner.example');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const list = await app.request('http://localhost/api/data/planxchange/banner-notifications', {
      headers: { origin: 'https://planner.example', cookie: await t.login('admin') },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-expose-headers')).toBe('Content-Range');
    const other = await app.request('http://localhost/api/data/planxchange/banner-notifications', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

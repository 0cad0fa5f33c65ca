import { scryptSync } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF } from '../../src/domain/rateLimits.js';
import { rateLimits, users } from '../../server/db/schema.js';
import { hashingStats, SCRYPT_PARAMS, scryptMemory } from '../../server/lib/passwords.js';
import { purgeRateLimits } from '../../server/lib/rate-limit.js';
import { createTestContext, DEMO_PASSWORD, expectErrorShape, type TestContext } from './helpers.js';

/** Login back-off per account and client, per account, per address (docs/security.md). TRUST_PROXY=1 here. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ config: { trustProxy: 1 } });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits);
});

function login(username: string, password: string, from: string, extra: Record<string, string> = {}) {
  return t.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': from, ...extra } });
}
/** The device cookie a successful login set. */
function deviceCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('pxdevice='));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0];
}
/** Moves every counter's last failure back, as if the client had waited. */
async function waitOut(seconds: number) {
  await t.db.update(rateLimits).set({ lastAt: sql`${rateLimits.lastAt} - make_interval(secs => ${seconds})` });
}

describe('one account from one address', () => {
  it('five wrong passwords are free; then 429 with Retry-After, in the client language, without hashing', async () => {
    for (let i = 0; i < LOGIN_BACKOFF.accountFromClient.free; i++) {
      expect((await login('drafter', `wrong${i}`, '203.0.113.7')).status).toBe(401);
    }
    const before = hashingStats().completed;
    const refused = await login('drafter', DEMO_PASSWORD, '203.0.113.7', { 'accept-language': 'de-DE' });
    expect(hashingStats().completed).toBe(before);
    expect(refused.headers.get('retry-after')).toBe('1');
    const messages = await expectErrorShape(refused, 429);
    expect(messages[0]).toMatchObject({ key: 'ERRORMESSAGES.TooManyLoginAttempts', text: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es in 1 Sekunde erneut.' });
  });

  it('the real user gets in with the right password from another address during the attack', async () => {
    for (let i = 0; i < 12; i++) await login('drafter', `guess${i}`, '198.51.100.66');
    expect((await login('drafter', 'guess-again', '198.51.100.66')).status).toBe(429);
    expect((await login('drafter', DEMO_PASSWORD, '192.0.2.10')).status).toBe(200);
  });

  it('backs off doubling the wait; after waiting, a try is let through again', async () => {
    for (let i = 0; i < 5; i++) await login('staff', `wrong${i}`, '203.0.113.8');
    expect((await login('staff', 'x', '203.0.113.8')).headers.get('retry-after')).toBe('1');
    await waitOut(1);
    expect((await login('staff', 'wrong5', '203.0.113.8')).status).toBe(401);
    expect((await login('staff', 'x', '203.0.113.8')).headers.get('retry-after')).toBe('2');
    await waitOut(2);
    expect((await login('staff', 'wrong6', '203.0.113.8')).status).toBe(401);
    expect((await login('staff', 'x', '203.0.113.8')).headers.get('retry-after')).toBe('4');
    await waitOut(4);
    // The right password passes once the wait is over, and starts the count afresh.
    expect((await login('staff', DEMO_PASSWORD, '203.0.113.8')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('staff', `again${i}`, '203.0.113.8')).status).toBe(401);
  });

  it('a parallel burst of 25 gets 5 tries, not 25', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login('configurer', `burst${i}`, '203.0.113.9')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('one address, many accounts', () => {
  it('30 failures are free; then every account from that address waits — except a browser the account knows', async () => {
    const known = await login('customer', DEMO_PASSWORD, '203.0.113.50');
    const device = deviceCookie(known);
    for (let i = 0; i < LOGIN_BACKOFF.address.free; i++) expect((await login(`user${i}`, 'Spray-2024', '203.0.113.50')).status).toBe(401);
    expect((await login('someone-else', 'Spray-2024', '203.0.113.50')).status).toBe(429);
    // The right password without the device cookie waits too: nothing tells it from the attacker.
    expect((await login('customer', DEMO_PASSWORD, '203.0.113.50')).status).toBe(429);
    // With it, the account's owner gets in.
    expect((await login('customer', DEMO_PASSWORD, '203.0.113.50', { cookie: device })).status).toBe(200);
  });
});

describe('one account, many addresses', () => {
  it('20 failures from unknown clients slow the account down for them; its owner passes from a known browser', async () => {
    const known = await login('admin', DEMO_PASSWORD, '192.0.2.1');
    const device = deviceCookie(known);
    expect(device).toMatch(/^pxdevice=[\w-]{43}$/);
    for (let i = 0; i < LOGIN_BACKOFF.account.free; i++) {
      expect((await login('admin', `botnet${i}`, `198.51.100.${i + 1}`)).status).toBe(401);
    }
    expect((await login('admin', 'botnet-next', '198.51.100.200')).status).toBe(429);
    expect((await login('admin', DEMO_PASSWORD, '198.51.100.201')).status).toBe(429);
    expect((await login('admin', DEMO_PASSWORD, '198.51.100.201', { cookie: device })).status).toBe(200);
  });

  it('the device cookie: httpOnly, SameSite=Strict, sent to the login only, for 90 days', async () => {
    const response = await login('customer', DEMO_PASSWORD, '192.0.2.2');
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('pxdevice='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth\/login/);
    expect(cookie).toMatch(/Max-Age=7776000/);
  });

  it('a forged or foreign device cookie counts as an unknown client', async () => {
    const device = deviceCookie(await login('customer', DEMO_PASSWORD, '192.0.2.3'));
    for (let i = 0; i < 5; i++) await login('drafter', `x${i}`, '192.0.2.3', { cookie: device });
    expect((await login('drafter', DEMO_PASSWORD, '192.0.2.3', { cookie: device })).status).toBe(429);
    expect((await login('drafter', DEMO_PASSWORD, '192.0.2.3', { cookie: 'pxdevice=forged' })).status).toBe(429);
  });
});

describe('what a login costs', () => {
  it('an unknown login name costs one hash, as a known one does', async () => {
    let before = hashingStats().completed;
    expect((await login('no-such-user', 'x', '192.0.2.20')).status).toBe(401);
    expect(hashingStats().completed - before).toBe(1);
    before = hashingStats().completed;
    expect((await login('staff', 'x', '192.0.2.20')).status).toBe(401);
    expect(hashingStats().completed - before).toBe(1);
  });

  it('a hash made with older parameters is replaced on login', async () => {
    const salt = Buffer.from('old-salt-16bytes');
    const key = scryptSync(DEMO_PASSWORD, salt, 64, { N: 1024, r: 8, p: 1, maxmem: scryptMemory(1024, 8, 1) + 1024 * 1024 });
    await t.db.update(users).set({ passwordHash: ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$') }).where(eq(users.login, 'drafter'));
    expect((await login('drafter', DEMO_PASSWORD, '192.0.2.21')).status).toBe(200);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.login, 'drafter'));
    expect(row.hash!.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true);
    expect((await login('drafter', DEMO_PASSWORD, '192.0.2.21')).status).toBe(200);
  });

  it('every demo account with a password has its own salt and hash', async () => {
    // External logins (single sign-on) and invited people who have not chosen a password yet have no hash.
    const rows = (await t.db.select({ hash: users.passwordHash }).from(users)).filter((row) => row.hash !== null);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const salts = rows.map((row) => row.hash!.split('$')[4]);
    expect(new Set(salts).size).toBe(rows.length);
  });
});

describe('old counters', () => {
  it('are deleted once expired; live ones stay', async () => {
    await login('nobody', 'x', '192.0.2.30');
    await t.db.insert(rateLimits).values([
      { key: 'login:address:old', count: 9, expiresAt: new Date(Date.now() - 1000) },
      { key: 'action:invitation:1', count: 3, expiresAt: new Date(Date.now() - 60_000) },
    ]);
    expect(await purgeRateLimits(t.db)).toBe(2);
    const left = await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'login:%'));
    expect(left.map((row) => row.key).sort()).toEqual(['login:account-address:nobody|192.0.2.30', 'login:account:nobody', 'login:address:192.0.2.30']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { userProfiles, users, userTenants } from '../../server/db/schema.js';
import { sessionCacheOf } from '../../server/lib/session-cache.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const USERS = '/api/data/planxchange/users';
let t: TestContext;
let admin: string;
const idOf = async (login: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0].id;

/** Polls until `check` passes (another process hears of a change within milliseconds, not at once). */
async function eventually(check: () => Promise<void>, ms = 2000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('the session cache of one process', () => {
  it('answers repeated requests from the cache and still sees a deactivation at once', async () => {
    const cookie = await t.login('partner');
    const cache = sessionCacheOf(t.db)!;
    expect(cache.enabled).toBe(true);
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    const size = cache.size;
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    expect(cache.size).toBe(size);
    const partner = await idOf('partner');
    expect((await t.request('PUT', `${USERS}/${partner}`, { cookie: admin, body: { isActive: false } })).status).toBe(200);
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
    expect((await t.request('PUT', `${USERS}/${partner}`, { cookie: admin, body: { isActive: true } })).status).toBe(200);
  });

  it('a role change reaches the next request: the new admin may open the user list, the old one may not', async () => {
    const cookie = await t.login('staff');
    const staff = await idOf('staff');
    expect((await t.request('GET', `${USERS}?range=[0,4]`, { cookie })).status).toBe(403);
    expect((await t.request('PUT', `${USERS}/${staff}`, { cookie: admin, body: { isAdmin: true } })).status).toBe(200);
    expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ isAdmin: true });
    expect((await t.request('GET', `${USERS}?range=[0,4]`, { cookie })).status).toBe(200);
    expect((await t.request('PUT', `${USERS}/${staff}`, { cookie: admin, body: { isAdmin: false } })).status).toBe(200);
    expect((await t.request('GET', `${USERS}?range=[0,4]`, { cookie })).status).toBe(403);
  });

  it('logout ends the cached session at once', async () => {
    const cookie = await t.login('customer');
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { cookie })).status).toBe(204);
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
  });

  it('a change written outside any route (the database trigger) reaches the cache too', async () => {
    const cookie = await t.login('customer');
    const customer = await idOf('customer');
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    await t.db.update(userProfiles).set({ firstName: 'Umbenannt' }).where(eq(userProfiles.userId, customer));
    await eventually(async () => expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ firstName: 'Umbenannt' }));
    const before = (await (await t.request('GET', '/api/auth/me', { cookie })).json()) as { tenantIds: number[] };
    await t.db.delete(userTenants).where(eq(userTenants.userId, customer));
    await eventually(async () => expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ tenantIds: [] }));
    await t.db.insert(userTenants).values(before.tenantIds.map((tenantId) => ({ userId: customer, tenantId })));
  });

  it('an unknown session token is not cached and stays 401', async () => {
    const size = sessionCacheOf(t.db)!.size;
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie: 'pxsid=not-a-session' }), 401);
    expect(sessionCacheOf(t.db)!.size).toBeLessThanOrEqual(size);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  let other: Database;
  let otherApp: ReturnType<typeof createApp>;
  const otherMe = (cookie: string) => otherApp.request('http://localhost/api/auth/me', { headers: { cookie } });

  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: t.databaseUrl });
    otherApp = createApp(other.db, {}, t.files);
  });
  afterAll(() => other.close());

  it('a logout, a deactivation and a role change in one process reach the other’s cache', async () => {
    const cookie = await t.login('customer');
    expect((await otherMe(cookie)).status).toBe(200);
    expect((await otherMe(cookie)).status).toBe(200);
    expect((await t.request('POST', '/api/auth/logout', { cookie })).status).toBe(204);
    await eventually(async () => expect((await otherMe(cookie)).status).toBe(401));

    const staffCookie = await t.login('staff');
    const staff = await idOf('staff');
    expect(await (await otherMe(staffCookie)).json()).toMatchObject({ isConfigurer: false });
    expect((await t.request('PUT', `${USERS}/${staff}`, { cookie: admin, body: { isConfigurer: true } })).status).toBe(200);
    await eventually(async () => expect(await (await otherMe(staffCookie)).json()).toMatchObject({ isConfigurer: true }));
    expect((await t.request('PUT', `${USERS}/${staff}`, { cookie: admin, body: { isConfigurer: false, isActive: false } })).status).toBe(200);
    await eventually(async () => expect((await otherMe(staffCookie)).status).toBe(401));
    expect((await t.request('PUT', `${USERS}/${staff}`, { cookie: admin, body: { isActive: true } })).status).toBe(200);
  });
});

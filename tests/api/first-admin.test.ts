import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mails, questionnaireSheets, users } from '../../server/db/schema.js';
import { ensureFirstAdministrator, ensureShippedSheets, firstAdminSettings } from '../../server/services/installation.js';
import { createTestContext, type TestContext } from './helpers.js';

const PASSWORD = 'Erster-Admin-1';
let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const settings = (env: Record<string, string> = {}) => firstAdminSettings(env, 'https://portal.example');
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const setPassword = (token: string) => t!.request('POST', '/api/account/set-password', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });

describe('a fresh installation (SEED=none) gets its first administrator', () => {
  it('without a password: a one-time link, a new one on every start until it is used', async () => {
    t = await createTestContext({ seed: false });
    const first = await ensureFirstAdministrator(t.db, settings({ INITIAL_ADMIN_EMAIL: 'it@werk.example' }));
    expect(first?.login).toBe('admin');
    expect(first?.link).toMatch(/^https:\/\/portal\.example\/account\/set-password\?token=[\w-]+$/);
    const [admin] = await t.db.select().from(users);
    expect(admin).toMatchObject({ login: 'admin', email: 'it@werk.example', isAdmin: true, isInternal: true, isActive: true, passwordHash: null });
    // The same link is mailed (the outbox) when an address is given.
    expect((await t.db.select().from(mails).where(eq(mails.recipient, 'it@werk.example')))[0].body).toContain(first!.link!);

    // A restart before the password is set: a new link, the old one stops working.
    const second = await ensureFirstAdministrator(t.db, settings());
    expect(second?.link).not.toBe(first?.link);
    expect((await setPassword(tokenOf(first!.link!))).status).toBe(404);
    expect((await setPassword(tokenOf(second!.link!))).status).toBe(200);
    expect(await t.login('admin', PASSWORD)).toMatch(/^pxsid=/);
    // From now on nothing happens at start-up.
    expect(await ensureFirstAdministrator(t.db, settings())).toBeNull();
    expect((await t.db.select({ n: count() }).from(users))[0].n).toBe(1);
  });

  it('with INITIAL_ADMIN_PASSWORD: logs in at once, no link', async () => {
    t = await createTestContext({ seed: false });
    const result = await ensureFirstAdministrator(t.db, settings({ INITIAL_ADMIN_LOGIN: 'werk.admin', INITIAL_ADMIN_PASSWORD: PASSWORD, INITIAL_ADMIN_LANGUAGE: 'nl' }));
    expect(result).toEqual({ login: 'werk.admin', link: null });
    const cookie = await t.login('werk.admin', PASSWORD);
    const me = await (await t.request('GET', '/api/auth/me', { cookie })).json();
    expect(me).toMatchObject({ login: 'werk.admin', isAdmin: true, isInternal: true, language: 'nl' });
    expect(await t.db.select().from(mails)).toEqual([]);
  });

  it('a demo database already has its administrators: nothing is created', async () => {
    t = await createTestContext();
    const before = (await t.db.select({ n: count() }).from(users))[0].n;
    expect(await ensureFirstAdministrator(t.db, settings())).toBeNull();
    expect((await t.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });

  it('refuses unusable settings before anything is written', () => {
    expect(() => settings({ INITIAL_ADMIN_PASSWORD: 'short' })).toThrow(/INITIAL_ADMIN_PASSWORD/);
    expect(() => settings({ INITIAL_ADMIN_LOGIN: 'first admin' })).toThrow(/login/);
    expect(() => settings({ INITIAL_ADMIN_EMAIL: 'nobody' })).toThrow(/email/);
    expect(() => settings({ INITIAL_ADMIN_LANGUAGE: 'fr' })).toThrow(/language/);
    expect(settings({}).language).toBe('de');
  });

  it('installs the shipped questionnaire sheets once', async () => {
    t = await createTestContext({ seed: false });
    expect(await ensureShippedSheets(t.db)).toBe(true);
    const installed = (await t.db.select({ n: count() }).from(questionnaireSheets))[0].n;
    expect(installed).toBeGreaterThan(5);
    expect(await ensureShippedSheets(t.db)).toBe(false);
    expect((await t.db.select({ n: count() }).from(questionnaireSheets))[0].n).toBe(installed);
  });
});

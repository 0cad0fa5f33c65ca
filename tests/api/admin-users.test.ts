import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, salesOrganisations, sessions, tenants, userInvitations, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const BASE = '/api/data/planxchange/users';
const SET_PASSWORD = '/api/account/set-password';
let t: TestContext;
let admin: string;
let tenant: Record<string, number>;
let org: Record<string, number>;
let ids: Record<string, number>;

const list = async (filter: Record<string, unknown>, extra = '') => {
  const response = await t.request('GET', `${BASE}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]${extra}`, { cookie: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { login: string }[]).map((user) => user.login);
};

const newUser = (login: string, extra: Record<string, unknown> = {}) => ({
  login,
  email: `${login}@bouw.example`,
  firstName: 'Nina',
  lastName: 'Nieuw',
  language: 'nl',
  tenantIDs: [tenant.calcon],
  salesOrgIDs: [org['CB-NL']],
  ...extra,
});

/** The token of the newest invitation mail to `recipient`. */
async function invitationToken(recipient: string): Promise<string> {
  const rows = await t.db.select().from(mails).where(and(eq(mails.kind, 'invitation'), eq(mails.recipient, recipient)));
  const token = /token=([\w-]+)/.exec(rows.at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation for ${recipient}`);
  return token;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  tenant = Object.fromEntries((await t.db.select().from(tenants)).map((row) => [row.name.split(' ')[0].toLowerCase(), row.id]));
  org = Object.fromEntries((await t.db.select().from(salesOrganisations)).map((row) => [row.key, row.id]));
  ids = Object.fromEntries((await t.db.select().from(users)).map((row) => [row.login, row.id]));
});
afterAll(async () => t.close());

describe('list', () => {
  it('pages and sorts, with Content-Range and the record shape', async () => {
    const response = await t.request('GET', `${BASE}?sort=${encodeURIComponent('["login","DESC"]')}&range=[0,1]`, { cookie: admin });
    expect(response.headers.get('content-range')).toBe('users 0-1/7');
    const body = await response.json();
    expect(body.map((user: { login: string }) => user.login)).toEqual(['staff', 'partner']);
    expect(body[0]).toEqual({
      id: ids.staff,
      userID: ids.staff,
      login: 'staff',
      email: 'staff@nordstein.example',
      firstName: 'Stefan',
      lastName: 'Planer',
      isInternal: true,
      isExternalLogin: false,
      isAdmin: false,
      isConfigurer: false,
      isProjectPlanner: true,
      isActive: true,
      language: 'de',
      tenantIDs: [tenant.nordstein, tenant.calcon, tenant.ccl].sort((a, b) => a - b),
      salesOrgIDs: [org['NS-DE'], org['CB-NL']].sort((a, b) => a - b),
      createdAt: expect.any(String),
      deleted: false,
      hasPassword: true,
    });
  });

  it.each([
    [{ isInternal: true }, ['admin', 'configurer', 'drafter', 'staff']],
    [{ isInternal: false }, ['customer', 'olaf.gewerbe@gewerbehof.example', 'partner']],
    [{ isExternalLogin: true }, ['partner']],
    [{ role: 'admin' }, ['admin']],
    [{ role: 'configurer' }, ['configurer']],
    [{ role: 'none' }, ['customer', 'drafter', 'olaf.gewerbe@gewerbehof.example', 'partner', 'staff']],
    [{ isActive: true }, ['admin', 'configurer', 'customer', 'drafter', 'olaf.gewerbe@gewerbehof.example', 'partner', 'staff']],
    [{ isActive: false }, []],
    [{ deleted: false }, ['admin', 'configurer', 'customer', 'drafter', 'olaf.gewerbe@gewerbehof.example', 'partner', 'staff']],
    [{ q: 'klant' }, ['customer']],
    [{ q: 'Kees Klant' }, ['customer']],
    [{ q: 'nordstein.example' }, ['drafter', 'staff']],
    [{ q: 'PART' }, ['partner']],
    [{ isInternal: false, q: 'bouw' }, ['customer']],
  ])('filter %j', async (filter, expected) => {
    expect(await list(filter)).toEqual(expected);
  });

  it('filters by tenant', async () => {
    expect(await list({ tenantID: tenant.calcon })).toEqual(['admin', 'configurer', 'customer', 'staff']);
    expect(await list({ tenantID: tenant.ccl })).toEqual(['admin', 'configurer', 'drafter', 'staff']);
  });

  it('getMany by ids, getOne', async () => {
    expect(await list({ id: [ids.customer, ids.partner] })).toEqual(['customer', 'partner']);
    const one = await t.request('GET', `${BASE}/${ids.partner}`, { cookie: admin });
    expect(await one.json()).toMatchObject({ login: 'partner', isExternalLogin: true });
    await expectErrorShape(await t.request('GET', `${BASE}/999999`, { cookie: admin }), 404);
  });

  it.each([{ role: 'owner' }, { isActive: 'yes' }, { tenantID: 'x' }, { password: 'x' }])('a bad filter %j is 400', async (filter) => {
    await expectErrorShape(await t.request('GET', `${BASE}?filter=${encodeURIComponent(JSON.stringify(filter))}`, { cookie: admin }), 400);
  });
});

describe('create and invitation', () => {
  it('creates without password, queues the invitation; the link sets the password once; then login works', async () => {
    const response = await t.request('POST', BASE, { cookie: admin, body: newUser('nina') });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ login: 'nina', isActive: true, hasPassword: false, language: 'nl', tenantIDs: [tenant.calcon], salesOrgIDs: [org['CB-NL']], isAdmin: false });
    const [mail] = await t.db.select().from(mails).where(eq(mails.recipient, 'nina@bouw.example'));
    expect(mail).toMatchObject({ kind: 'invitation', status: 'queued', userId: created.id });
    expect(mail.body).toContain('http://localhost/account/set-password?token=');
    expect(mail.subject).not.toContain('MAIL.'); // translated (Dutch)
    expect((await t.request('POST', '/api/auth/login', { body: { username: 'nina', password: 'Bouw-Nina-1' } })).status).toBe(401);

    const token = await invitationToken('nina@bouw.example');
    const bad = await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token, password: 'abc', confirmPassword: 'abc' } }), 400);
    expect(bad).toContainEqual(expect.objectContaining({ reference: 'password', key: 'PROFILE.PasswordDialog.InvalidPasswordRequirements' }));
    const mismatch = await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token, password: 'Bouw-Nina-1', confirmPassword: 'Bouw-Nina-2' } }), 400);
    expect(mismatch).toContainEqual(expect.objectContaining({ reference: 'confirmPassword', key: 'PROFILE.PasswordDialog.NewPasswordConfirmFail' }));
    const missing = await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token } }), 400);
    expect(missing.map((m) => m.reference)).toEqual(['password', 'confirmPassword']);

    const done = await t.request('POST', SET_PASSWORD, { body: { token, password: 'Bouw-Nina-1', confirmPassword: 'Bouw-Nina-1' } });
    expect(done.status).toBe(200);
    const cookie = await t.login('NINA', 'Bouw-Nina-1');
    expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ login: 'nina', language: 'nl' });
    // Used: the link works once.
    const used = await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token, password: 'Bouw-Nina-2', confirmPassword: 'Bouw-Nina-2' } }), 404);
    expect(used[0].key).toBe('USERS.SetPassword.LinkInvalid');
  });

  it('unknown and expired links are 404; malformed bodies 400', async () => {
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token: 'x'.repeat(43), password: 'Bouw-Neu-1', confirmPassword: 'Bouw-Neu-1' } }), 404);
    await t.request('POST', BASE, { cookie: admin, body: newUser('otto', { language: 'de' }) });
    const token = await invitationToken('otto@bouw.example');
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userInvitations.userId, (await t.db.select().from(users).where(eq(users.login, 'otto')))[0].id));
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token, password: 'Bouw-Otto-1', confirmPassword: 'Bouw-Otto-1' } }), 404);
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: {} }), 400);
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token: 5 } }), 400);
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token, password: 'x', confirmPassword: 'x', extra: 1 } }), 400);
  });

  it('sending the invitation again replaces the old link', async () => {
    const otto = (await t.db.select().from(users).where(eq(users.login, 'otto')))[0].id;
    const old = await invitationToken('otto@bouw.example');
    const response = await t.request('POST', `${BASE}/${otto}/invite`, { cookie: admin });
    expect(response.status).toBe(202);
    const fresh = await invitationToken('otto@bouw.example');
    expect(fresh).not.toBe(old);
    await expectErrorShape(await t.request('POST', SET_PASSWORD, { body: { token: old, password: 'Bouw-Otto-1', confirmPassword: 'Bouw-Otto-1' } }), 404);
    expect((await t.request('POST', SET_PASSWORD, { body: { token: fresh, password: 'Bouw-Otto-1', confirmPassword: 'Bouw-Otto-1' } })).status).toBe(200);
    await t.login('otto', 'Bouw-Otto-1');
  });

  it('an external login gets no invitation, and none on request', async () => {
    const response = await t.request('POST', BASE, { cookie: admin, body: newUser('extern', { isExternalLogin: true }) });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(await t.db.select().from(mails).where(eq(mails.recipient, 'extern@bouw.example'))).toEqual([]);
    await expectErrorShape(await t.request('POST', `${BASE}/${created.id}/invite`, { cookie: admin }), 409);
    await expectErrorShape(await t.request('POST', `${BASE}/999999/invite`, { cookie: admin }), 404);
  });

  it('a duplicate login (any case) is 409; nothing is written', async () => {
    const messages = await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: newUser('Customer') }), 409);
    expect(messages[0]).toMatchObject({ reference: 'login', key: 'USERS.LoginTaken' });
    expect(await t.db.select().from(mails).where(eq(mails.recipient, 'Customer@bouw.example'))).toEqual([]);
  });

  it('unknown tenants and sales organisations are 422, a sales organisation of another tenant 400', async () => {
    expect((await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: newUser('u1', { tenantIDs: [999999], salesOrgIDs: [] }) }), 422))[0].reference).toBe('tenantIDs');
    expect((await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: newUser('u1', { salesOrgIDs: [999999] }) }), 422))[0].reference).toBe('salesOrgIDs');
    const messages = await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: newUser('u1', { salesOrgIDs: [org['NS-DE']] }) }), 400);
    expect(messages[0]).toMatchObject({ reference: 'salesOrgIDs', key: 'USERS.SalesOrgOutsideTenants' });
    expect(await list({ q: 'u1' })).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-address' }, 'email'],
    [{ email: '' }, 'email'],
    [{ login: 'with space' }, 'login'],
    [{ login: '' }, 'login'],
    [{ lastName: undefined }, 'lastName'],
    [{ firstName: 'x'.repeat(121) }, 'firstName'],
    [{ language: 'fr' }, 'language'],
    [{ isAdmin: 'yes' }, 'isAdmin'],
    [{ tenantIDs: 'all' }, 'tenantIDs'],
    [{ salesOrgIDs: [1.5] }, 'salesOrgIDs.0'],
    [{ password: 'Secret-1' }, 'password'],
  ])('refuses %j with 400', async (change, reference) => {
    const messages = await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: newUser('bad', change) }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });
});

describe('edit', () => {
  it('changes roles, flags, names, e-mail, language and links', async () => {
    const body = { isConfigurer: true, isInternal: true, firstName: 'Dana-Marie', email: 'dana@nordstein.example', language: 'en', tenantIDs: [tenant.nordstein], salesOrgIDs: [org['NS-DE']] };
    const response = await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { ...body, id: ids.drafter } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...body, lastName: 'Zeichner', isAdmin: false });
    const cookie = await t.login('drafter');
    expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ isConfigurer: true, tenantIds: [tenant.nordstein], firstName: 'Dana-Marie' });
  });

  it('keeps links consistent: dropping a tenant whose sales organisation stays is 400', async () => {
    const messages = await expectErrorShape(await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { tenantIDs: [tenant.calcon] } }), 400);
    expect(messages[0].reference).toBe('salesOrgIDs');
    await expectErrorShape(await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { tenantIDs: [999999] } }), 422);
    await expectErrorShape(await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { login: 'renamed' } }), 400);
    await expectErrorShape(await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { id: ids.staff, isAdmin: true } }), 400);
    await expectErrorShape(await t.request('PUT', `${BASE}/999999`, { cookie: admin, body: { isAdmin: true } }), 404);
    const response = await t.request('PUT', `${BASE}/${ids.drafter}`, { cookie: admin, body: { tenantIDs: [tenant.calcon], salesOrgIDs: [] } });
    expect(await response.json()).toMatchObject({ tenantIDs: [tenant.calcon], salesOrgIDs: [] });
  });

  it('an admin cannot take their own admin role or deactivate themselves (409)', async () => {
    const demote = await expectErrorShape(await t.request('PUT', `${BASE}/${ids.admin}`, { cookie: admin, body: { isAdmin: false } }), 409);
    expect(demote[0]).toMatchObject({ key: 'USERS.CannotRemoveOwnAdmin', reference: 'isAdmin' });
    const deactivate = await expectErrorShape(await t.request('PUT', `${BASE}/${ids.admin}`, { cookie: admin, body: { isActive: false } }), 409);
    expect(deactivate[0].key).toBe('USERS.CannotDeactivateSelf');
    await expectErrorShape(await t.request('POST', `${BASE}/deactivate`, { cookie: admin, body: { ids: [ids.staff, ids.admin] } }), 409);
    expect((await t.request('GET', '/api/auth/me', { cookie: await t.login('staff') })).status).toBe(200);
    // Other own fields stay editable.
    expect((await t.request('PUT', `${BASE}/${ids.admin}`, { cookie: admin, body: { lastName: 'Administrator', isAdmin: true } })).status).toBe(200);
  });

  it('a deleted account is listed but not editable (409)', async () => {
    const cookie = await t.login('otto', 'Bouw-Otto-1');
    const otto = (await (await t.request('GET', '/api/auth/me', { cookie })).json()).id as number;
    await t.request('POST', '/api/account/delete', { cookie });
    const token = /token=([\w-]+)/.exec((await t.db.select().from(mails).where(eq(mails.kind, 'account-deletion'))).at(-1)!.body)![1];
    expect((await t.request('POST', '/api/account/delete/confirm', { body: { token } })).status).toBe(200);
    expect(await list({ deleted: true })).toEqual([`deleted-user-${otto}`]);
    await expectErrorShape(await t.request('PUT', `${BASE}/${otto}`, { cookie: admin, body: { isActive: true } }), 409);
    await expectErrorShape(await t.request('PUT', `${BASE}/${otto}`, { cookie: admin, body: { languageKey: 'de' } }), 409);
    await expectErrorShape(await t.request('POST', `${BASE}/${otto}/invite`, { cookie: admin }), 409);
  });
});

describe('deactivate and reactivate', () => {
  it('deactivation ends the user’s open session at once; reactivation lets them log in again', async () => {
    const cookie = await t.login('staff');
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    const response = await t.request('PUT', `${BASE}/${ids.staff}`, { cookie: admin, body: { isActive: false } });
    expect(await response.json()).toMatchObject({ isActive: false });
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie }), 401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ids.staff))).toEqual([]);
    expect((await t.request('POST', '/api/auth/login', { body: { username: 'staff', password: 'Portal-Demo-1' } })).status).toBe(401);
    expect(await list({ isActive: false, deleted: false })).toEqual(['staff']);

    expect((await t.request('PUT', `${BASE}/${ids.staff}`, { cookie: admin, body: { isActive: true } })).status).toBe(200);
    await t.login('staff');
  });

  it('bulk deactivation: all or nothing, sessions end', async () => {
    const customer = await t.login('customer');
    const partner = await t.login('partner');
    await expectErrorShape(await t.request('POST', `${BASE}/deactivate`, { cookie: admin, body: { ids: [ids.customer, 999999] } }), 422);
    expect((await t.request('GET', '/api/auth/me', { cookie: customer })).status).toBe(200);
    await expectErrorShape(await t.request('POST', `${BASE}/deactivate`, { cookie: admin, body: { ids: [] } }), 400);
    await expectErrorShape(await t.request('POST', `${BASE}/deactivate`, { cookie: admin, body: { ids: ['x'] } }), 400);

    const response = await t.request('POST', `${BASE}/deactivate`, { cookie: admin, body: { ids: [ids.customer, ids.partner, ids.customer] } });
    expect(await response.json()).toEqual({ data: [ids.customer, ids.partner] });
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie: customer }), 401);
    await expectErrorShape(await t.request('GET', '/api/auth/me', { cookie: partner }), 401);
    for (const id of [ids.customer, ids.partner]) await t.request('PUT', `${BASE}/${id}`, { cookie: admin, body: { isActive: true } });
    await t.login('customer');
  });
});

describe('self-service language', () => {
  it('a customer still changes their own language, and nothing else', async () => {
    const cookie = await t.login('customer');
    const response = await t.request('PUT', `${BASE}/${ids.customer}`, { cookie, body: { languageKey: 'de' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ids.customer, language: 'de', tenantIds: expect.any(Array) });
    const messages = await expectErrorShape(await t.request('PUT', `${BASE}/${ids.customer}`, { cookie, body: { isAdmin: true } }), 400);
    expect(messages[0]).toMatchObject({ reference: 'isAdmin', key: 'USERS.FieldNotEditable' });
    await expectErrorShape(await t.request('PUT', `${BASE}/${ids.customer}`, { cookie, body: { languageKey: 'en', isActive: true } }), 400);
    await expectErrorShape(await t.request('PUT', `${BASE}/${ids.staff}`, { cookie, body: { isAdmin: true } }), 404);
    expect(await (await t.request('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ isAdmin: false, language: 'de' });
  });

  it('an admin’s own language change answers the session user as before', async () => {
    const response = await t.request('PUT', `${BASE}/${ids.admin}`, { cookie: admin, body: { languageKey: 'en' } });
    expect(await response.json()).toMatchObject({ id: ids.admin, language: 'en', tenantIds: expect.any(Array) });
  });
});

describe('only administrators', () => {
  const endpoints: [string, (id: () => number) => string, (() => unknown)?][] = [
    ['GET', () => BASE],
    ['GET', (id) => `${BASE}/${id()}`],
    ['POST', () => BASE, () => newUser('intruder', { tenantIDs: [], salesOrgIDs: [] })],
    ['POST', () => `${BASE}/deactivate`, () => ({ ids: [1] })],
    ['POST', (id) => `${BASE}/${id()}/invite`],
  ];
  it.each(['customer', 'staff', 'configurer'])('%s gets 403 from every admin users endpoint', async (login) => {
    const cookie = await t.login(login);
    const me = (await (await t.request('GET', '/api/auth/me', { cookie })).json()) as { id: number; isAdmin: boolean };
    expect(me.isAdmin).toBe(false);
    for (const [method, path, body] of endpoints) {
      for (const target of [() => me.id, () => ids.admin]) {
        await expectErrorShape(await t.request(method, path(target), { cookie, body: body?.() }), 403);
      }
    }
    expect(await list({ q: 'intruder' })).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Member, MemberProfile } from '../../src/domain/members.js';
import { createApp } from '../../server/app.js';
import { demoTenantLogos } from '../../server/db/seed-logos.js';
import { projectUnits, salesOrganisations, tenants, users } from '../../server/db/schema.js';
import { makePng } from './png-fixture.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { createTestStorage } from './storage-fixture.js';

const M = '/api/data/planxchange/projectmembers';
let t: TestContext;
let customer: string;
let staff: string;
const unit: Record<string, number> = {};
const user: Record<string, number> = {};
const tenant: Record<string, number> = {};
const org: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  staff = await t.login('staff');
  for (const row of await t.db.select().from(projectUnits)) unit[row.title] = row.id;
  for (const row of await t.db.select().from(users)) user[row.login] = row.id;
  for (const row of await t.db.select().from(tenants)) tenant[row.name] = row.id;
  for (const row of await t.db.select().from(salesOrganisations)) org[row.key] = row.id;
});
afterAll(async () => t.close());

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
const members = async (cookie: string, root: number) => json<Member[]>(await t.request('GET', `${M}/${root}`, { cookie }));
const profile = async (cookie: string, root: number, userId: number) => json<MemberProfile>(await t.request('GET', `${M}/${root}/${userId}`, { cookie }));

describe('members of a root project', () => {
  it('lists the members by role, then last name, with company and contact data', async () => {
    const list = await members(customer, unit['Wohnpark Weserblick']);
    expect(list.map((m) => `${m.memberRoleKey}:${m.userLogin}`)).toEqual(['reviewer:customer', 'drafter:drafter', 'salesPlanner:staff', 'purchaser:partner']);
    expect(list.find((m) => m.userLogin === 'staff')).toEqual({
      userID: user.staff,
      userLogin: 'staff',
      firstName: 'Stefan',
      lastName: 'Planer',
      name: 'Nordstein Porenbeton GmbH',
      officePhone: '+49 421 555 0200',
      companyMobile: '',
      officeFax: '',
      email: 'staff@nordstein.example',
      memberRoleKey: 'salesPlanner',
      tenantID: tenant['Nordstein Porenbeton'],
      salesOrgID: org['NS-DE'],
      hasProfileImage: true,
      isDeleted: false,
      isInternal: true,
    });
    expect(list.find((m) => m.userLogin === 'customer')).toMatchObject({ hasProfileImage: false, tenantID: tenant['Nordstein Porenbeton'], salesOrgID: org['NS-DE'] });
  });

  it('answers the member profile in three parts', async () => {
    const staffProfile = await profile(customer, unit['Wohnpark Weserblick'], user.staff);
    expect(staffProfile).toEqual({
      personal: { firstName: 'Stefan', lastName: 'Planer', hasProfileImage: true, userID: user.staff },
      contact: { email: 'staff@nordstein.example', officePhone: '+49 421 555 0200', companyMobile: '', officeFax: '' },
      company: { name: 'Nordstein Porenbeton GmbH', name2: '', street1: 'Am Werk 4', street2: '', zip: '28197', city: 'Bremen', tenantID: tenant['Nordstein Porenbeton'], logoId: `${tenant['Nordstein Porenbeton']}_${org['NS-DE']}` },
      memberRoleKey: 'salesPlanner',
      isDeleted: false,
      project: { projectUnitID: unit['Wohnpark Weserblick'], projectUnitNo: expect.stringMatching(/^NS-DE-/), title: 'Wohnpark Weserblick' },
    });
    // A customer's company is not the tenant's: no logo.
    expect((await profile(staff, unit['Wohnpark Weserblick'], user.customer)).company).toMatchObject({ name: 'Bouwbedrijf Van Dijk B.V.', city: 'Rotterdam', logoId: null });
  });

  it('HideMemberEMail hides e-mails from customers, not from the provider’s staff', async () => {
    const root = unit['Appartementen Maaskade'];
    const forCustomer = await members(customer, root);
    expect(forCustomer.length).toBe(3);
    for (const member of forCustomer) expect(member).not.toHaveProperty('email');
    expect((await profile(customer, root, user.staff)).contact).toEqual({ officePhone: '+49 421 555 0200', companyMobile: '', officeFax: '' });
    const forStaff = await members(staff, root);
    expect(forStaff.find((m) => m.userLogin === 'customer')?.email).toBe('customer@bouwbedrijf.example');
    expect((await profile(staff, root, user.customer)).contact.email).toBe('customer@bouwbedrijf.example');
  });

  it('refuses bad and unknown ids with 404', async () => {
    const root = unit['Wohnpark Weserblick'];
    for (const path of [`${M}/abc`, `${M}/0`, `${M}/-1`, `${M}/99999999999`, `${M}/${unit['Haus A']}`, `${M}/${root}/abc`, `${M}/${root}/0`, `${M}/${root}/999999`, `${M}/${root}/${user.configurer}`, `${M}/${unit['Haus A']}/${user.staff}`]) {
      await expectErrorShape(await t.request('GET', path, { cookie: customer }), 404);
    }
  });

  it('needs a session', async () => {
    await expectErrorShape(await t.request('GET', `${M}/${unit['Wohnpark Weserblick']}`), 401);
    await expectErrorShape(await t.request('GET', '/api/data/planxchange/tenantfiles/1/thumbnail.png'), 401);
    await expectErrorShape(await t.request('GET', `/api/tenant-infos/${unit['Wohnpark Weserblick']}`), 401);
  });
});

describe('a non-member gets 404 from every route', () => {
  it('customer on Gewerbehof Nord', async () => {
    const root = unit['Gewerbehof Nord'];
    for (const path of [`${M}/${root}`, `${M}/${root}/${user.staff}`, `${M}/${root}/${user.customer}`, `/api/tenant-infos/${root}`]) {
      await expectErrorShape(await t.request('GET', path, { cookie: customer }), 404);
    }
    // Staff of the tenant see it.
    expect((await members(staff, root)).map((m) => m.userLogin)).toEqual(['olaf.gewerbe@gewerbehof.example', 'staff', 'drafter']);
  });
});

describe('tenant logos', () => {
  it('404 for an unknown logo and for anything that is not a logo id', async () => {
    for (const id of ['999', '999_1', 'abc', '1_2_3', '..%2F1', '0']) {
      await expectErrorShape(await t.request('GET', `/api/data/planxchange/tenantfiles/${id}/thumbnail.png`, { cookie: customer }), 404);
    }
  });

  it('serves the sales organisation’s logo, else the tenant’s, with cache headers', async () => {
    // A second app on the same database with a storage this test can write to (a bucket in the "s3" project).
    const storage = await createTestStorage();
    onTestFinished(() => storage.close());
    const files = storage.storage;
    const app = createApp(t.db, {}, files);
    const [nordstein] = demoTenantLogos([tenant['Nordstein Porenbeton'], tenant['Calcon Bouwsystemen'], tenant['CCL Construction Components']]);
    await files.put(nordstein.key, nordstein.bytes);
    const salesOrgLogo = makePng(40, 20, [10, 20, 30]);
    await files.put(`tenants/${tenant['Calcon Bouwsystemen']}_${org['CB-NL']}.png`, salesOrgLogo);
    const get = (logoId: string, query = '') => app.request(`http://localhost/api/data/planxchange/tenantfiles/${logoId}/thumbnail.png${query}`, { headers: { cookie: customer } });

    const own = await get(String(tenant['Nordstein Porenbeton']));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await own.arrayBuffer()).equals(nordstein.bytes)).toBe(true);

    const fallback = await get(`${tenant['Nordstein Porenbeton']}_${org['NS-DE']}`, '?ts=5');
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await fallback.arrayBuffer()).equals(nordstein.bytes)).toBe(true);

    const specific = await get(`${tenant['Calcon Bouwsystemen']}_${org['CB-NL']}`);
    expect(Buffer.from(await specific.arrayBuffer()).equals(salesOrgLogo)).toBe(true);
    expect((await get(String(tenant['Calcon Bouwsystemen']))).status).toBe(404);
  });
});

describe('tenant information', () => {
  it('answers the sanitised HTML of the root’s tenant', async () => {
    await t.db
      .update(tenants)
      .set({ infoHtml: '<h3 onclick="x()">Nordstein</h3><script>alert(document.cookie)</script><p style="x">Call <a href="javascript:alert(1)">us</a> or <a href="https://ns.example">visit</a><img src=x onerror=alert(1)></p>' })
      .where(eq(tenants.id, tenant['Nordstein Porenbeton']));
    const body = await json<{ html: string }>(await t.request('GET', `/api/tenant-infos/${unit['Wohnpark Weserblick']}`, { cookie: customer }));
    expect(body.html).toBe('<h3>Nordstein</h3><p>Call <a>us</a> or <a href="https://ns.example" rel="noopener noreferrer" target="_blank">visit</a></p>');
  });

  it('is empty when the project does not show tenant information', async () => {
    expect(await json(await t.request('GET', `/api/tenant-infos/${unit['Gewerbehof Nord']}`, { cookie: staff }))).toEqual({ html: '' });
  });

  it('404 for child units and bad ids', async () => {
    for (const id of [String(unit['Haus A']), 'abc', '0']) await expectErrorShape(await t.request('GET', `/api/tenant-infos/${id}`, { cookie: customer }), 404);
  });
});

describe('a deleted account', () => {
  it('stays listed as "deleted user" without contact data', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.partner));
    const list = await members(customer, unit['Wohnpark Weserblick']);
    expect(list.find((m) => m.userID === user.partner)).toEqual({
      userID: user.partner,
      userLogin: '',
      firstName: '',
      lastName: 'deleted user',
      name: '',
      officePhone: '',
      companyMobile: '',
      officeFax: '',
      email: '',
      memberRoleKey: 'purchaser',
      tenantID: null,
      salesOrgID: null,
      hasProfileImage: false,
      isDeleted: true,
      isInternal: false,
    });
    const deleted = await profile(staff, unit['Wohnpark Weserblick'], user.partner);
    expect(deleted.personal.lastName).toBe('gelöschter Benutzer');
    expect(deleted.company).toMatchObject({ name: '', street1: '', city: '', logoId: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const ORGS = '/api/data/planxchange/salesorganisations';

describe('GET salesorganisations', () => {
  it('admins see all, with the dashboard fields from additionalInfo', async () => {
    const response = await t.request('GET', ORGS, { cookie: await t.login('admin') });
    expect(response.headers.get('content-range')).toBe('salesorganisations 0-2/3');
    const body = await response.json();
    const nsDe = body.find((org: { salesOrgKey: string }) => org.salesOrgKey === 'NS-DE');
    expect(nsDe).toMatchObject({
      salesOrgID: nsDe.id,
      title: 'Nordstein Vertrieb Deutschland',
      contactMail: 'vertrieb@nordstein.example',
      salesOrgUrl: 'https://www.nordstein.example',
      imageUrl: '/images/salesorgs/ns-de.svg',
      hasImage: true,
    });
    const ccl = body.find((org: { salesOrgKey: string }) => org.salesOrgKey === 'CCL-UK');
    expect(ccl).toMatchObject({ hasImage: false, imageUrl: '' });
  });

  it('a customer sees only the sales organisations of their tenants', async () => {
    const body = await (await t.request('GET', ORGS, { cookie: await t.login('customer') })).json();
    expect(body.map((org: { salesOrgKey: string }) => org.salesOrgKey).sort()).toEqual(['CB-NL', 'NS-DE']);
  });

  it('another tenant’s sales organisation is 404 for a customer', async () => {
    const admin = await t.login('admin');
    const all = await (await t.request('GET', ORGS, { cookie: admin })).json();
    const ccl = all.find((org: { salesOrgKey: string }) => org.salesOrgKey === 'CCL-UK');
    await expectErrorShape(await t.request('GET', `${ORGS}/${ccl.id}`, { cookie: await t.login('customer') }), 404);
    expect((await t.request('GET', `${ORGS}/${ccl.id}`, { cookie: admin })).status).toBe(200);
  });

  it('only administrators change them', async () => {
    const customer = await t.login('customer');
    await expectErrorShape(await t.request('POST', ORGS, { cookie: customer, body: { key: 'X-1', title: 'x', tenantID: 1 } }), 403);
    await expectErrorShape(await t.request('PUT', `${ORGS}/1`, { cookie: customer, body: { title: 'x' } }), 403);
    await expectErrorShape(await t.request('DELETE', `${ORGS}/1`, { cookie: customer }), 403);
  });
});

describe('PUT users/{id} {languageKey}', () => {
  it('changes the user’s own language; /me reflects it', async () => {
    const cookie = await t.login('customer');
    const me = await (await t.request('GET', '/api/auth/me', { cookie })).json();
    const response = await t.request('PUT', `/api/data/planxchange/users/${me.id}`, { cookie, body: { languageKey: 'nl' } });
    expect(response.status).toBe(200);
    expect((await response.json()).language).toBe('nl');
    expect((await (await t.request('GET', '/api/auth/me', { cookie })).json()).language).toBe('nl');
  });

  it.each([
    [{ languageKey: 'fr' }, 'languageKey'],
    [{ languageKey: 3 }, 'languageKey'],
    [{}, 'languageKey'],
    [{ languageKey: 'de', isAdmin: true }, 'isAdmin'],
  ])('refuses %j with 400', async (body, reference) => {
    const cookie = await t.login('staff');
    const me = await (await t.request('GET', '/api/auth/me', { cookie })).json();
    const messages = await expectErrorShape(await t.request('PUT', `/api/data/planxchange/users/${me.id}`, { cookie, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });

  it('another user’s account is 404 for a non-admin', async () => {
    const cookie = await t.login('customer');
    const admin = await (await t.request('GET', '/api/auth/me', { cookie: await t.login('admin') })).json();
    await expectErrorShape(await t.request('PUT', `/api/data/planxchange/users/${admin.id}`, { cookie, body: { languageKey: 'de' } }), 404);
    expect((await (await t.request('GET', '/api/auth/me', { cookie: await t.login('admin') })).json()).language).toBe('en');
  });
});

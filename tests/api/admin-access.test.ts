import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

/** Every administration endpoint, with a body where it takes one: none of it is for non-admins. */
const D = '/api/data/planxchange';
const ADMIN_ENDPOINTS: [string, string, unknown?][] = [
  ['GET', `${D}/banner-notifications`],
  ['POST', `${D}/banner-notifications`, {}],
  ['PUT', `${D}/banner-notifications/1`, { title: 'x' }],
  ['DELETE', `${D}/banner-notifications/1`],
  ['GET', '/api/banner-notifications/sales-orgs'],
  ['GET', `${D}/mails`],
  ['GET', `${D}/mails/1`],
  ['GET', `${D}/projectfeatures`],
  ['GET', `${D}/projectfeatures/1`],
  ['PUT', `${D}/projectfeatures/1`, { features: [] }],
  ['POST', `${D}/plants`, { name: 'x', tenantID: 1 }],
  ['PUT', `${D}/plants/1`, { name: 'x' }],
  ['DELETE', `${D}/plants/1`],
  ['POST', `${D}/producttypes`, { title: 'x', tenantID: 1 }],
  ['PUT', `${D}/producttypes/1`, { title: 'x' }],
  ['DELETE', `${D}/producttypes/1`],
  ['GET', `${D}/tenants`],
  ['POST', `${D}/tenants`, { name: 'x' }],
  ['PUT', `${D}/tenants/1`, { name: 'x' }],
  ['DELETE', `${D}/tenants/1`],
  ['POST', `${D}/salesorganisations`, { key: 'X', title: 'x', tenantID: 1 }],
  ['PUT', `${D}/salesorganisations/1`, { title: 'x' }],
  ['DELETE', `${D}/salesorganisations/1`],
  ['GET', `${D}/aacproducts`],
  ['POST', `${D}/aacproducts`, {}],
  ['PUT', `${D}/aacproducts/1`, { title: 'x' }],
  ['DELETE', `${D}/aacproducts/1`],
  ['GET', `${D}/lintelproducts`],
  ['POST', `${D}/lintelproducts`, {}],
  ['PUT', `${D}/lintelproducts/1`, { title: 'x' }],
  ['DELETE', `${D}/lintelproducts/1`],
  ['GET', `${D}/productplantpreliminarydays`],
  ['PUT', `${D}/productplantpreliminarydays/1`, { PreliminaryDays: 5 }],
  ['GET', `${D}/users`],
  ['POST', `${D}/users`, { login: 'x' }],
  ['POST', `${D}/users/1/invite`],
  ['POST', `${D}/users/deactivate`, { ids: [1] }],
];

let t: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'staff', 'configurer', 'admin']) cookies[login] = await t.login(login);
});
afterAll(async () => t.close());

describe.each(['customer', 'staff', 'configurer'])('%s', (login) => {
  it.each(ADMIN_ENDPOINTS)('%s %s → 403', async (method, path, body) => {
    await expectErrorShape(await t.request(method, path, { cookie: cookies[login], body }), 403);
  });
});

describe('a user’s own account', () => {
  it.each(['customer', 'staff', 'configurer'])('%s cannot give themselves admin rights', async (login) => {
    const me = await (await t.request('GET', '/api/auth/me', { cookie: cookies[login] })).json();
    const response = await t.request('PUT', `${D}/users/${me.id}`, { cookie: cookies[login], body: { isAdmin: true } });
    expect([400, 403]).toContain(response.status);
    expect((await (await t.request('GET', '/api/auth/me', { cookie: cookies[login] })).json()).isAdmin).toBe(false);
  });
});

describe('admin', () => {
  it.each(ADMIN_ENDPOINTS.filter(([method]) => method === 'GET'))('%s %s is not refused', async (method, path) => {
    const response = await t.request(method, path, { cookie: cookies.admin });
    expect([200, 404]).toContain(response.status);
  });
});

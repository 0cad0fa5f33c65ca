import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

/** Bad input of every kind on every route: always a 4xx with the messages shape, never a 500. */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
});
afterAll(async () => t.close());

const writeRoutes: [string, string][] = [
  ['POST', '/api/auth/login'],
  ['POST', '/api/data/planxchange/banner-notifications'],
  ['PUT', '/api/data/planxchange/banner-notifications/1'],
  ['PUT', '/api/data/planxchange/users/1'],
  ['POST', '/api/data/planxchange/email/send'],
];

const badBodies: [string, string][] = [
  ['malformed JSON', '{"a":'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['null', 'null'],
  ['an array', '[{"title":"x"}]'],
  ['deeply nested', JSON.stringify({ title: { a: { b: { c: [1, 2, { d: null }] } } } })],
  ['wrong types everywhere', JSON.stringify({ title: [], text: {}, level: 1, showFrom: false, showUntil: null, salesOrgs: 'x', languageKey: [], username: 1, password: {} })],
  ['over-long strings', JSON.stringify({ title: 'x'.repeat(100_000), text: 'y'.repeat(100_000), username: 'z'.repeat(10_000), password: 'p'.repeat(10_000), languageKey: 'l'.repeat(1000) })],
  ['huge numbers', JSON.stringify({ salesOrgs: [1e308, -1, 2 ** 53], showFrom: '9999-99-99T99:99:99Z' })],
  ['unicode and control characters', JSON.stringify({ title: '\u0000\ud83d\ude00\u202e', text: '\u0000' })],
  ['NUL in a login name', JSON.stringify({ username: 'adm\u0000in', password: 'x\u0000' })],
  ['NUL in a language', JSON.stringify({ languageKey: 'd\u0000' })],
  ['__proto__', '{"__proto__":{"isAdmin":true},"title":"x"}'],
];

describe.each(writeRoutes)('%s %s', (method, path) => {
  it.each(badBodies)('answers %s with a 4xx and messages', async (_name, raw) => {
    const response = await t.request(method, path, { cookie: admin, raw });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.json();
    expect(body.messages.length).toBeGreaterThan(0);
  });
});

const badQueries = [
  'sort=' + encodeURIComponent('["title","ASC","x"]'),
  'sort=' + encodeURIComponent('[1,2]'),
  'range=' + encodeURIComponent('[0,99999999999999999999]'),
  'range=' + encodeURIComponent('["a","b"]'),
  'filter=' + encodeURIComponent('{"salesOrg":"x"}'),
  'filter=' + encodeURIComponent('{"activeAt":"yesterday"}'),
  'filter=' + encodeURIComponent('{"id":[1,"2"]}'),
  'filter=' + encodeURIComponent('{"q":"' + 'x'.repeat(500) + '"}'),
  'filter=' + encodeURIComponent('{"q":"\'; drop table users; --"}'),
  'filter=null',
  'sort=%E0%A4%A',
];

describe('list queries', () => {
  it.each(badQueries)('GET banner-notifications?%s → 4xx', async (query) => {
    const response = await t.request('GET', `/api/data/planxchange/banner-notifications?${query}`, { cookie: admin });
    if (response.status === 200) {
      // A harmless text search is allowed to succeed, but must not break anything.
      expect(query).toContain('drop');
      return;
    }
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('the users table survives the injection attempt', async () => {
    expect((await t.request('GET', '/api/auth/me', { cookie: admin })).status).toBe(200);
  });
});

describe('structure, materials and delivery routes', () => {
  it('answer every bad body with a 4xx and messages, writing nothing', async () => {
    const staff = await t.login('staff');
    const ids = async (title: string) => {
      const rows = (await (await t.request('GET', `/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`, { cookie: staff })).json()) as { id: number; title: string }[];
      return rows.find((row) => row.title === title)?.id ?? 0;
    };
    const maaskade = await ids('Appartementen Maaskade');
    const riverside = await ids('Riverside Apartments');
    const lots = (await (await t.request('GET', `/api/delivery-data/${maaskade}`, { cookie: staff })).json()) as { subProjects: { approvalLots: { approvalLotID: number }[] }[] };
    const lot = lots.subProjects[0].approvalLots[0].approvalLotID;
    const schedule = (await (await t.request('GET', `/api/questionnaire/ccl-delivery-schedule/${riverside}`, { cookie: staff })).json()) as { entries: { projectUnitID: number }[] };
    const routes: [string, string][] = [
      ['PUT', `/api/structure/${maaskade}/draft`],
      ['POST', `/api/tasks/create-project-structure/${maaskade}`],
      ['POST', `/api/materials/${lot}`],
      ['POST', `/api/delivery-data/${maaskade}`],
      ['PUT', `/api/questionnaire/ccl-delivery-schedule/${riverside}/${schedule.entries[0].projectUnitID}`],
    ];
    expect(maaskade * riverside * lot).toBeGreaterThan(0);
    for (const [method, path] of routes) {
      for (const [name, raw] of badBodies) {
        const response = await t.request(method, path, { cookie: staff, raw });
        expect(response.status, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path} ${name}`).toBeLessThan(500);
        expect(((await response.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
      }
    }
    const page = (await (await t.request('GET', `/api/structure/${maaskade}`, { cookie: staff })).json()) as { source: string };
    expect(page.source).toBe('units');
  });
});

describe('order item routes', () => {
  it('answer every bad body with a 4xx and messages', async () => {
    const customer = await t.login('customer');
    const roots = (await (await t.request('GET', `/api/data/planxchange/projects?filter=${encodeURIComponent('{"q":"Wandelemente Bauabschnitt 1"}')}`, { cookie: customer })).json()) as { id: number; title: string }[];
    const lot = roots.find((row) => row.title === 'Wandelemente Bauabschnitt 1')?.id ?? 0;
    const page = (await (await t.request('GET', `/api/orders/${lot}`, { cookie: customer })).json()) as { items: { id: number }[] };
    for (const [method, path] of [
      ['POST', `/api/orders/${lot}/items`],
      ['PUT', `/api/orders/${lot}/items/${page.items[0].id}`],
    ]) {
      for (const [name, raw] of badBodies) {
        const response = await t.request(method, path, { cookie: customer, raw });
        expect(response.status, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path} ${name}`).toBeLessThan(500);
        expect(((await response.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
      }
    }
  });
});

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
  ['POST', '/api/data/planxchange/projects'],
  ['POST', '/api/data/planxchange/projectmembers/1'],
  ['PUT', '/api/data/planxchange/projectmembers/1/2'],
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

describe('assignment and planning routes', () => {
  it('answer every bad body and bad filter with a 4xx and messages', async () => {
    const staff = await t.login('staff');
    const roots = (await (await t.request('GET', `/api/data/planxchange/projects?filter=${encodeURIComponent('{"q":"Gewerbehof Nord"}')}`, { cookie: staff })).json()) as { id: number; title: string }[];
    const root = roots.find((row) => row.title === 'Gewerbehof Nord')?.id ?? 0;
    expect(root).toBeGreaterThan(0);
    for (const [method, path] of [
      ['PUT', `/api/data/planxchange/projectunitproducttypeassignments/${root}`],
      ['PUT', `/api/planning/${root}`],
    ]) {
      for (const [name, raw] of badBodies) {
        const response = await t.request(method, path, { cookie: staff, raw });
        expect(response.status, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path} ${name}`).toBeLessThan(500);
        expect(((await response.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
      }
    }
    for (const filter of ['projectUnitID eq', "projectUnitID eq 'x'", 'projectUnitID eq 99999999999', 'projectUnitID eq 1 or 1 eq 1', '{"rootProjectUnitID":"x"}', 'null']) {
      const response = await t.request('GET', `/api/data/planxchange/projectunitproducttypeassignments?filter=${encodeURIComponent(filter)}`, { cookie: staff });
      expect(response.status, filter).toBeGreaterThanOrEqual(400);
      expect(response.status, filter).toBeLessThan(500);
    }
  });
});

describe('viewer routes', () => {
  it('answer bad paths with a 4xx and messages', async () => {
    const customer = await t.login('customer');
    const paths = [
      '/api/view/abc/1.json',
      '/api/view/1/abc.json',
      '/api/view/1/1.txt',
      '/api/view/1/1.json.bin',
      '/api/view/99999999999/1.json',
      '/api/view/1/99999999999.bin?h=x',
      '/api/view/0/0/status',
      '/api/view/1/%00.json',
      '/api/view/1/1.json/' + 'y'.repeat(5000),
      '/api/view/-1/2/status',
    ];
    for (const path of paths) {
      const response = await t.request('GET', path, { cookie: customer });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(((await response.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
    }
  });
});

describe('questionnaire routes', () => {
  const answerBodies: [string, unknown][] = [
    ['versions that are not numbers', { data: { _versions: { 'xde-general': '1' } }, version: 0 }],
    ['versions as a list', { data: { _versions: ['xde-general'] }, version: 0 }],
    ['huge numbers', { data: { 'xde-general': { project: { storeys: 1e308 } } }, version: 1e308 }],
    ['a section that is a list', { data: { 'xde-general': { project: [1, 2] } }, version: 0 }],
    ['a prototype key', JSON.parse('{"data":{"__proto__":{"x":1}},"version":0}')],
    ['nested garbage', { data: { 'xde-general': { logistics: { crane: { a: { b: [null] } } } } }, version: 0 }],
    ['a negative version', { data: {}, version: -1 }],
  ];

  it('answer every bad body with a 4xx and messages, writing nothing', async () => {
    const staff = await t.login('staff');
    const configurer = await t.login('configurer');
    const roots = (await (await t.request('GET', `/api/data/planxchange/projects?filter=${encodeURIComponent('{"q":"Gewerbehof Nord"}')}`, { cookie: staff })).json()) as { id: number; title: string }[];
    const root = roots.find((row) => row.title === 'Gewerbehof Nord')?.id ?? 0;
    expect(root).toBeGreaterThan(0);
    const before = await (await t.request('GET', `/api/questionnaire/${root}`, { cookie: staff })).json();
    const draft = (await (await t.request('POST', '/api/data/planxchange/questionnaire-sheets', { cookie: configurer, body: { name: 'xde-mauerwerk' } })).json()) as { id: number };
    const routes: [string, string, string][] = [
      ['PUT', `/api/questionnaire/${root}`, staff],
      ['POST', '/api/data/planxchange/questionnaire-sheets', configurer],
      ['PUT', `/api/data/planxchange/questionnaire-sheets/${draft.id}`, configurer],
      ['POST', '/api/questionnaire-sheets/validate', configurer],
    ];
    for (const [method, path, cookie] of routes) {
      const bodies = [...badBodies.map(([name, raw]) => [name, raw] as [string, string]), ...answerBodies.map(([name, body]) => [name, JSON.stringify(body)] as [string, string])];
      for (const [name, raw] of bodies) {
        const response = await t.request(method, path, { cookie, raw });
        expect(response.status, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path} ${name}`).toBeLessThan(500);
        expect(((await response.json()) as { messages: unknown[] }).messages.length).toBeGreaterThan(0);
      }
    }
    for (const [path, cookie] of [
      [`/api/questionnaire/${root}/x`, staff],
      ['/api/questionnaire/99999999999', staff],
      [`/api/questionnaire/${root}/material-types/1`, staff],
      ['/api/data/planxchange/questionnaire-sheets/abc', configurer],
    ]) {
      const response = await t.request('GET', path, { cookie });
      expect(response.status, path).toBe(404);
    }
    const publish = await t.request('POST', '/api/data/planxchange/questionnaire-sheets/abc/publish', { cookie: configurer });
    expect(publish.status).toBe(404);
    expect(await (await t.request('GET', `/api/questionnaire/${root}`, { cookie: staff })).json()).toEqual(before);
  });
});

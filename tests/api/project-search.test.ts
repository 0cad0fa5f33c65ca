import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projectUnits, tenants, users, userTenants } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const S = '/api/data/planxchange/projectunitssearch';
let t: TestContext;
let customer: string;
let staff: string;
const id: Record<string, number> = {};
const number: Record<string, string> = {};

interface SearchRow {
  id: number;
  projectUnitID: number;
  rootProjectUnitID: number;
  title: string;
  projectUnitNo: string;
  projectUnitType: string;
  productType: string | null;
  productTypeID: number | null;
  plant: string | null;
  plantID: number | null;
  orderNumber: string | null;
  rootTitle: string | null;
  parentTitle: string | null;
}

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  staff = await t.login('staff');
  for (const row of await t.db.select().from(projectUnits)) {
    id[row.title] = row.id;
    number[row.title] = row.number;
  }
});
afterAll(async () => t.close());

const query = (filter: unknown, extra = '') => `${S}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
async function search(cookie: string, filter: unknown, extra = '') {
  const response = await t.request('GET', query(filter, extra), { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return { rows: (await response.json()) as SearchRow[], range: response.headers.get('content-range') };
}
const titles = (rows: SearchRow[]) => rows.map((row) => row.title).sort();

describe('search', () => {
  it('by title, with the record fields of the search table', async () => {
    const { rows } = await search(customer, { q: 'haus' });
    expect(titles(rows)).toEqual(['Haus A', 'Haus B', 'Stürze Haus A und B', 'Vorderhaus', 'Wandelemente Haus B']);
    const hausA = rows.find((row) => row.title === 'Haus A')!;
    expect(hausA).toEqual({
      id: id['Haus A'],
      projectUnitID: id['Haus A'],
      rootProjectUnitID: id['Wohnpark Weserblick'],
      title: 'Haus A',
      projectUnitNo: number['Haus A'],
      projectUnitType: 'subproject',
      productType: 'Planelemente',
      productTypeID: expect.any(Number),
      productTypeBGColor: '#1565c0',
      productTypeTextColor: '#ffffff',
      plant: null,
      plantID: null,
      orderNumber: null,
      rootTitle: 'Wohnpark Weserblick',
      parentTitle: null,
    });
  });

  it('names each match’s project and parent, so that equal titles can be told apart', async () => {
    const { rows } = await search(staff, { q: 'bauabschnitt 1' });
    const lots = rows.filter((row) => row.title.endsWith('Bauabschnitt 1'));
    expect(lots.length).toBeGreaterThan(1);
    for (const row of lots) expect(row.rootTitle).toBeTruthy();
    const wall = rows.find((row) => row.title === 'Wandelemente Bauabschnitt 1')!;
    expect(wall).toMatchObject({ rootTitle: 'Schule am Stadtpark', parentTitle: 'Wandelemente Klassentrakt' });
    // A project itself has no context.
    const { rows: roots } = await search(staff, { q: 'schule am stadtpark' });
    expect(roots.find((row) => row.title === 'Schule am Stadtpark')).toMatchObject({ rootTitle: null, parentTitle: null });
  });

  it('by number, with product type and plant', async () => {
    const { rows } = await search(customer, { q: number['Neubau Klassentrakt'] }, `&sort=${encodeURIComponent('["projectUnitNo","ASC"]')}`);
    expect(rows.map((row) => row.title)).toEqual(['Neubau Klassentrakt', 'Bauabschnitt 1', 'Bauabschnitt 2']);
    expect(rows[1]).toMatchObject({ productType: 'Planelemente', plant: 'Werk Hannover', productTypeBGColor: '#1565c0', projectUnitType: 'approvallot' });
    expect(rows[1].productTypeID).toEqual(expect.any(Number));
    expect(rows[1].plantID).toEqual(expect.any(Number));
  });

  it('by the order number in the unit data', async () => {
    await t.db.update(projectUnits).set({ data: 'Foo=bar;OrderNumber=4711' }).where(eq(projectUnits.id, id['Erdgeschoss']));
    const { rows } = await search(customer, { q: '4711' });
    expect(rows.map((row) => [row.title, row.orderNumber])).toEqual([['Erdgeschoss', '4711']]);
    // Another key's value is not an order number.
    await t.db.update(projectUnits).set({ data: 'Note=4712' }).where(eq(projectUnits.id, id['Obergeschoss']));
    expect((await search(customer, { q: '4712' })).rows).toEqual([]);
  });

  it('filters by unit type and sorts by the whitelisted fields', async () => {
    const { rows } = await search(customer, { q: 'haus', projectUnitType: ['subproject'] }, `&sort=${encodeURIComponent('["title","DESC"]')}`);
    expect(rows.map((row) => row.title)).toEqual(['Vorderhaus', 'Haus B', 'Haus A']);
    const lots = await search(customer, { projectUnitType: 'approvallot' }, `&sort=${encodeURIComponent('["projectUnitType","ASC"]')}`);
    expect(lots.rows.every((row) => row.projectUnitType === 'approvallot')).toBe(true);
  });

  it('pages with Content-Range', async () => {
    const all = await search(customer, {}, `&range=${encodeURIComponent('[0,999]')}`);
    const total = all.rows.length;
    expect(all.range).toBe(`projectunitssearch 0-${total - 1}/${total}`);
    const second = await search(customer, {}, `&range=${encodeURIComponent('[5,9]')}`);
    expect(second.range).toBe(`projectunitssearch 5-9/${total}`);
    expect(second.rows.map((row) => row.id)).toEqual(all.rows.slice(5, 10).map((row) => row.id));
    const past = await search(customer, {}, `&range=${encodeURIComponent(`[${total + 10},${total + 19}]`)}`);
    expect(past.rows).toEqual([]);
    expect(past.range).toBe(`projectunitssearch ${total + 10}-${total + 10}/${total}`);
  });
});

describe('scope', () => {
  it('a customer never sees units of projects they are not a member of', async () => {
    const { rows } = await search(customer, {}, `&range=${encodeURIComponent('[0,999]')}`);
    const roots = new Set(rows.map((row) => row.rootProjectUnitID));
    expect(roots).toEqual(new Set(['Wohnpark Weserblick', 'Schule am Stadtpark', 'Altbau Sanierung Mitte', 'Appartementen Maaskade', 'Neubau Lindenweg'].map((title) => id[title])));
    expect((await search(customer, { q: 'Gewerbehof' })).rows).toEqual([]);
    expect((await search(customer, { q: 'Halle 1' })).rows).toEqual([]);
    expect((await search(customer, { q: number['Gewerbehof Nord'] })).rows).toEqual([]);
  });

  it('units of a tenant without AdvancedSearch never appear, even for its staff', async () => {
    const projects = await t.request('GET', `/api/data/planxchange/projects/${id['Riverside Apartments']}`, { cookie: staff });
    expect(projects.status).toBe(200);
    expect((await search(staff, { q: 'Riverside' })).rows).toEqual([]);
    expect((await search(staff, { q: 'DJ-0' })).rows).toEqual([]);
    // Staff see the other tenants' units, members or not.
    expect(titles((await search(staff, { q: 'Gewerbehof' })).rows)).toEqual(['Gewerbehof Nord']);
  });

  it('staff of a tenant that loses the search find what the rule still allows: their other tenants and their memberships where the search is offered', async () => {
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'staff'));
    const own = (await t.db.select({ tenantId: userTenants.tenantId }).from(userTenants).where(eq(userTenants.userId, me.id))).map((row) => row.tenantId);
    const memberRoots = (await t.db.select({ rootId: projectMembers.rootId }).from(projectMembers).where(eq(projectMembers.userId, me.id))).map((row) => row.rootId);
    const roots = await t.db.select({ id: projectUnits.id, tenantId: projectUnits.tenantId }).from(projectUnits).where(sql`${projectUnits.id} = ${projectUnits.rootId}`);
    const everything = `&range=${encodeURIComponent('[0,999]')}`;
    const found = async () => new Set((await search(staff, {}, everything)).rows.map((row) => row.rootProjectUnitID));
    const withAll = await found();
    // The own tenant with the most projects loses the search.
    const losing = own.map((tenantId) => ({ tenantId, n: roots.filter((root) => root.tenantId === tenantId).length })).sort((x, y) => y.n - x.n)[0].tenantId;
    const [before] = await t.db.select().from(tenants).where(eq(tenants.id, losing));
    await t.db.update(tenants).set({ features: [] }).where(eq(tenants.id, losing));
    try {
      const offering = new Set((await t.db.select().from(tenants)).filter((tenant) => (tenant.features as string[]).includes('AdvancedSearch')).map((tenant) => tenant.id));
      const expected = roots.filter((root) => offering.has(root.tenantId) && (own.includes(root.tenantId) || memberRoots.includes(root.id))).map((root) => root.id);
      const now = await found();
      expect(now.size).toBeGreaterThan(0);
      expect(now.size).toBeLessThan(withAll.size);
      expect([...now].sort()).toEqual(expected.sort());
    } finally {
      await t.db.update(tenants).set({ features: before.features }).where(eq(tenants.id, losing));
    }
    expect(await found()).toEqual(withAll);
  });

  it('availability follows the features of the user’s tenants', async () => {
    const available = await t.request('GET', `${S}/availability`, { cookie: customer });
    expect(await available.json()).toEqual({ available: true });
    const [nordstein, calcon] = await t.db.select().from(tenants).where(inArray(tenants.name, ['Nordstein Porenbeton', 'Calcon Bouwsystemen'])).orderBy(tenants.id);
    await t.db.update(tenants).set({ features: ['ShowTenantInfo'] }).where(eq(tenants.id, calcon.id));
    try {
      // Calcon's project leaves the results at once.
      expect((await search(customer, { q: 'Maaskade' })).rows).toEqual([]);
      await t.db.update(tenants).set({ features: [] }).where(eq(tenants.id, nordstein.id));
      expect(await (await t.request('GET', `${S}/availability`, { cookie: customer })).json()).toEqual({ available: false });
      expect((await search(customer, {})).rows).toEqual([]);
    } finally {
      await t.db.update(tenants).set({ features: nordstein.features }).where(eq(tenants.id, nordstein.id));
      await t.db.update(tenants).set({ features: calcon.features }).where(eq(tenants.id, calcon.id));
    }
    expect(titles((await search(customer, { q: 'Maaskade' })).rows)).toEqual(['Appartementen Maaskade']);
  });

  it('needs a session', async () => {
    await expectErrorShape(await t.request('GET', S), 401);
    await expectErrorShape(await t.request('GET', `${S}/availability`), 401);
  });
});

describe('bad queries', () => {
  it.each([
    ['q not a string', query({ q: 5 })],
    ['q too long', query({ q: 'x'.repeat(201) })],
    ['unknown filter', query({ stateKey: 'Structuring' })],
    ['unknown unit type', query({ projectUnitType: 'tower' })],
    ['sort field not offered', query({}, `&sort=${encodeURIComponent('["stateKey","ASC"]')}`)],
    ['sort order', query({}, `&sort=${encodeURIComponent('["title","UP"]')}`)],
    ['range backwards', query({}, `&range=${encodeURIComponent('[9,0]')}`)],
    ['range not JSON', query({}, '&range=oops')],
    ['filter not JSON', `${S}?filter=%7Bq`],
    ['unknown parameter', query({}, '&limit=2')],
  ])('%s is 400', async (_name, path) => {
    await expectErrorShape(await t.request('GET', path, { cookie: customer }), 400);
  });

  it('a LIKE wildcard is searched literally', async () => {
    expect((await search(customer, { q: '%' })).rows).toEqual([]);
    expect((await search(customer, { q: '_' })).rows).toEqual([]);
  });

  it('is a list only', async () => {
    await expectErrorShape(await t.request('GET', `${S}/${id['Haus A']}`, { cookie: customer }), 403);
    expect((await t.request('POST', S, { cookie: customer, body: { title: 'x' } })).status).toBe(404);
    expect((await t.request('DELETE', `${S}/${id['Haus A']}`, { cookie: customer })).status).toBe(404);
  });
});

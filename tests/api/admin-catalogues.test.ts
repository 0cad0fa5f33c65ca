import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreliminaryDaysRecord } from '../../src/domain/preliminaryDays.js';
import { seedDemoCatalogues } from '../../server/db/seed-catalogues.js';
import { aacProducts, plants, preliminaryDays, productTypes, tenants } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const API = '/api/data/planxchange';
let t: TestContext;
const cookies: Record<string, string> = {};
let tenant: Record<'nordstein' | 'calcon' | 'ccl' | 'test', number>;

const list = async (path: string, filter: unknown = {}, extra = '') => {
  const response = await t.request('GET', `${API}/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, { cookie: cookies.admin });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as Record<string, unknown>[], range: response.headers.get('content-range') };
};

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['admin', 'customer', 'staff', 'configurer']) cookies[login] = await t.login(login);
  const rows = await t.db.select().from(tenants).orderBy(tenants.id);
  // The demo seed may already hold the catalogues (seed.ts calls seedDemoCatalogues); otherwise add them here.
  const [{ n }] = await t.db.select({ n: count() }).from(aacProducts);
  if (!n) await t.db.transaction((tx) => seedDemoCatalogues(tx, rows.map((row) => row.id)));
  const [test] = await t.db.insert(tenants).values({ name: 'Testwerk' }).returning({ id: tenants.id });
  tenant = { nordstein: rows[0].id, calcon: rows[1].id, ccl: rows[2].id, test: test.id };
});
afterAll(async () => t.close());

const aac = () => ({
  tenantID: tenant.test,
  productNo: 0,
  articleNo: 'TW-PE-365',
  title: 'Planelement PE 365',
  value: 'PE365',
  thickness: 365,
  width: 625,
  minLength: 1000,
  maxLength: 6000,
  unitsPerPallet: 8,
  active: true,
});

const lintel = () => ({
  tenantID: tenant.test,
  itemNo: 'TW-FS-115-124-1250',
  title: 'Flachsturz 115/124, 1250 mm',
  value: 'FS115-124-1250',
  height: 124,
  thickness: 115,
  length: 1250,
  lintelType: 'FS',
  unitsPerPallet: 20,
  active: true,
});

describe('AAC products', () => {
  it('lists, filters by tenant, active and text, and sorts', async () => {
    const all = await list('aacproducts');
    expect(all.range).toBe(`aacproducts 0-7/8`);
    const nordstein = await list('aacproducts', { tenantID: tenant.nordstein }, `&sort=${encodeURIComponent('["productNo","ASC"]')}`);
    expect(nordstein.body.map((p) => [p.productNo, p.title, p.tenantName])).toEqual([
      [0, 'Planelement PE 300', 'Nordstein Porenbeton'],
      [1, 'Planelement PE 240', 'Nordstein Porenbeton'],
      [2, 'Planelement PE 175', 'Nordstein Porenbeton'],
    ]);
    expect(nordstein.body[0]).toEqual({
      id: expect.any(Number),
      tenantID: tenant.nordstein,
      tenantName: 'Nordstein Porenbeton',
      productNo: 0,
      articleNo: 'NS-PE-300-625',
      title: 'Planelement PE 300',
      value: 'PE300',
      thickness: 300,
      width: 625,
      minLength: 1000,
      maxLength: 6000,
      unitsPerPallet: 10,
      price: 210.5,
      active: true,
    });
    expect((await list('aacproducts', { active: false })).body.map((p) => p.articleNo)).toEqual(['CCL-WP-200-600']);
    expect((await list('aacproducts', { q: 'we 150' })).body.map((p) => p.articleNo)).toEqual(['CB-WE-150-600']);
    expect((await list('aacproducts', { q: 'ns-pe' })).body.length).toBe(3);
    const byThickness = await list('aacproducts', {}, `&sort=${encodeURIComponent('["thickness","DESC"]')}&range=[0,1]`);
    expect(byThickness.body.map((p) => p.thickness)).toEqual([300, 300]);
    expect(byThickness.range).toBe('aacproducts 0-1/8');
  });

  it.each([
    ['filter={"tenantID":"x"}', 'filter.tenantID'],
    ['filter={"active":"yes"}', 'filter.active'],
    ['filter={"colour":"grey"}', 'filter.colour'],
    ['sort=["tenantName","ASC"]', 'sort'],
  ])('refuses the query %s with 400', async (query, reference) => {
    const response = await t.request('GET', `${API}/aacproducts?${query}`, { cookie: cookies.admin });
    expect((await expectErrorShape(response, 400))[0].reference).toBe(reference);
  });

  it('creates, reads, edits and deletes', async () => {
    const created = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: aac() });
    expect(created.status).toBe(201);
    const record = await created.json();
    expect(record).toMatchObject({ ...aac(), tenantName: 'Testwerk', id: expect.any(Number) });

    const read = await t.request('GET', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin });
    expect(await read.json()).toEqual(record);

    const edited = await t.request('PUT', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin, body: { id: record.id, title: 'PE 365 plus', maxLength: 7200 } });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: 'PE 365 plus', maxLength: 7200, minLength: 1000 });

    // The lengths are checked against the stored record: a new minimum above the stored maximum.
    const disordered = await t.request('PUT', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin, body: { minLength: 8000 } });
    expect((await expectErrorShape(disordered, 400))[0]).toMatchObject({ reference: 'maxLength', key: 'CATALOGUE.Validation.MaxBelowMin' });

    const deleted = await t.request('DELETE', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin });
    expect((await deleted.json()).title).toBe('PE 365 plus');
    await expectErrorShape(await t.request('GET', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin }), 404);
    await expectErrorShape(await t.request('DELETE', `${API}/aacproducts/${record.id}`, { cookie: cookies.admin }), 404);
  });

  it.each([
    ['tenantID', 'x'],
    ['productNo', 3],
    ['productNo', -1],
    ['articleNo', ''],
    ['articleNo', 'PE<1>'],
    ['title', '   '],
    ['title', 'x'.repeat(201)],
    ['value', null],
    ['thickness', 0],
    ['thickness', 12.5],
    ['width', 20000],
    ['width', '625'],
    ['minLength', 1010],
    ['maxLength', 980],
    ['unitsPerPallet', 0],
    ['unitsPerPallet', 1.5],
    ['active', 'yes'],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    const response = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), [field]: value } });
    expect((await expectErrorShape(response, 400)).map((m) => m.reference)).toEqual([field]);
  });

  it('refuses a missing field, an unknown field and an unknown tenant', async () => {
    const { title: _title, ...withoutTitle } = aac();
    expect((await expectErrorShape(await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: withoutTitle }), 400))[0].reference).toBe('title');
    await expectErrorShape(await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), colour: 'grey' } }), 400);
    const unknown = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), tenantID: 999999 } });
    expect((await expectErrorShape(unknown, 422))[0].reference).toBe('tenantID');
  });

  it('productNo and article number are unique per tenant (409), not across tenants', async () => {
    const sameNo = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), tenantID: tenant.nordstein } });
    expect((await expectErrorShape(sameNo, 409))[0]).toMatchObject({ reference: 'productNo', key: 'CATALOGUE.Duplicate.productNo' });
    const sameArticle = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), tenantID: tenant.ccl, productNo: 2, articleNo: 'CCL-WP-250-600' } });
    expect((await expectErrorShape(sameArticle, 409))[0].reference).toBe('articleNo');
    // The same article number in another tenant is fine.
    const other = await t.request('POST', `${API}/aacproducts`, { cookie: cookies.admin, body: { ...aac(), articleNo: 'CCL-WP-250-600' } });
    expect(other.status).toBe(201);
    const { id } = await other.json();
    const [ccl] = (await list('aacproducts', { tenantID: tenant.ccl })).body;
    // Moving a product onto a taken productNo is a conflict as well.
    const moved = await t.request('PUT', `${API}/aacproducts/${ccl.id}`, { cookie: cookies.admin, body: { productNo: 1 } });
    expect((await expectErrorShape(moved, 409))[0].reference).toBe('productNo');
    await t.request('DELETE', `${API}/aacproducts/${id}`, { cookie: cookies.admin });
  });
});

describe('lintel products', () => {
  it('lists with the filters thickness, length, type and tenant', async () => {
    expect((await list('lintelproducts')).range).toBe('lintelproducts 0-24/270');
    const some = await list('lintelproducts', { tenantID: tenant.nordstein, thickness: 240, length: 1500 }, `&sort=${encodeURIComponent('["height","ASC"]')}`);
    expect(some.body.map((l) => [l.itemNo, l.height, l.lintelType])).toEqual([
      ['NS-FS-240-124-1500', 124, 'FS'],
      ['NS-TS-240-249-1500', 249, 'other'],
    ]);
    expect((await list('lintelproducts', { tenantID: tenant.calcon, lintelType: 'other' })).range).toBe('lintelproducts 0-24/45');
    expect((await list('lintelproducts', { q: 'vlakke latei 365' })).body.length).toBe(9);
    await expectErrorShape(await t.request('GET', `${API}/lintelproducts?filter=${encodeURIComponent('{"lintelType":"U"}')}`, { cookie: cookies.admin }), 400);
  });

  it('creates, edits and deletes; the item number is unique per tenant', async () => {
    const created = await t.request('POST', `${API}/lintelproducts`, { cookie: cookies.admin, body: lintel() });
    expect(created.status).toBe(201);
    const record = await created.json();
    expect(record).toMatchObject({ ...lintel(), tenantName: 'Testwerk' });
    const duplicate = await t.request('POST', `${API}/lintelproducts`, { cookie: cookies.admin, body: { ...lintel(), title: 'Another' } });
    expect((await expectErrorShape(duplicate, 409))[0]).toMatchObject({ reference: 'itemNo', key: 'CATALOGUE.Duplicate.itemNo' });
    const edited = await t.request('PUT', `${API}/lintelproducts/${record.id}`, { cookie: cookies.admin, body: { lintelType: 'other', active: false } });
    expect(await edited.json()).toMatchObject({ lintelType: 'other', active: false, itemNo: 'TW-FS-115-124-1250' });
    const bad = await t.request('PUT', `${API}/lintelproducts/${record.id}`, { cookie: cookies.admin, body: { length: -1 } });
    expect((await expectErrorShape(bad, 400))[0].reference).toBe('length');
    expect((await t.request('DELETE', `${API}/lintelproducts/${record.id}`, { cookie: cookies.admin })).status).toBe(200);
    await expectErrorShape(await t.request('GET', `${API}/lintelproducts/${record.id}`, { cookie: cookies.admin }), 404);
  });

  it.each([
    ['itemNo', ''],
    ['title', 5],
    ['value', 'a/b<c>'],
    ['height', 0],
    ['thickness', 99999],
    ['length', 1.5],
    ['lintelType', 'U'],
    ['unitsPerPallet', -2],
    ['active', 1],
    ['tenantID', -4],
  ])('refuses %s = %j with 400 naming the field', async (field, value) => {
    const response = await t.request('POST', `${API}/lintelproducts`, { cookie: cookies.admin, body: { ...lintel(), [field]: value } });
    expect((await expectErrorShape(response, 400)).map((m) => m.reference)).toEqual([field]);
  });
});

describe('preliminary days', () => {
  const get = async () => {
    const response = await t.request('GET', `${API}/productplantpreliminarydays`, { cookie: cookies.admin });
    expect(response.status).toBe(200);
    return (await response.json()) as PreliminaryDaysRecord[];
  };

  it('lists every plant × product type pair of a tenant, sorted by plant, then product', async () => {
    const rows = await get();
    expect(rows.map((row) => `${row.plantName} / ${row.productTypeTitle}`)).toEqual([
      'CCL Plant Leeds / Wall panels',
      'Fabriek Deventer / Elementen',
      'Fabriek Deventer / Lateien',
      'Usine Liège / Elementen',
      'Usine Liège / Lateien',
      'Werk Bremen / Deckenelemente',
      'Werk Bremen / Planelemente',
      'Werk Bremen / Stürze',
      'Werk Hannover / Deckenelemente',
      'Werk Hannover / Planelemente',
      'Werk Hannover / Stürze',
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      productPlantPreliminaryDaysID: rows[0].id,
      tenantID: tenant.ccl,
      plantID: expect.any(Number),
      plantName: 'CCL Plant Leeds',
      productTypeID: expect.any(Number),
      productTypeTitle: 'Wall panels',
      preliminaryDays: expect.any(Number),
    });
  });

  it('adds the rows of a new plant with the tenant’s largest value', async () => {
    const [plant] = await t.db.insert(plants).values({ tenantId: tenant.calcon, name: 'Fabriek Amersfoort' }).returning({ id: plants.id });
    const calconRows = (await get()).filter((row) => row.plantName !== 'Fabriek Amersfoort' && ['Elementen', 'Lateien'].includes(row.productTypeTitle));
    const largest = Math.max(...calconRows.map((row) => row.preliminaryDays));
    const rows = (await get()).filter((row) => row.plantID === plant.id);
    expect(rows.map((row) => [row.productTypeTitle, row.preliminaryDays])).toEqual([
      ['Elementen', largest],
      ['Lateien', largest],
    ]);
    // Listing again adds nothing twice.
    const [{ n }] = await t.db.select({ n: count() }).from(preliminaryDays).where(eq(preliminaryDays.plantId, plant.id));
    expect(n).toBe(2);
    const [type] = await t.db.insert(productTypes).values({ tenantId: tenant.test, title: 'Nur Typ' }).returning({ id: productTypes.id });
    expect((await get()).some((row) => row.productTypeID === type.id)).toBe(false);
  });

  it('updates one row with PreliminaryDays (or preliminaryDays)', async () => {
    const [first, second] = await get();
    const response = await t.request('PUT', `${API}/productplantpreliminarydays/${first.id}`, { cookie: cookies.admin, body: { PreliminaryDays: 17 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: first.id, preliminaryDays: 17, plantName: first.plantName });
    await t.request('PUT', `${API}/productplantpreliminarydays/${second.id}`, { cookie: cookies.admin, body: { preliminaryDays: 1 } });
    const after = await get();
    expect(after.find((row) => row.id === first.id)?.preliminaryDays).toBe(17);
    expect(after.find((row) => row.id === second.id)?.preliminaryDays).toBe(1);
    const one = await t.request('GET', `${API}/productplantpreliminarydays/${first.id}`, { cookie: cookies.admin });
    expect((await one.json()).preliminaryDays).toBe(17);
  });

  it.each([
    [{ PreliminaryDays: 0 }, 'PRELIMINARY.Minimum'],
    [{ PreliminaryDays: -5 }, 'PRELIMINARY.Minimum'],
    [{ PreliminaryDays: 1.5 }, 'PRELIMINARY.WholeNumber'],
    [{ PreliminaryDays: 'x' }, 'PRELIMINARY.WholeNumber'],
    [{ PreliminaryDays: '12' }, 'PRELIMINARY.WholeNumber'],
    [{ PreliminaryDays: 366 }, 'PRELIMINARY.Maximum'],
    [{ PreliminaryDays: null }, 'VALIDATION.IsRequired'],
    [{}, 'VALIDATION.IsRequired'],
  ])('refuses %j with 400 and the message', async (body, key) => {
    const [row] = await get();
    const response = await t.request('PUT', `${API}/productplantpreliminarydays/${row.id}`, { cookie: cookies.admin, body });
    const [message] = await expectErrorShape(response, 400);
    expect(message).toMatchObject({ reference: 'PreliminaryDays', key });
    expect((await get())[0].preliminaryDays).toBe(row.preliminaryDays);
  });

  it('refuses unknown fields, unknown ids and query parameters', async () => {
    const [row] = await get();
    await expectErrorShape(await t.request('PUT', `${API}/productplantpreliminarydays/${row.id}`, { cookie: cookies.admin, body: { PreliminaryDays: 3, plantID: 1 } }), 400);
    await expectErrorShape(await t.request('PUT', `${API}/productplantpreliminarydays/999999`, { cookie: cookies.admin, body: { PreliminaryDays: 3 } }), 404);
    await expectErrorShape(await t.request('PUT', `${API}/productplantpreliminarydays/abc`, { cookie: cookies.admin, body: { PreliminaryDays: 3 } }), 404);
    await expectErrorShape(await t.request('GET', `${API}/productplantpreliminarydays/999999`, { cookie: cookies.admin }), 404);
    await expectErrorShape(await t.request('GET', `${API}/productplantpreliminarydays?range=[0,9]`, { cookie: cookies.admin }), 400);
  });
});

describe('who may', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', 'aacproducts'],
    ['GET', 'aacproducts/1'],
    ['POST', 'aacproducts', {}],
    ['PUT', 'aacproducts/1', { title: 'x' }],
    ['DELETE', 'aacproducts/1'],
    ['GET', 'lintelproducts'],
    ['GET', 'lintelproducts/1'],
    ['POST', 'lintelproducts', {}],
    ['PUT', 'lintelproducts/1', { title: 'x' }],
    ['DELETE', 'lintelproducts/1'],
    ['GET', 'productplantpreliminarydays'],
    ['GET', 'productplantpreliminarydays/1'],
    ['PUT', 'productplantpreliminarydays/1', { PreliminaryDays: 3 }],
  ];
  const cases = ['customer', 'staff', 'configurer'].flatMap((login) => endpoints.map(([method, path, body]) => [login, method, path, body] as const));

  it.each(cases)('%s gets 403 from %s %s', async (login, method, path, body) => {
    const response = await t.request(method, `${API}/${path}`, { cookie: cookies[login], body });
    const [message] = await expectErrorShape(response, 403);
    expect(message.key).toBe('ERRORMESSAGES.NotAllowed');
  });

  it('without a session every endpoint is 401', async () => {
    for (const [method, path, body] of endpoints) await expectErrorShape(await t.request(method, `${API}/${path}`, { body }), 401);
  });
});

describe('the catalogue of a tenant (order tables)', () => {
  it('a customer of the tenant reads its active products', async () => {
    const response = await t.request('GET', `${API}/catalogue/${tenant.nordstein}`, { cookie: cookies.customer });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.tenantID).toBe(tenant.nordstein);
    expect(body.aac.map((p: { productNo: number }) => p.productNo)).toEqual([0, 1, 2]);
    expect(body.lintel).toHaveLength(90);
    expect(body.lintel[0]).toMatchObject({ thickness: 115, length: 1000, height: 124, lintelType: 'FS' });
  });

  it('leaves inactive products out', async () => {
    const response = await t.request('GET', `${API}/catalogue/${tenant.ccl}`, { cookie: cookies.admin });
    expect((await response.json()).aac.map((p: { articleNo: string }) => p.articleNo)).toEqual(['CCL-WP-250-600']);
  });

  it('another tenant’s, an unknown or a malformed one is 404', async () => {
    await expectErrorShape(await t.request('GET', `${API}/catalogue/${tenant.ccl}`, { cookie: cookies.customer }), 404);
    await expectErrorShape(await t.request('GET', `${API}/catalogue/999999`, { cookie: cookies.admin }), 404);
    await expectErrorShape(await t.request('GET', `${API}/catalogue/x`, { cookie: cookies.customer }), 404);
  });

  it('lists the tenants whose catalogue the user reads', async () => {
    const customer = await (await t.request('GET', `${API}/catalogue`, { cookie: cookies.customer })).json();
    expect(customer.map((row: { name: string }) => row.name)).toEqual(['Calcon Bouwsystemen', 'Nordstein Porenbeton']);
    const admin = await (await t.request('GET', `${API}/catalogue`, { cookie: cookies.admin })).json();
    expect(admin.map((row: { tenantID: number }) => row.tenantID)).toContain(tenant.test);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnits, unitNumberCounters } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const P = '/api/data/planxchange/projects';
let t: TestContext;
let customer: string;
let staff: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  staff = await t.login('staff');
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
});
afterAll(async () => t.close());

const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
async function list(cookie: string, query: string) {
  const response = await t.request('GET', `${P}?${query}`, { cookie });
  expect(response.status).toBe(200);
  return { rows: (await response.json()) as { id: number; title: string; projectUnitNo: string; stateKey: string }[], range: response.headers.get('content-range') };
}

describe('list', () => {
  it('current and closed root projects of the user only', async () => {
    const current = await list(customer, `${filter({ state: 'current' })}&sort=${encodeURIComponent('["stateSince","DESC"]')}`);
    expect(current.rows.map((r) => r.title).sort()).toEqual(['Appartementen Maaskade', 'Neubau Lindenweg', 'Schule am Stadtpark', 'Wohnpark Weserblick']);
    const closed = await list(customer, filter({ state: 'closed' }));
    expect(closed.rows.map((r) => r.title)).toEqual(['Altbau Sanierung Mitte']);
  });

  it('internal staff see every project of their tenants', async () => {
    const { rows } = await list(staff, filter({ parentProjectUnitID: null }));
    expect(rows.length).toBe(9);
  });

  it('children by parent, and units by root and type, ordered by number', async () => {
    const children = await list(customer, filter({ parentProjectUnitID: id['Wohnpark Weserblick'] }));
    expect(children.rows.map((r) => r.title)).toEqual(['Haus A', 'Haus B', 'Stürze', 'Pläne und Unterlagen']);
    const lots = await list(customer, filter({ rootProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'approvallot' }));
    expect(lots.rows.map((r) => r.title)).toEqual(['Erdgeschoss', 'Obergeschoss']);
    expect(lots.rows[0].projectUnitNo).toMatch(/^NS-DE-\d{4}-0001-01-01$/);
  });

  it('refuses bad filters', async () => {
    await expectErrorShape(await t.request('GET', `${P}?${filter({ state: 'open' })}`, { cookie: customer }), 400);
    await expectErrorShape(await t.request('GET', `${P}?${filter({ projectUnitType: 'tower' })}`, { cookie: customer }), 400);
    await expectErrorShape(await t.request('GET', `${P}?${filter({ rootProjectUnitID: 'x' })}`, { cookie: customer }), 400);
  });
});

describe('access: 404 outside the user’s projects, on every route', () => {
  const routes: [string, (unit: number) => string, unknown?][] = [
    ['GET', (u) => `${P}/${u}`],
    ['GET', (u) => `${P}/${u}/context`],
    ['PUT', (u) => `${P}/${u}`, { title: 'Hijacked', version: 1 }],
    ['DELETE', (u) => `${P}/${u}`],
    ['POST', () => P, 'child'],
  ];
  it.each(routes)('%s %s', async (method, path, body) => {
    for (const title of ['Gewerbehof Nord', 'Halle 1', 'Außenwände Halle 1', 'Distributiecentrum Venlo', 'Riverside Apartments']) {
      const unit = id[title];
      const payload = body === 'child' ? { parentProjectUnitID: unit, projectUnitType: 'folder', title: 'Sneaky' } : body;
      await expectErrorShape(await t.request(method, path(unit), { cookie: customer, body: payload }), 404);
    }
    // Staff of the tenant reach them.
    expect((await t.request('GET', `${P}/${id['Gewerbehof Nord']}`, { cookie: staff })).status).toBe(200);
  });
});

describe('prepared lists and records (one query per shape, each request with its own values)', () => {
  it('the same shape answers each user and each filter value with its own rows, and 404 outside', async () => {
    const lotsOf = (cookie: string, root: string) => list(cookie, filter({ rootProjectUnitID: id[root], projectUnitType: 'approvallot' }));
    // Staff see another tenant's lots (their shape: memberships or their tenants); the customer, asking the same
    // list, does not (their shape: memberships only), then gets their own root's with the same prepared query.
    expect((await lotsOf(staff, 'Gewerbehof Nord')).rows.length).toBeGreaterThan(0);
    const foreign = await lotsOf(customer, 'Gewerbehof Nord');
    expect(foreign.rows).toEqual([]);
    expect(foreign.range).toMatch(/\/0$/);
    expect((await lotsOf(customer, 'Wohnpark Weserblick')).rows.map((r) => r.title)).toEqual(['Erdgeschoss', 'Obergeschoss']);
    // Paged: the second page of one, counted as the first.
    const paged = await list(customer, `${filter({ rootProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'approvallot' })}&range=${encodeURIComponent('[1,1]')}`);
    expect(paged.rows.map((r) => r.title)).toEqual(['Obergeschoss']);
    expect(paged.range).toBe('projects 1-1/2');
    // Past the end: no rows, still the total.
    const beyond = await list(customer, `${filter({ rootProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'approvallot' })}&range=${encodeURIComponent('[10,19]')}`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.range).toBe('projects 10-10/2');
    // The record: own, then another tenant's (404), then own again.
    for (const [title, status] of [['Haus A', 200], ['Halle 1', 404], ['Haus B', 200]] as const) {
      const response = await t.request('GET', `${P}/${id[title]}`, { cookie: customer });
      expect(response.status).toBe(status);
      if (status === 200) expect((await response.json()).title).toBe(title);
    }
  });
});

describe('create', () => {
  it('a customer creates a subproject and an approval lot while the root is in Structuring', async () => {
    const sub = await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'subproject', title: 'Haus C' } });
    expect(sub.status).toBe(201);
    const subproject = await sub.json();
    expect(subproject).toMatchObject({ projectUnitType: 'subproject', rootProjectUnitID: id['Wohnpark Weserblick'], stateKey: 'Structuring', projectUnitTypeVariant: 'other' });
    expect(subproject.projectUnitNo).toMatch(/-05$/);
    const lot = await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: subproject.id, projectUnitType: 'approvallot', title: 'Keller', deliveryDate: '2027-03-01' } });
    expect(lot.status).toBe(201);
    expect((await lot.json()).projectUnitNo).toBe(`${subproject.projectUnitNo}-01`);
  });

  it('a duplicate title among siblings of the same type is 409 with the duplicate message', async () => {
    const messages = await expectErrorShape(
      await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'subproject', title: 'haus a' } }),
      409,
    );
    expect(messages[0]).toMatchObject({ code: 'DuplicateTitle', reference: 'title' });
    expect(messages[0].text).toContain('haus a');
  });

  it('outside Structuring the customer is refused with the rule’s message; staff (salesPlanner) may', async () => {
    const body = { parentProjectUnitID: id['Neubau Klassentrakt'], projectUnitType: 'approvallot', title: 'Bauabschnitt 3' };
    const messages = await expectErrorShape(await t.request('POST', P, { cookie: customer, body }), 403);
    expect(messages[0]).toMatchObject({ key: 'PROJECTS.Rules.CreateOnlyInStructuring', code: 'RuleViolation' });
    expect((await t.request('POST', P, { cookie: staff, body })).status).toBe(201);
    // A folder can always be created.
    expect((await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Schule am Stadtpark'], projectUnitType: 'folder', title: 'Fotos' } })).status).toBe(201);
  });

  it('a type the parent does not take is 422', async () => {
    await expectErrorShape(await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Haus B'], projectUnitType: 'approvallot', title: 'X' } }), 422);
    await expectErrorShape(await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Erdgeschoss'], projectUnitType: 'folder', title: 'X' } }), 422);
  });

  it('a new root project: staff of the tenant become its sales planner; customers may not', async () => {
    await expectErrorShape(await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: null, projectUnitType: 'project', title: 'Mein Projekt', tenantID: 1 } }), 403);
    const response = await t.request('POST', P, { cookie: staff, body: { parentProjectUnitID: null, projectUnitType: 'project', title: 'Neues Projekt', tenantID: 1, salesOrgID: 1, country: 'de' } });
    expect(response.status).toBe(201);
    const root = await response.json();
    expect(root).toMatchObject({ rootProjectUnitID: root.id, parentProjectUnitID: null, stateKey: 'Structuring' });
    expect(root.projectUnitNo).toMatch(/^NS-DE-\d{4}-0007$/);
    const context = await (await t.request('GET', `${P}/${root.id}/context`, { cookie: staff })).json();
    expect(context.role).toBe('salesPlanner');
    expect(context.features).toContain('AllowCreateProjectUnits');
  });

  it.each([
    [{ projectUnitType: 'subproject', title: 'X' }, 'parentProjectUnitID'],
    [{ parentProjectUnitID: 1, projectUnitType: 'subproject', title: '' }, 'title'],
    [{ parentProjectUnitID: 1, projectUnitType: 'castle', title: 'X' }, 'projectUnitType'],
    [{ parentProjectUnitID: 1, projectUnitType: 'subproject', title: 'X', stateKey: 'Approved' }, 'stateKey'],
    [{ parentProjectUnitID: 'one', projectUnitType: 'subproject', title: 'X' }, 'parentProjectUnitID'],
  ])('refuses %j with 400', async (body, reference) => {
    const messages = await expectErrorShape(await t.request('POST', P, { cookie: customer, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });
});

describe('edit', () => {
  it('sends only changed fields; the version rises; a stale version is 409', async () => {
    const unit = await (await t.request('GET', `${P}/${id['Erdgeschoss']}`, { cookie: customer })).json();
    const response = await t.request('PUT', `${P}/${unit.id}`, { cookie: customer, body: { notes: 'Mit Kellerfenstern', version: unit.version } });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ notes: 'Mit Kellerfenstern', title: 'Erdgeschoss', version: unit.version + 1 });
    await expectErrorShape(await t.request('PUT', `${P}/${unit.id}`, { cookie: customer, body: { notes: 'Alt', version: unit.version } }), 409);
    expect((await (await t.request('GET', `${P}/${unit.id}`, { cookie: customer })).json()).notes).toBe('Mit Kellerfenstern');
    const missing = await expectErrorShape(await t.request('PUT', `${P}/${unit.id}`, { cookie: customer, body: { notes: 'Ohne Version' } }), 400);
    expect(missing.map((m) => m.reference)).toEqual(['version']);
  });

  it('a duplicate title on rename is 409; outside Structuring the customer may not edit', async () => {
    const version = async (unit: number) => (await t.db.select({ v: projectUnits.version }).from(projectUnits).where(eq(projectUnits.id, unit)))[0].v;
    await expectErrorShape(await t.request('PUT', `${P}/${id['Obergeschoss']}`, { cookie: customer, body: { title: 'Erdgeschoss', version: await version(id['Obergeschoss']) } }), 409);
    const messages = await expectErrorShape(await t.request('PUT', `${P}/${id['Bauabschnitt 1']}`, { cookie: customer, body: { title: 'BA 1', version: await version(id['Bauabschnitt 1']) } }), 403);
    expect(messages[0].key).toBe('PROJECTS.Rules.EditOnlyInStructuring');
    expect((await t.request('PUT', `${P}/${id['Bauabschnitt 1']}`, { cookie: staff, body: { notes: 'Geprüft', version: await version(id['Bauabschnitt 1']) } })).status).toBe(200);
  });

  it('refuses unknown or read-only fields', async () => {
    await expectErrorShape(await t.request('PUT', `${P}/${id['Erdgeschoss']}`, { cookie: customer, body: { stateKey: 'Approved' } }), 400);
    await expectErrorShape(await t.request('PUT', `${P}/${id['Erdgeschoss']}`, { cookie: customer, body: { tenantID: 3 } }), 400);
  });
});

describe('delete', () => {
  it('the customer deletes a unit in Structuring, with its subtree; the root never', async () => {
    const sub = await (await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'subproject', title: 'Haus D' } })).json();
    const lot = await (await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: sub.id, projectUnitType: 'approvallot', title: 'EG' } })).json();
    expect((await t.request('DELETE', `${P}/${sub.id}`, { cookie: customer })).status).toBe(200);
    await expectErrorShape(await t.request('GET', `${P}/${lot.id}`, { cookie: customer }), 404);
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/${id['Wohnpark Weserblick']}`, { cookie: staff }), 403);
    expect(messages[0].key).toBe('PROJECTS.Rules.RootNeverDeleted');
  });

  it('a deleted unit\'s number is not handed out again; numbers go on past 99 children', async () => {
    const create = async (title: string) => (await (await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Haus A'], projectUnitType: 'folder', title } })).json()) as { id: number; projectUnitNo: string };
    const first = await create('Ordner 1');
    expect((await t.request('DELETE', `${P}/${first.id}`, { cookie: customer })).status).toBe(200);
    const second = await create('Ordner 2');
    const suffix = (unit: { projectUnitNo: string }) => Number(unit.projectUnitNo.split('-').pop());
    expect(suffix(second)).toBe(suffix(first) + 1);
    // A child numbered -99 already (as an import could leave it) and no counter yet: the next one is -100, then -101.
    const [haus] = await t.db.select().from(projectUnits).where(eq(projectUnits.id, id['Haus A']));
    await t.db.update(projectUnits).set({ number: `${haus.number}-99` }).where(eq(projectUnits.id, second.id));
    await t.db.delete(unitNumberCounters);
    expect((await create('Ordner 3')).projectUnitNo).toBe(`${haus.number}-100`);
    // Numerically after -100 (as text "-99" sorts after "-100").
    expect((await create('Ordner 4')).projectUnitNo).toBe(`${haus.number}-101`);
  });

  it('outside Structuring the customer is refused; the salesPlanner may', async () => {
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/${id['Bauabschnitt 2']}`, { cookie: customer }), 403);
    expect(messages[0].key).toBe('PROJECTS.Rules.DeleteOnlyInStructuring');
    expect((await t.request('DELETE', `${P}/${id['Bauabschnitt 2']}`, { cookie: staff })).status).toBe(200);
  });

  it('an order lot with items needs its items deleted first', async () => {
    await t.db.update(projectUnits).set({ itemCount: 4 }).where(eq(projectUnits.id, id['Wandelemente Haus B']));
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/${id['Wandelemente Haus B']}`, { cookie: staff }), 403);
    expect(messages[0].key).toBe('PROJECTUNIT.DELETE_ITEMS_FIRST_DIALOG');
    await expectErrorShape(await t.request('DELETE', `${P}/${id['Haus B']}`, { cookie: customer }), 403);
  });
});

describe('context', () => {
  it('gives path, role, features and what the user may do', async () => {
    const context = await (await t.request('GET', `${P}/${id['Obergeschoss']}/context`, { cookie: customer })).json();
    expect(context.path.map((u: { title: string }) => u.title)).toEqual(['Wohnpark Weserblick', 'Haus A', 'Obergeschoss']);
    expect(context.role).toBe('reviewer');
    expect(context.can.delete).toEqual({ allowed: true });
    expect(context.allowedChildTypes).toEqual([]);
    const closed = await (await t.request('GET', `${P}/${id['Neubau Klassentrakt']}/context`, { cookie: customer })).json();
    expect(closed.can.create.approvallot).toEqual({ allowed: false, reason: 'PROJECTS.Rules.CreateOnlyInStructuring' });
    expect(closed.can.create.folder).toEqual({ allowed: true });
  });
});

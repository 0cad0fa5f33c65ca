import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootProjectOptions } from '../../src/domain/rootProjects.js';
import { projectMembers, projectUnitJournal, projectUnitParams, salesOrganisations, tenants, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const P = '/api/data/planxchange/projects';
const ROLES = ['admin', 'staff', 'configurer', 'customer', 'drafter', 'partner'] as const;
let t: TestContext;
const cookie: Record<string, string> = {};
const tenant: Record<string, number> = {};
const org: Record<string, number> = {};
const user: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ROLES) cookie[login] = await t.login(login);
  for (const row of await t.db.select().from(tenants)) tenant[row.name.split(' ')[0]] = row.id;
  for (const row of await t.db.select().from(salesOrganisations)) org[row.key] = row.id;
  for (const row of await t.db.select().from(users)) user[row.login] = row.id;
});
afterAll(async () => t.close());

const root = (overrides: Record<string, unknown> = {}) => ({
  parentProjectUnitID: null,
  projectUnitType: 'project',
  title: 'Neubau Lindenhof',
  tenantID: tenant.Nordstein,
  salesOrgID: org['NS-DE'],
  country: 'de',
  brickAssortment: false,
  ...overrides,
});
const create = (login: string, body: unknown) => t.request('POST', P, { cookie: cookie[login], body });
const options = async (login: string) => (await (await t.request('GET', '/api/root-projects/options', { cookie: cookie[login] })).json()) as RootProjectOptions;

describe('who may set up a root project', () => {
  it('the options say so: only the project planner gets tenants to choose', async () => {
    const staff = await options('staff');
    expect(staff.canCreate).toBe(true);
    expect(staff.tenants.map((row) => row.name)).toEqual(['Calcon Bouwsystemen', 'CCL Construction Components', 'Nordstein Porenbeton']);
    expect(staff.tenants.find((row) => row.id === tenant.Nordstein)).toEqual({ id: tenant.Nordstein, name: 'Nordstein Porenbeton', defaultCountry: 'de', salesOrgs: [{ id: org['NS-DE'], key: 'NS-DE', title: 'Nordstein Vertrieb Deutschland' }] });
    expect(staff.countries).toEqual(['be', 'de', 'fr', 'nl']);
    for (const login of ['admin', 'configurer', 'customer', 'drafter', 'partner']) {
      expect(await options(login), login).toMatchObject({ canCreate: false, tenants: [] });
    }
  });

  it.each(ROLES.filter((login) => login !== 'staff'))('%s gets 403 (not a project planner)', async (login) => {
    const [message] = await expectErrorShape(await create(login, root({ title: `Versuch ${login}` })), 403);
    expect(message.key).toBe('PROJECTS.Rules.RootOnlyPlanners');
  });

  it('a drafter made project planner by an administrator may, for the tenants they work for', async () => {
    const granted = await t.request('PUT', `/api/data/planxchange/users/${user.drafter}`, { cookie: cookie.admin, body: { isProjectPlanner: true } });
    expect(granted.status).toBe(200);
    expect((await granted.json()).isProjectPlanner).toBe(true);
    // The flag is read from the account: the drafter's open session sees it at once.
    expect((await options('drafter')).canCreate).toBe(true);
    const [message] = await expectErrorShape(await create('drafter', root({ tenantID: tenant.Calcon, salesOrgID: org['CB-NL'], country: 'nl' })), 403);
    expect(message.key).toBe('PROJECTS.Rules.RootTenantNotYours');
    expect((await create('drafter', root({ title: 'Projekt des Zeichners' }))).status).toBe(201);
    await t.request('PUT', `/api/data/planxchange/users/${user.drafter}`, { cookie: cookie.admin, body: { isProjectPlanner: false } });
    expect((await create('drafter', root({ title: 'Noch eins' }))).status).toBe(403);
  });

  it('the planner flag is the administrators\' to set (a user cannot grant it to themselves)', async () => {
    await expectErrorShape(await t.request('PUT', `/api/data/planxchange/users/${user.customer}`, { cookie: cookie.customer, body: { isProjectPlanner: true } }), 400);
  });
});

describe('a new root project', () => {
  it('gets the next number of its sales organisation, starts in Structuring, and its creator is its sales planner', async () => {
    const response = await create('staff', root({ title: 'Wohnquartier Am Deich', notes: 'Zwölf Reihenhäuser' }));
    expect(response.status).toBe(201);
    const unit = await response.json();
    const year = new Date().getFullYear();
    expect(unit).toMatchObject({ parentProjectUnitID: null, rootProjectUnitID: unit.id, projectUnitType: 'project', title: 'Wohnquartier Am Deich', notes: 'Zwölf Reihenhäuser', stateKey: 'Structuring', salesOrgID: org['NS-DE'] });
    expect(unit.projectUnitNo).toMatch(new RegExp(`^NS-DE-${year}-\\d{4}$`));
    const next = await (await create('staff', root({ title: 'Wohnquartier Am Deich II' }))).json();
    expect(Number(next.projectUnitNo.slice(-4))).toBe(Number(unit.projectUnitNo.slice(-4)) + 1);

    const members = await t.db.select().from(projectMembers).where(eq(projectMembers.rootId, unit.id));
    expect(members).toEqual([{ rootId: unit.id, userId: user.staff, role: 'salesPlanner' }]);
    const params = await t.db.select({ key: projectUnitParams.key, value: projectUnitParams.value }).from(projectUnitParams).where(eq(projectUnitParams.unitId, unit.id));
    expect(params).toEqual([{ key: 'Country', value: 'de' }, { key: 'BrickAssortment', value: 'False' }]);
    const journal = await t.db.select({ action: projectUnitJournal.action, newState: projectUnitJournal.newState, details: projectUnitJournal.details }).from(projectUnitJournal).where(eq(projectUnitJournal.rootId, unit.id));
    expect(journal).toEqual([
      { action: 'Created', newState: 'Structuring', details: null },
      { action: 'MemberAdded', newState: '', details: { userId: user.staff, role: 'salesPlanner' } },
    ]);
    // The tenant's project feature defaults; the creator's current projects list holds it.
    const context = await (await t.request('GET', `${P}/${unit.id}/context`, { cookie: cookie.staff })).json();
    expect(context.role).toBe('salesPlanner');
    expect(context.features).toContain('AllowCreateProjectUnits');
    const current = await (await t.request('GET', `${P}?filter=${encodeURIComponent(JSON.stringify({ state: 'current' }))}&range=[0,99]`, { cookie: cookie.staff })).json();
    expect(current.map((row: { id: number }) => row.id)).toContain(unit.id);
  });

  it('country and brick assortment choose the information sheet set', async () => {
    const dutch = await (await create('staff', root({ title: 'Woningbouw Delft', tenantID: tenant.Calcon, salesOrgID: org['CB-NL'], country: 'NL' }))).json();
    expect((await (await t.request('GET', `/api/questionnaire/${dutch.id}`, { cookie: cookie.staff })).json()).setKey).toBe('nl');
    const brick = await (await create('staff', root({ title: 'Woningbouw Leiden', tenantID: tenant.Calcon, salesOrgID: org['CB-NL'], country: 'nl', brickAssortment: true }))).json();
    expect((await (await t.request('GET', `/api/questionnaire/${brick.id}`, { cookie: cookie.staff })).json()).setKey).toBe('uitgekiend');
    const [param] = await t.db.select().from(projectUnitParams).where(and(eq(projectUnitParams.unitId, brick.id), eq(projectUnitParams.key, 'BrickAssortment')));
    expect(param.value).toBe('True');
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: undefined }, 'title'],
    [{ country: undefined }, 'country'],
    [{ country: 'Germany' }, 'country'],
    [{ salesOrgID: undefined }, 'salesOrgID'],
    [{ salesOrgID: 'NS-DE' }, 'salesOrgID'],
    [{ brickAssortment: 'yes' }, 'brickAssortment'],
    [{ projectUnitTypeVariant: 'lintel' }, 'projectUnitTypeVariant'],
    [{ stateKey: 'Approved' }, 'stateKey'],
  ])('bad input %j is 400 naming the field', async (overrides, reference) => {
    const messages = await expectErrorShape(await create('staff', root(overrides)), 400);
    expect(messages.map((message) => message.reference)).toContain(reference);
  });

  it('a sales organisation of another tenant and an unknown country are 422; nothing is written', async () => {
    const before = (await t.db.select().from(projectMembers)).length;
    expect((await expectErrorShape(await create('staff', root({ salesOrgID: org['CB-NL'] })), 422))[0].reference).toBe('salesOrgID');
    expect((await expectErrorShape(await create('staff', root({ country: 'xx' })), 422))[0]).toMatchObject({ reference: 'country', key: 'PROJECTS.Errors.UnknownCountry' });
    expect((await t.db.select().from(projectMembers)).length).toBe(before);
  });

  it('country and brick assortment belong to a root only', async () => {
    const [parent] = await (await t.request('GET', `${P}?filter=${encodeURIComponent(JSON.stringify({ parentProjectUnitID: null }))}`, { cookie: cookie.staff })).json();
    const messages = await expectErrorShape(await create('staff', { parentProjectUnitID: parent.id, projectUnitType: 'folder', title: 'Ordner', country: 'de' }), 400);
    expect(messages[0].reference).toBe('country');
  });
});

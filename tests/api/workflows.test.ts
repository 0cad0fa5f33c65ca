import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryNotifications, projectUnits, tenants, users, workflowEscalations } from '../../server/db/schema.js';
import type { WorkflowNotification, WorkflowRow } from '../../src/domain/workflowPage.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const P = '/api/data/planxchange';
const ROWS = `${P}/workflow-rows`;
const NOTIFICATIONS = `${P}/workflow-notifications`;
const DAY = 86_400_000;

let t: TestContext;
let staff: string;
let drafter: string;
let customer: string;
let admin: string;
const unit: Record<string, typeof projectUnits.$inferSelect> = {};
const userId: Record<string, number> = {};
const escalation: Record<string, number> = {};
const notification: Record<string, number> = {};

const ago = (days: number) => new Date(Date.now() - days * DAY);

async function insertEscalation(name: string, title: string, values: { ruleKey: string; stateKey?: string; stateSince?: Date; createdAt: Date }) {
  const target = unit[title];
  const [row] = await t.db
    .insert(workflowEscalations)
    .values({ rootId: target.rootId!, unitId: target.id, ruleKey: values.ruleKey, stateKey: values.stateKey ?? target.stateKey, stateSince: values.stateSince ?? target.stateSince, createdAt: values.createdAt })
    .returning({ id: workflowEscalations.id });
  escalation[name] = row.id;
}

async function insertNotification(name: string, title: string, login: string | null, createdAt: Date, materialData: { type: string; volume: number; deliveryDate: string }[]) {
  const target = unit[title];
  const [row] = await t.db
    .insert(deliveryNotifications)
    .values({ rootId: target.rootId!, unitId: target.id, userId: login ? userId[login] : null, materialData, createdAt })
    .returning({ id: deliveryNotifications.id });
  notification[name] = row.id;
}

/** A project of a tenant nobody of the demo belongs to: invisible even for internal staff. */
async function insertForeignProject() {
  const [tenant] = await t.db.insert(tenants).values({ name: 'Fremdbau AG' }).returning({ id: tenants.id });
  const [root] = await t.db
    .insert(projectUnits)
    .values({ tenantId: tenant.id, type: 'project', number: 'FB-2025-0001', title: 'Fremdprojekt', stateKey: 'PendingValidation', stateSince: ago(8) })
    .returning();
  await t.db.update(projectUnits).set({ rootId: root.id }).where(eq(projectUnits.id, root.id));
  const [lot] = await t.db
    .insert(projectUnits)
    .values({ tenantId: tenant.id, rootId: root.id, parentId: root.id, type: 'approvallot', number: 'FB-2025-0001-01', title: 'Fremdlos', stateKey: 'Preparing' })
    .returning();
  unit.Fremdprojekt = { ...root, rootId: root.id };
  unit.Fremdlos = lot;
}

beforeAll(async () => {
  t = await createTestContext();
  [staff, drafter, customer, admin] = await Promise.all(['staff', 'drafter', 'customer', 'admin'].map((login) => t.login(login)));
  // Controlled cases only: whatever the demo seed put there goes.
  await t.db.delete(workflowEscalations);
  await t.db.delete(deliveryNotifications);
  for (const row of await t.db.select().from(projectUnits)) unit[row.title] = row;
  for (const row of await t.db.select({ id: users.id, login: users.login }).from(users)) userId[row.login] = row.id;
  await insertForeignProject();

  // Open: the units are still in the escalated stay.
  await insertEscalation('gewerbehof', 'Gewerbehof Nord', { ruleKey: 'ValidationOverdue', createdAt: ago(3) });
  await insertEscalation('bauabschnitt', 'Bauabschnitt 1', { ruleKey: 'ReviewOverdue', createdAt: ago(1) });
  // Open on a Calcon project the drafter is no member of (and a rule the definition no longer has).
  await insertEscalation('maaskade', 'Appartementen Maaskade', { ruleKey: 'RetiredRule', createdAt: ago(2) });
  // Closed: the unit has moved on to another state …
  await insertEscalation('movedOn', 'Bauabschnitt 2', { ruleKey: 'ReviewOverdue', stateKey: 'ReviewPreliminaryDrawings', createdAt: ago(4) });
  // … or left the state and came back (another stay).
  await insertEscalation('earlierStay', 'Distributiecentrum Venlo', { ruleKey: 'ContractOverdue', stateSince: ago(60), createdAt: ago(50) });
  // Open but on a project staff cannot see.
  await insertEscalation('foreign', 'Fremdprojekt', { ruleKey: 'ValidationOverdue', createdAt: ago(0.5) });

  await insertNotification('erdgeschoss', 'Erdgeschoss', 'customer', ago(2), [
    { type: 'PE 365', volume: 42.5, deliveryDate: '2030-04-01' },
    { type: 'PE 175', volume: 12, deliveryDate: '2030-04-15' },
  ]);
  await insertNotification('halle', 'Außenwände Halle 1', 'staff', ago(1), [{ type: 'PE 300', volume: 80, deliveryDate: '2030-05-02' }]);
  await insertNotification('maaskade', 'Verdieping 1-4', null, ago(3), []);
  await insertNotification('foreign', 'Fremdlos', 'staff', ago(0.1), [{ type: 'X', volume: 1, deliveryDate: '2030-01-01' }]);
});
afterAll(async () => t.close());

async function list<T>(cookie: string, path: string, query = '') {
  const response = await t.request('GET', `${path}${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return { rows: (await response.json()) as T[], range: response.headers.get('content-range') };
}
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&')}`;

describe('workflow rows (open escalations)', () => {
  it('staff see exactly the open escalations of visible units, newest first, with the rule text in German', async () => {
    const { rows, range } = await list<WorkflowRow>(staff, ROWS);
    expect(rows.map((row) => row.id)).toEqual([escalation.bauabschnitt, escalation.maaskade, escalation.gewerbehof]);
    expect(range).toBe('workflow-rows 0-2/3');
    const gewerbehof = rows.find((row) => row.id === escalation.gewerbehof)!;
    expect(gewerbehof).toEqual({
      id: escalation.gewerbehof,
      projectUnitNo: unit['Gewerbehof Nord'].number,
      title: 'Gewerbehof Nord',
      stateKey: 'PendingValidation',
      ruleKey: 'ValidationOverdue',
      ruleText: 'Projekt nicht innerhalb von 3 Arbeitstagen validiert',
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      rootProjectUnitID: unit['Gewerbehof Nord'].id,
      projectUnitID: unit['Gewerbehof Nord'].id,
    });
    const lot = rows.find((row) => row.id === escalation.bauabschnitt)!;
    expect(lot).toMatchObject({ title: 'Bauabschnitt 1', rootProjectUnitID: unit['Schule am Stadtpark'].id, projectUnitID: unit['Bauabschnitt 1'].id, ruleText: 'Vorabzeichnungen nicht innerhalb von 5 Arbeitstagen geprüft' });
    // A rule the definition in force does not have any more: no text, the key stays.
    expect(rows.find((row) => row.id === escalation.maaskade)).toMatchObject({ ruleKey: 'RetiredRule', ruleText: '' });
  });

  it('answers in the caller’s language', async () => {
    const { rows } = await list<WorkflowRow>(admin, ROWS);
    expect(rows.find((row) => row.id === escalation.gewerbehof)!.ruleText).toBe('Project not validated within 3 working days');
  });

  it('an internal user sees only the units of their tenants and projects', async () => {
    const { rows } = await list<WorkflowRow>(drafter, ROWS);
    expect(rows.map((row) => row.id)).toEqual([escalation.bauabschnitt, escalation.gewerbehof]);
  });

  it('one record: open and visible only (404 otherwise)', async () => {
    const one = await t.request('GET', `${ROWS}/${escalation.gewerbehof}`, { cookie: staff });
    expect(one.status).toBe(200);
    expect(((await one.json()) as WorkflowRow).ruleKey).toBe('ValidationOverdue');
    for (const name of ['movedOn', 'earlierStay', 'foreign']) await expectErrorShape(await t.request('GET', `${ROWS}/${escalation[name]}`, { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', `${ROWS}/${escalation.maaskade}`, { cookie: drafter }), 404);
  });

  it('sorts by the whitelisted fields and pages with Content-Range', async () => {
    const ascending = await list<WorkflowRow>(staff, ROWS, q({ sort: ['createdOn', 'ASC'] }));
    expect(ascending.rows.map((row) => row.id)).toEqual([escalation.gewerbehof, escalation.maaskade, escalation.bauabschnitt]);
    const byRule = await list<WorkflowRow>(staff, ROWS, q({ sort: ['ruleKey', 'ASC'] }));
    expect(byRule.rows.map((row) => row.ruleKey)).toEqual(['RetiredRule', 'ReviewOverdue', 'ValidationOverdue']);
    const second = await list<WorkflowRow>(staff, ROWS, q({ range: [1, 1] }));
    expect(second.rows.map((row) => row.id)).toEqual([escalation.maaskade]);
    expect(second.range).toBe('workflow-rows 1-1/3');
    const past = await list<WorkflowRow>(staff, ROWS, q({ range: [10, 14] }));
    expect(past.rows).toEqual([]);
    expect(past.range).toBe('workflow-rows 10-10/3');
  });

  it('a row leaves the list as soon as the unit moves on', async () => {
    const gewerbehof = unit['Gewerbehof Nord'];
    await t.db.update(projectUnits).set({ stateKey: 'PendingContract', stateSince: new Date() }).where(eq(projectUnits.id, gewerbehof.id));
    try {
      expect((await list<WorkflowRow>(staff, ROWS)).rows.map((row) => row.id)).not.toContain(escalation.gewerbehof);
      expect(await (await t.request('GET', `${P}/dashboard/workflowCount`, { cookie: staff })).json()).toEqual({ count: 2 });
    } finally {
      await t.db.update(projectUnits).set({ stateKey: gewerbehof.stateKey, stateSince: gewerbehof.stateSince }).where(eq(projectUnits.id, gewerbehof.id));
    }
    expect((await list<WorkflowRow>(staff, ROWS)).rows.map((row) => row.id)).toContain(escalation.gewerbehof);
  });
});

describe('workflow notifications (new delivery data)', () => {
  it('staff see the notifications of visible units with project, lot, user and materials', async () => {
    const { rows, range } = await list<WorkflowNotification>(staff, NOTIFICATIONS);
    expect(rows.map((row) => row.id)).toEqual([notification.halle, notification.erdgeschoss, notification.maaskade]);
    expect(range).toBe('workflow-notifications 0-2/3');
    expect(rows[1]).toEqual({
      id: notification.erdgeschoss,
      rootNo: unit['Wohnpark Weserblick'].number,
      root: 'Wohnpark Weserblick',
      subProject: 'Haus A',
      approvalLot: 'Erdgeschoss',
      createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      username: 'Kees Klant',
      materialData: [
        { type: 'PE 365', volume: 42.5, deliveryDate: '2030-04-01' },
        { type: 'PE 175', volume: 12, deliveryDate: '2030-04-15' },
      ],
      rootProjectUnitID: unit['Wohnpark Weserblick'].id,
      projectUnitID: unit['Erdgeschoss'].id,
    });
    expect(rows[0]).toMatchObject({ root: 'Gewerbehof Nord', subProject: 'Halle 1', approvalLot: 'Außenwände Halle 1', username: 'Stefan Planer' });
    // Without a known user the name is empty; an empty material list stays a list.
    expect(rows[2]).toMatchObject({ root: 'Appartementen Maaskade', username: '', materialData: [] });
  });

  it('sorts, pages and hides units of other tenants', async () => {
    const ascending = await list<WorkflowNotification>(staff, NOTIFICATIONS, q({ sort: ['createdOn', 'ASC'], range: [0, 1] }));
    expect(ascending.rows.map((row) => row.id)).toEqual([notification.maaskade, notification.erdgeschoss]);
    expect(ascending.range).toBe('workflow-notifications 0-1/3');
    await expectErrorShape(await t.request('GET', `${NOTIFICATIONS}/${notification.foreign}`, { cookie: staff }), 404);
    const drafterRows = await list<WorkflowNotification>(drafter, NOTIFICATIONS);
    expect(drafterRows.rows.map((row) => row.id)).toEqual([notification.halle, notification.erdgeschoss]);
  });

  it('a deleted account shows as deleted user', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId.customer));
    try {
      const { rows } = await list<WorkflowNotification>(staff, NOTIFICATIONS);
      expect(rows.find((row) => row.id === notification.erdgeschoss)!.username).toBe('gelöschter Benutzer');
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, userId.customer));
    }
  });
});

describe('dashboard workflow count', () => {
  it('counts the open escalations the user can see', async () => {
    expect(await (await t.request('GET', `${P}/dashboard/workflowCount`, { cookie: staff })).json()).toEqual({ count: 3 });
    expect(await (await t.request('GET', `${P}/dashboard/workflowCount`, { cookie: drafter })).json()).toEqual({ count: 2 });
    // Customers have no workflow panel: 0, not an error.
    const forCustomer = await t.request('GET', `${P}/dashboard/workflowCount`, { cookie: customer });
    expect(forCustomer.status).toBe(200);
    expect(await forCustomer.json()).toEqual({ count: 0 });
  });
});

describe('who may not', () => {
  it('customers get 403, requests without a session 401', async () => {
    for (const path of [ROWS, NOTIFICATIONS, `${ROWS}/${escalation.gewerbehof}`, `${NOTIFICATIONS}/${notification.erdgeschoss}`]) {
      await expectErrorShape(await t.request('GET', path, { cookie: customer }), 403);
      await expectErrorShape(await t.request('GET', path), 401);
    }
    await expectErrorShape(await t.request('GET', `${P}/dashboard/workflowCount`), 401);
  });

  it('nobody writes: POST, PUT and DELETE are not offered', async () => {
    const before = await t.db.select().from(workflowEscalations);
    for (const [method, path] of [
      ['POST', ROWS],
      ['PUT', `${ROWS}/${escalation.gewerbehof}`],
      ['DELETE', `${ROWS}/${escalation.gewerbehof}`],
      ['POST', NOTIFICATIONS],
      ['DELETE', `${NOTIFICATIONS}/${notification.erdgeschoss}`],
    ]) {
      await expectErrorShape(await t.request(method, path, { cookie: admin, body: method === 'DELETE' ? undefined : { ruleKey: 'x' } }), 404);
    }
    expect(await t.db.select().from(workflowEscalations)).toEqual(before);
  });

  it('bad queries are 400', async () => {
    await expectErrorShape(await t.request('GET', `${ROWS}${q({ sort: ['title', 'ASC'] })}`, { cookie: staff }), 400);
    await expectErrorShape(await t.request('GET', `${NOTIFICATIONS}${q({ range: [5, 1] })}`, { cookie: staff }), 400);
    await expectErrorShape(await t.request('GET', `${ROWS}?filter=${encodeURIComponent('{"stateKey":"x"}')}`, { cookie: staff }), 400);
    await expectErrorShape(await t.request('GET', `${ROWS}/abc`, { cookie: staff }), 404);
  });
});

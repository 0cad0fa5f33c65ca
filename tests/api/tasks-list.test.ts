import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATES } from '../../src/domain/projectUnits';
import type { Task } from '../../src/domain/tasks';
import { actorRoles, taskFor } from '../../src/domain/workflow';
import { loadSessionUser } from '../../server/lib/sessions';
import { projectMembers, projectUnits, tenants, users } from '../../server/db/schema';
import { visibleUnits } from '../../server/lib/project-access';
import { activeWorkflow } from '../../server/lib/workflow-definition';
import { createTestContext, expectErrorShape, type TestContext } from './helpers';

let ctx: TestContext;
const cookies: Record<string, string> = {};

const query = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
const list = (login: string, params: Record<string, unknown> = {}) => ctx.request('GET', `/api/tasks?${query(params)}`, { cookie: cookies[login] });
async function page(login: string, params: Record<string, unknown> = {}) {
  const response = await list(login, params);
  expect(response.status, await response.clone().text()).toBe(200);
  const range = response.headers.get('content-range') ?? '';
  return { tasks: (await response.json()) as Task[], range, total: Number(range.split('/')[1]) };
}
const all = (login: string, filter: Record<string, unknown> = {}) => page(login, { range: [0, 999], filter });

/**
 * The reference: every visible unit of an open project, judged one by one in JS by the domain's `taskFor` (what the
 * server did before the list was paged in SQL). The API's list must hold exactly these.
 */
async function expectedTaskIds(login: string): Promise<number[]> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  const user = (await loadSessionUser(ctx.db, row.id))!;
  const { definition } = await activeWorkflow(ctx.db);
  const root = ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(and(isNull(projectUnits.parentId), notInArray(projectUnits.stateKey, [...CLOSED_STATES])));
  const openRoots = new Set((await root).map((unit) => unit.id));
  const units = await ctx.db
    .select({ id: projectUnits.id, rootId: projectUnits.rootId, type: projectUnits.type, stateKey: projectUnits.stateKey, tenantType: tenants.type, role: projectMembers.role })
    .from(projectUnits)
    .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
    .leftJoin(projectMembers, and(eq(projectMembers.rootId, projectUnits.rootId), eq(projectMembers.userId, user.id)))
    .where(visibleUnits(user));
  return units
    .filter((unit) => openRoots.has(unit.rootId ?? unit.id))
    .filter((unit) => taskFor(definition, unit, unit.tenantType === 'ccl' ? 'ccl' : 'standard', actorRoles({ role: unit.role, isInternal: user.isInternal, isAdmin: user.isAdmin })))
    .map((unit) => unit.id)
    .sort((a, b) => a - b);
}

/** Approval lots in every lot state under each open project (the demo data alone holds only a few tasks per user). */
async function addLots() {
  const roots = await ctx.db.select().from(projectUnits).where(and(isNull(projectUnits.parentId), notInArray(projectUnits.stateKey, [...CLOSED_STATES])));
  const states = ['Finalized', 'ReviewPreliminaryDrawings', 'Finalized', 'ReviewRevisedDrawings', 'Finalized', 'Preparing', 'Finalized', 'ReviseDrawings', 'Finalized', 'Approved'];
  const minute = 60_000;
  const lots = roots.flatMap((root, r) =>
    states.map((stateKey, i) => ({
      rootId: root.id,
      parentId: root.id,
      tenantId: root.tenantId,
      salesOrgId: root.salesOrgId,
      type: 'approvallot',
      number: `${root.number}-T${String(i + 1).padStart(2, '0')}`,
      title: `${['Nord', 'Süd', 'Ost', 'West', 'Mitte'][i % 5]}flügel ${r * states.length + i}`,
      stateKey,
      stateSince: new Date(Date.now() - (r * states.length + i) * 37 * minute),
    })),
  );
  await ctx.db.insert(projectUnits).values(lots);
}

/** Texts in the database's collation (PGlite and PostgreSQL may differ from JS), numbers and ISO dates as they are. */
async function sortedAsTheDatabaseDoes(values: (string | number)[], order: string): Promise<string[]> {
  let sorted: string[];
  if (typeof values[0] === 'number') sorted = (values as number[]).sort((a, b) => a - b).map(String);
  else {
    const result = (await ctx.db.execute(sql`select v from unnest(${sql.param(values)}::text[]) as v order by v`)) as unknown as { rows: { v: string }[] } | { v: string }[];
    sorted = (Array.isArray(result) ? result : result.rows).map((row) => row.v);
  }
  return order === 'DESC' ? sorted.reverse() : sorted;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await addLots();
  for (const login of ['staff', 'customer', 'drafter', 'admin']) cookies[login] = await ctx.login(login);
});
afterAll(() => ctx.close());

describe('GET /api/tasks: the list of the caller’s tasks, paged in the database', () => {
  it('holds exactly the tasks the domain rule gives each user', async () => {
    for (const login of ['staff', 'customer', 'drafter', 'admin']) {
      const { tasks, total } = await all(login);
      const expected = await expectedTaskIds(login);
      expect(expected.length, login).toBeGreaterThan(0);
      expect(tasks.map((task) => task.id).sort((a, b) => a - b), login).toEqual(expected);
      expect(total, login).toBe(expected.length);
    }
  });

  it('answers the first 25 by default, newest change first, with the total in Content-Range', async () => {
    const everything = await all('staff');
    expect(everything.total).toBeGreaterThan(25);
    const first = await page('staff');
    expect(first.tasks).toHaveLength(25);
    expect(first.range).toBe(`tasks 0-24/${everything.total}`);
    expect(first.tasks).toEqual(everything.tasks.slice(0, 25));
    const changed = everything.tasks.map((task) => task.changedOn);
    expect(changed).toEqual([...changed].sort().reverse());
  });

  it('pages without gaps or repeats, and past the end answers nothing but still the total', async () => {
    const everything = await all('staff');
    const pages = [];
    for (let start = 0; start < everything.total; start += 10) pages.push(...(await page('staff', { range: [start, start + 9] })).tasks);
    expect(pages.map((task) => task.id)).toEqual(everything.tasks.map((task) => task.id));
    const second = await page('staff', { range: [10, 19] });
    expect(second.range).toBe(`tasks 10-19/${everything.total}`);
    const beyond = await page('staff', { range: [5000, 5009] });
    expect(beyond.tasks).toEqual([]);
    expect(beyond.range).toBe(`tasks 5000-5000/${everything.total}`);
  });

  it('sorts by each sort field, both ways', async () => {
    const key: Record<string, (task: Task) => string | number> = {
      projectUnitNo: (task) => task.projectUnitNo,
      unitTitle: (task) => task.unitTitle,
      rootUnitTitle: (task) => task.rootUnitTitle,
      projectUnitType: (task) => task.projectUnitType,
      stateKey: (task) => task.stateKey,
      taskKey: (task) => task.taskKey,
      changedOn: (task) => task.changedOn,
      id: (task) => task.id,
    };
    for (const [field, of] of Object.entries(key)) {
      for (const order of ['ASC', 'DESC']) {
        const { tasks } = await page('staff', { sort: [field, order], range: [0, 999] });
        const values = tasks.map(of);
        expect(new Set(values.map(String)).size, field).toBeGreaterThan(1);
        expect(values.map(String), `${field} ${order}`).toEqual(await sortedAsTheDatabaseDoes(values, order));
      }
    }
  });

  it('filters by project, unit, unit type, state, task kind, delay, tenant, id and search text', async () => {
    const { tasks } = await all('staff');
    const sample = tasks[3];
    const cases: [Record<string, unknown>, (task: Task) => boolean][] = [
      [{ rootProjectUnitID: sample.rootProjectUnitID }, (task) => task.rootProjectUnitID === sample.rootProjectUnitID],
      [{ projectUnitID: sample.id }, (task) => task.id === sample.id],
      [{ projectUnitType: sample.projectUnitType }, (task) => task.projectUnitType === sample.projectUnitType],
      [{ projectUnitType: ['project', 'approvallot'] }, (task) => ['project', 'approvallot'].includes(task.projectUnitType)],
      [{ stateKey: sample.stateKey }, (task) => task.stateKey === sample.stateKey],
      [{ taskKey: sample.taskKey }, (task) => task.taskKey === sample.taskKey],
      [{ taskKey: ['PlaceOrder', 'PendingValidation'] }, (task) => ['PlaceOrder', 'PendingValidation'].includes(task.taskKey)],
      [{ delayed: true }, (task) => task.delayed],
      [{ delayed: false }, (task) => !task.delayed],
      [{ tenantID: sample.tenantID }, (task) => task.tenantID === sample.tenantID],
      [{ id: [sample.id, tasks[0].id] }, (task) => task.id === sample.id || task.id === tasks[0].id],
      [{ q: sample.rootUnitTitle.slice(1, 6).toUpperCase() }, (task) => [task.projectUnitNo, task.unitTitle, task.rootUnitTitle].some((text) => text.toLowerCase().includes(sample.rootUnitTitle.slice(1, 6).toLowerCase()))],
      [{ q: sample.projectUnitNo }, (task) => [task.projectUnitNo, task.unitTitle, task.rootUnitTitle].some((text) => text.includes(sample.projectUnitNo))],
    ];
    for (const [filter, holds] of cases) {
      const expected = tasks.filter(holds);
      const answered = await all('staff', filter);
      expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(answered.tasks.map((task) => task.id), JSON.stringify(filter)).toEqual(expected.map((task) => task.id));
      expect(answered.total, JSON.stringify(filter)).toBe(expected.length);
    }
    expect((await all('staff', { delayed: true })).total + (await all('staff', { delayed: false })).total).toBe(tasks.length);
    expect((await all('staff', { taskKey: 'NoSuchTask' })).total).toBe(0);
    expect((await all('staff', { q: '100%_' })).total).toBe(0);
  });

  it('keeps another tenant’s tasks from a user, in the rows and in the total', async () => {
    const [calcon] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Calcon Bouwsystemen'));
    const staffThere = await all('staff', { tenantID: calcon.id });
    expect(staffThere.total).toBeGreaterThan(0);
    // The drafter works for Nordstein and CCL only: Calcon's tasks stay invisible, even asked for by project or id.
    const drafterThere = await all('drafter', { tenantID: calcon.id });
    expect(drafterThere).toMatchObject({ tasks: [], total: 0 });
    expect(await page('drafter', { filter: { rootProjectUnitID: staffThere.tasks[0].rootProjectUnitID } })).toMatchObject({ tasks: [], total: 0 });
    expect(await page('drafter', { filter: { id: staffThere.tasks.map((task) => task.id) } })).toMatchObject({ tasks: [], total: 0 });
    const drafter = await all('drafter');
    expect(drafter.tasks.some((task) => task.tenantID === calcon.id)).toBe(false);
    expect(drafter.total).toBe(drafter.tasks.length);
    await expectErrorShape(await ctx.request('GET', `/api/tasks/${staffThere.tasks[0].id}`, { cookie: cookies.drafter }), 404);
  });

  it('answers one task and the dashboard counter from the same rule', async () => {
    const { tasks, total } = await all('customer');
    const one = await ctx.request('GET', `/api/tasks/${tasks[0].id}`, { cookie: cookies.customer });
    expect(await one.json()).toEqual(tasks[0]);
    const counter = await ctx.request('GET', '/api/data/planxchange/dashboard/taskCount', { cookie: cookies.customer });
    expect(await counter.json()).toEqual({ count: total });
  });

  it('refuses bad input with 400 and the messages shape, and strangers with 401', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ sort: ['password', 'ASC'] }, 'sort'],
      [{ sort: ['changedOn', 'SIDEWAYS'] }, 'sort'],
      [{ sort: '[changedOn' }, 'sort'],
      [{ range: [10, 5] }, 'range'],
      [{ range: '[0,' }, 'range'],
      [{ range: [0, 5000] }, 'range'],
      [{ range: [-1, 5] }, 'range'],
      [{ filter: { assignee: 3 } }, 'filter.assignee'],
      [{ filter: { rootProjectUnitID: 'x' } }, 'filter.rootProjectUnitID'],
      [{ filter: { projectUnitType: 'castle' } }, 'filter.projectUnitType'],
      [{ filter: { delayed: 'yes' } }, 'filter.delayed'],
      [{ filter: { q: 'x'.repeat(201) } }, 'filter.q'],
      [{ filter: '{"q":' }, 'filter'],
      [{ pageSize: 5 }, 'pageSize'],
    ];
    for (const [params, reference] of bad) {
      const messages = await expectErrorShape(await list('staff', params), 400);
      expect(messages[0].reference, JSON.stringify(params)).toBe(reference);
    }
    await expectErrorShape(await ctx.request('GET', '/api/tasks'), 401);
  });
});

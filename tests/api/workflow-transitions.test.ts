import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnitJournal, projectUnitParams, projectUnits, users } from '../../server/db/schema.js';
import type { Task } from '../../src/domain/tasks.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};

async function unitId(title: string): Promise<number> {
  const [row] = await ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title));
  return row.id;
}
async function unitState(id: number): Promise<string> {
  const [row] = await ctx.db.select({ stateKey: projectUnits.stateKey }).from(projectUnits).where(eq(projectUnits.id, id));
  return row.stateKey;
}
async function journalOf(id: number) {
  return ctx.db.select().from(projectUnitJournal).where(eq(projectUnitJournal.unitId, id)).orderBy(projectUnitJournal.id);
}
const put = (login: string | null, id: number, body: Record<string, unknown> = {}) =>
  ctx.request('PUT', `/api/data/planxchange/projectunitstates/${id}`, { cookie: login ? cookies[login] : undefined, body: { projectUnitID: id, ...body } });
/** Every task of the user (the list's largest page; the demo data has far fewer). */
const tasks = async (login: string) => (await (await ctx.request('GET', `/api/tasks?range=${encodeURIComponent('[0,999]')}`, { cookie: cookies[login] })).json()) as Task[];
const taskCount = async (login: string) =>
  ((await (await ctx.request('GET', '/api/data/planxchange/dashboard/taskCount', { cookie: cookies[login] })).json()) as { count: number }).count;
const firstKey = async (response: Response) => ((await response.json()) as { messages: { key: string }[] }).messages[0].key;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'partner', 'admin']) cookies[login] = await ctx.login(login);
});
afterAll(async () => ctx?.close());

describe('driving Wohnpark Weserblick through the default workflow', () => {
  it('goes from Structuring to an approval lot in ReviewPreliminaryDrawings, each step by the role whose task it is', async () => {
    const root = await unitId('Wohnpark Weserblick');
    const lot = await unitId('Erdgeschoss');
    const start = (await journalOf(root)).length;
    const customerTasksBefore = await taskCount('customer');
    expect((await tasks('customer')).some((task) => task.projectUnitID === root && task.taskKey === 'Structuring')).toBe(true);

    // The drafter holds no role of "Structuring finished": 403, nothing written.
    let response = await put('drafter', root);
    expect(response.status).toBe(403);
    expect(await firstKey(response)).toBe('WORKFLOW.Errors.NotYourTask');
    expect(await journalOf(root)).toHaveLength(start);

    response = await put('customer', root);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ projectUnitID: root, oldState: 'Structuring', stateKey: 'PendingValidation', action: 'StructuringFinished' });
    const entries = await journalOf(root);
    expect(entries).toHaveLength(start + 1);
    const [customer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.login, 'customer'));
    expect(entries.at(-1)).toMatchObject({ oldState: 'Structuring', newState: 'PendingValidation', userId: customer.id, delayed: false });
    expect(await taskCount('customer')).toBe(customerTasksBefore - 1);
    expect((await tasks('staff')).find((task) => task.projectUnitID === root)?.taskKey).toBe('PendingValidation');

    // The same step again is not possible from the new state: 409, nothing written.
    response = await put('customer', root, { action: 'StructuringFinished' });
    expect(response.status).toBe(409);
    expect(await firstKey(response)).toBe('WORKFLOW.Errors.NotAllowedFromState');
    // Ready for contract is the sales planner's: 403 for the customer and the purchaser.
    expect((await put('customer', root)).status).toBe(403);
    expect((await put('partner', root, { action: 'ReadyForContract' })).status).toBe(403);
    expect(await journalOf(root)).toHaveLength(start + 1);

    expect((await put('staff', root)).status).toBe(200);
    expect(await unitState(root)).toBe('PendingContract');
    expect((await put('staff', root)).status).toBe(200);
    expect(await unitState(root)).toBe('ProvideFiles');
    expect((await tasks('customer')).find((task) => task.projectUnitID === root)?.taskKey).toBe('ProvideFiles');

    // Request drawings: the project goes on, every approval lot to Preparing, each with its own journal entry.
    response = await put('customer', root);
    expect(response.status).toBe(200);
    const result = (await response.json()) as { moved: number[] };
    expect(await unitState(root)).toBe('InProgress');
    expect(result.moved).toContain(lot);
    expect(await unitState(lot)).toBe('Preparing');
    expect((await journalOf(lot)).at(-1)).toMatchObject({ oldState: 'Structuring', newState: 'Preparing', action: 'RequestDrawings' });
    expect((await tasks('drafter')).some((task) => task.projectUnitID === lot && task.taskKey === 'Preparing')).toBe(true);

    // The customer (reviewer) cannot finish the drafter's preparation.
    expect((await put('customer', lot)).status).toBe(403);
    expect((await put('drafter', lot)).status).toBe(200);
    expect(await unitState(lot)).toBe('ReviewPreliminaryDrawings');
    const review = (await tasks('customer')).find((task) => task.projectUnitID === lot);
    expect(review).toMatchObject({ taskKey: 'ReviewDrawings', stateKey: 'ReviewPreliminaryDrawings', rootUnitTitle: 'Wohnpark Weserblick', parentUnitTitle: 'Haus A' });
    expect((await ctx.request('GET', `/api/tasks/${lot}`, { cookie: cookies.customer })).status).toBe(200);
    expect((await ctx.request('GET', `/api/tasks/${lot}`, { cookie: cookies.drafter })).status).toBe(404);

    // Request changes needs a message; with one it goes to ReviseDrawings and the message is journalled.
    response = await put('customer', lot, { requirements: ['request-changes'] });
    expect(response.status).toBe(422);
    expect(await firstKey(response)).toBe('WORKFLOW.Errors.MessageRequired');
    response = await put('customer', lot, { requirements: ['request-changes'], message: 'Fensteröffnung Achse 3 fehlt.' });
    expect(response.status).toBe(200);
    expect(await unitState(lot)).toBe('ReviseDrawings');
    expect((await journalOf(lot)).at(-1)).toMatchObject({ newState: 'ReviseDrawings', message: 'Fensteröffnung Achse 3 fehlt.' });
  });
});

describe('guards, conflicts and bad requests', () => {
  it('Ready for contract needs a product type assignment: 409 with the hint, nothing written', async () => {
    const root = await unitId('Gewerbehof Nord');
    const before = (await journalOf(root)).length;
    const context = (await (await ctx.request('GET', `/api/data/planxchange/projects/${root}/context`, { cookie: cookies.staff })).json()) as {
      workflow: { task: { taskKey: string }; actions: { action: string; disabledReason: string | null }[] };
    };
    expect(context.workflow.task.taskKey).toBe('PendingValidation');
    expect(context.workflow.actions).toEqual([expect.objectContaining({ action: 'ReadyForContract', disabledReason: 'WORKFLOW.Guards.needs-product-type-assignments' })]);
    const response = await put('staff', root);
    expect(response.status).toBe(409);
    expect(await firstKey(response)).toBe('WORKFLOW.Guards.needs-product-type-assignments');
    expect(await journalOf(root)).toHaveLength(before);

    const [hall] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.title, 'Halle 1'));
    const [planelemente] = await ctx.db.select({ id: projectUnits.productTypeId }).from(projectUnits).where(and(eq(projectUnits.title, 'Haus A')));
    await ctx.db.update(projectUnits).set({ productTypeId: planelemente.id }).where(eq(projectUnits.id, hall.id));
    expect((await put('staff', root)).status).toBe(200);
    expect(await unitState(root)).toBe('PendingContract');
  });

  it('two concurrent transitions of the same unit: one wins, the other gets 409 and writes nothing', async () => {
    const root = await unitId('Appartementen Maaskade');
    const before = (await journalOf(root)).length;
    const step = { action: 'StructuringFinished' };
    const responses = await Promise.all([put('customer', root, step), put('customer', root, step)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(await journalOf(root)).toHaveLength(before + 1);
    expect(await unitState(root)).toBe('PendingValidation');
  });

  it('a stale version is a conflict', async () => {
    const root = await unitId('Distributiecentrum Venlo');
    const response = await put('staff', root, { version: 99 });
    expect(response.status).toBe(409);
    expect(await firstKey(response)).toBe('WORKFLOW.Errors.Concurrent');
    expect(await unitState(root)).toBe('PendingContract');
  });

  it('the requirement isBim picks the BIM review', async () => {
    const root = await unitId('Distributiecentrum Venlo');
    const response = await put('staff', root, { requirements: ['isBim'] });
    expect(response.status).toBe(200);
    expect(await unitState(root)).toBe('ReviewBIMFiles');
    // Partner is customerServiceBackoffice here, not bimCoordinator.
    expect((await put('partner', root)).status).toBe(403);
  });

  it('answers 404 for units the caller cannot see, 401 without a session, 400 for malformed requests', async () => {
    const hidden = await unitId('Gewerbehof Nord');
    expect((await put('customer', hidden)).status).toBe(404);
    expect((await put('customer', 999_999)).status).toBe(404);
    expect((await put(null, hidden)).status).toBe(401);
    const root = await unitId('Wohnpark Weserblick');
    expect((await put('customer', root, { requirements: 'isBim' })).status).toBe(400);
    expect((await put('customer', root, { surprise: true })).status).toBe(400);
    const mismatch = await ctx.request('PUT', `/api/data/planxchange/projectunitstates/${root}`, { cookie: cookies.customer, body: { projectUnitID: hidden } });
    expect(mismatch.status).toBe(400);
    expect((await ctx.request('PUT', `/api/data/planxchange/projectunitstates/abc`, { cookie: cookies.customer, body: { projectUnitID: 1 } })).status).toBe(404);
  });
});

describe('the CCL flow', () => {
  it('Preparing complete, then the check-data toggle moves the drawing jobs and keeps the message', async () => {
    const root = await unitId('Riverside Apartments');
    const notReady = await unitId('DJ-02 First floor');
    expect((await put('partner', root)).status).toBe(200);
    expect(await unitState(root)).toBe('CheckDataMissing');
    expect((await tasks('staff')).find((task) => task.projectUnitID === root)?.taskKey).toBe('CheckData');

    const check = (login: string, body: Record<string, unknown>) =>
      ctx.request('POST', '/api/data/planxchange/projectunitstates/ccl-check-data', { cookie: cookies[login], body });
    expect((await check('partner', { unitID: root, rootUnitID: root })).status).toBe(403);
    expect((await check('staff', { unitID: notReady, rootUnitID: root })).status).toBe(400);
    expect((await check('staff', { unitID: root })).status).toBe(400);
    const response = await check('staff', { unitID: root, rootUnitID: root, message: 'Alle Maße geprüft.' });
    expect(response.status).toBe(200);
    expect(await unitState(root)).toBe('CheckDataComplete');
    expect(await unitState(notReady)).toBe('CCLReadyForDrawing');
    const params = await ctx.db.select().from(projectUnitParams).where(and(eq(projectUnitParams.unitId, root), eq(projectUnitParams.key, 'CheckDataTaskMessage')));
    expect(params.map((param) => param.value)).toEqual(['Alle Maße geprüft.']);

    // Back to missing needs a message.
    expect((await check('staff', { unitID: root, rootUnitID: root })).status).toBe(422);
    expect((await check('staff', { unitID: root, rootUnitID: root, message: 'Statik fehlt.' })).status).toBe(200);
    expect(await unitState(root)).toBe('CheckDataMissing');
    const jobs = await ctx.db.select({ stateKey: projectUnits.stateKey }).from(projectUnits).where(inArray(projectUnits.title, ['DJ-01 Ground floor', 'DJ-02 First floor']));
    expect(jobs.map((job) => job.stateKey)).toEqual(['CCLNotReadyForDrawing', 'CCLNotReadyForDrawing']);
  });

  it('drawing jobs toggle with the drafter requirements', async () => {
    const job = await unitId('DJ-01 Ground floor');
    expect((await put('drafter', job, { requirements: ['drawing-job-not-ok'] })).status).toBe(409);
    expect((await put('drafter', job, { requirements: ['drawing-job-ok'] })).status).toBe(200);
    expect(await unitState(job)).toBe('CCLReadyForDrawing');
    expect((await put('drafter', job, { requirements: ['drawing-job-not-ok'] })).status).toBe(200);
    expect(await unitState(job)).toBe('CCLNotReadyForDrawing');
  });
});

describe('closing', () => {
  it('only an administrator closes a root project; its units then have no tasks and no transitions', async () => {
    const root = await unitId('Schule am Stadtpark');
    const lot = await unitId('Bauabschnitt 1');
    expect((await put('staff', root, { action: 'Close' })).status).toBe(403);
    expect((await tasks('customer')).some((task) => task.projectUnitID === lot)).toBe(true);
    const response = await put('admin', root, { action: 'Close', message: 'Bauvorhaben abgeschlossen.' });
    expect(response.status).toBe(200);
    expect(await unitState(root)).toBe('Closed');
    expect((await tasks('customer')).some((task) => task.rootProjectUnitID === root)).toBe(false);
    expect((await put('customer', lot, { requirements: ['approve'] })).status).toBe(409);
    expect((await put('admin', root, { action: 'Archive' })).status).toBe(200);
    expect(await unitState(root)).toBe('Archived');
  });
});

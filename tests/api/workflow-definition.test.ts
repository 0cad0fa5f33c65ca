import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, projectUnitJournal, projectUnits, schedulerRuns, userProfiles, users, workflowDefinitions, workflowEscalations } from '../../server/db/schema.js';
import { assertWorkflowValid } from '../../server/lib/workflow-definition.js';
import { runDailyStatusMail, runEscalations } from '../../server/services/scheduler.js';
import type { Task } from '../../src/domain/tasks.js';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};
const DEFAULT: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../schemas/workflow.default.json'), 'utf8'));
const DAY = 86_400_000;

async function unitId(title: string): Promise<number> {
  const [row] = await ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title));
  return row.id;
}
const saveDefinition = (login: string, definition: unknown) => ctx.request('PUT', '/api/workflow-definition', { cookie: cookies[login], body: { definition, comment: 'test' } });

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'configurer', 'admin']) cookies[login] = await ctx.login(login);
});
afterAll(async () => ctx?.close());

describe('the workflow definition API', () => {
  it('configurers read the definition in force and its schema; others get 403', async () => {
    const response = await ctx.request('GET', '/api/workflow-definition', { cookie: cookies.configurer });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { version: number; definition: WorkflowDefinition };
    expect(body.version).toBe(1);
    expect(body.definition.states.length).toBe(DEFAULT.states.length);
    expect((await ctx.request('GET', '/api/workflow-definition/schema', { cookie: cookies.configurer })).status).toBe(200);
    expect((await ctx.request('GET', '/api/workflow-definition', { cookie: cookies.customer })).status).toBe(403);
    expect((await ctx.request('GET', '/api/workflow-definition', { cookie: cookies.staff })).status).toBe(403);
    expect((await ctx.request('GET', '/api/workflow-definition')).status).toBe(401);
    expect((await saveDefinition('staff', DEFAULT)).status).toBe(403);
  });

  it('refuses invalid definitions with the problems listed, and keeps the one in force', async () => {
    let response = await saveDefinition('configurer', { ...DEFAULT, states: [{ key: 'X', unitTypes: ['castle'] }] });
    expect(response.status).toBe(422);
    let body = (await response.json()) as { messages: { text: string }[] };
    expect(body.messages.some((message) => message.text.includes('/states/0/unitTypes/0'))).toBe(true);

    const broken = structuredClone(DEFAULT);
    broken.transitions[0].to = 'Nowhere';
    response = await saveDefinition('configurer', broken);
    expect(response.status).toBe(422);
    body = (await response.json()) as { messages: { text: string }[] };
    expect(body.messages.map((message) => message.text).join('\n')).toContain('has no state Nowhere');
    expect((await ctx.request('PUT', '/api/workflow-definition', { cookie: cookies.configurer, body: { definition: DEFAULT, extra: 1 } })).status).toBe(400);
    expect(await ctx.db.select().from(workflowDefinitions)).toHaveLength(0);
  });

  it('a new state in the definition changes tasks and buttons without code changes', async () => {
    const definition = structuredClone(DEFAULT);
    definition.states.push({ key: 'TechnicalReview', unitTypes: ['project'], tenantTypes: ['standard'], task: { taskKey: 'TechnicalReview', roles: ['salesPlanner'] } });
    const ready = definition.transitions.find((transition) => transition.action === 'ReadyForContract')!;
    ready.to = 'TechnicalReview';
    definition.transitions.push({ action: 'TechnicalReviewDone', unitTypes: ['project'], tenantTypes: ['standard'], from: ['TechnicalReview'], to: 'PendingContract', roles: ['salesPlanner'] });
    const response = await saveDefinition('configurer', definition);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { version: number }).version).toBe(2);
    const versions = (await (await ctx.request('GET', '/api/workflow-definition/versions', { cookie: cookies.configurer })).json()) as { version: number; createdBy: string }[];
    expect(versions).toEqual([expect.objectContaining({ version: 2, status: 'published', createdBy: 'configurer' }), expect.objectContaining({ version: 1, status: 'retired' })]);

    // Gewerbehof Nord (PendingValidation) gets an assignment so that the guard passes.
    const root = await unitId('Gewerbehof Nord');
    const [typed] = await ctx.db.select({ id: projectUnits.productTypeId }).from(projectUnits).where(eq(projectUnits.title, 'Haus A'));
    await ctx.db.update(projectUnits).set({ productTypeId: typed.id }).where(eq(projectUnits.title, 'Halle 1'));
    const step = await ctx.request('PUT', `/api/data/planxchange/projectunitstates/${root}`, { cookie: cookies.staff, body: { projectUnitID: root } });
    expect(step.status).toBe(200);
    expect(((await step.json()) as { stateKey: string }).stateKey).toBe('TechnicalReview');
    const tasks = (await (await ctx.request('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ projectUnitID: root }))}`, { cookie: cookies.staff })).json()) as Task[];
    expect(tasks.find((task) => task.projectUnitID === root)?.taskKey).toBe('TechnicalReview');
    const context = (await (await ctx.request('GET', `/api/data/planxchange/projects/${root}/context`, { cookie: cookies.staff })).json()) as {
      workflow: { task: { taskKey: string }; actions: { action: string; to: string }[] };
    };
    expect(context.workflow.task.taskKey).toBe('TechnicalReview');
    expect(context.workflow.actions).toEqual([expect.objectContaining({ action: 'TechnicalReviewDone', to: 'PendingContract' })]);
  });

  it('the server refuses to start on an invalid saved definition', async () => {
    await expect(assertWorkflowValid(ctx.db)).resolves.toBeUndefined();
    const [inForce] = await ctx.db.select().from(workflowDefinitions).where(eq(workflowDefinitions.status, 'published'));
    await ctx.db.update(workflowDefinitions).set({ definition: { states: [] } }).where(eq(workflowDefinitions.version, inForce.version));
    await expect(assertWorkflowValid(ctx.db)).rejects.toThrow(new RegExp(`version ${inForce.version} .* not valid`, 's'));
    await ctx.db.update(workflowDefinitions).set({ definition: inForce.definition }).where(eq(workflowDefinitions.version, inForce.version));
  });
});

describe('escalations and the daily status mail', () => {
  it('marks overdue stays once, with a delayed journal entry carrying the rule and a mail to the roles it names', async () => {
    const lot = await unitId('Bauabschnitt 2'); // Preparing for 4 days; the rule allows 10 working days
    const before = await ctx.db.select().from(workflowEscalations).where(eq(workflowEscalations.unitId, lot));
    expect(before).toHaveLength(0);
    const mailsBefore = (await ctx.db.select().from(mails)).length;
    const later = new Date(Date.now() + 20 * DAY);
    expect(await runEscalations(ctx.db, later)).toBeGreaterThan(0);
    const escalations = await ctx.db.select().from(workflowEscalations).where(eq(workflowEscalations.unitId, lot));
    expect(escalations).toEqual([expect.objectContaining({ ruleKey: 'PreparingOverdue', stateKey: 'Preparing' })]);
    const delayed = await ctx.db.select().from(projectUnitJournal).where(and(eq(projectUnitJournal.unitId, lot), eq(projectUnitJournal.delayed, true)));
    expect(delayed).toEqual([expect.objectContaining({ ruleKey: 'PreparingOverdue', oldState: 'Preparing', newState: 'Preparing', userId: null })]);
    const queued = (await ctx.db.select().from(mails)).slice(mailsBefore);
    // admin is processPlanner of Schule am Stadtpark.
    expect(queued.some((mail) => mail.kind === 'escalation' && mail.subject.includes('Bauabschnitt 2') && mail.body.includes('10'))).toBe(true);
    expect(await runEscalations(ctx.db, later)).toBe(0);
  });

  it('sends the daily status mail once a day to users who opted in and whose tasks changed', async () => {
    const [customer] = await ctx.db.select().from(users).where(eq(users.login, 'customer'));
    await ctx.db.update(userProfiles).set({ dailyStatusMail: true }).where(eq(userProfiles.userId, customer.id));
    await ctx.db.update(projectUnits).set({ stateSince: new Date() }).where(eq(projectUnits.title, 'Wohnpark Weserblick'));
    const morning = new Date();
    morning.setUTCHours(6, 0, 0, 0);
    const early = new Date(morning.getTime() - 3 * 3_600_000);
    expect(await runDailyStatusMail(ctx.db, early)).toBe(0);
    const mailsBefore = (await ctx.db.select().from(mails)).length;
    const now = new Date(Math.max(morning.getTime(), Date.now()));
    expect(await runDailyStatusMail(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const queued = (await ctx.db.select().from(mails)).slice(mailsBefore);
    const mine = queued.find((mail) => mail.recipient === customer.email);
    expect(mine?.kind).toBe('daily-status');
    expect(mine?.body).toContain('Wohnpark Weserblick');
    expect(await runDailyStatusMail(ctx.db, now)).toBe(0);
    expect(await ctx.db.select().from(schedulerRuns)).toHaveLength(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnitJournal, projectUnits, workflowDefinitions } from '../../server/db/schema.js';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};
const DEFAULT: WorkflowDefinition = JSON.parse(readFileSync(join(__dirname, '../../schemas/workflow.default.json'), 'utf8'));
type Draft = { version: number; revision: number; basedOn: number; problems: string[]; checks: { kind: string; state?: string }[] };

const call = (login: string, method: string, path: string, body?: unknown) => ctx.request(method, `/api/workflow-definition${path}`, { cookie: cookies[login], body });
const newDraft = async () => {
  const response = await call('configurer', 'POST', '/drafts', { comment: 'test' });
  expect(response.status).toBe(201);
  return (await response.json()) as Draft;
};
const inForce = async () => ((await (await call('configurer', 'GET', '')).json()) as { version: number }).version;

/** The default without the approval lot's first review: its units are stranded. */
function withoutFirstReview(): WorkflowDefinition {
  const definition = structuredClone(DEFAULT);
  definition.states = definition.states.filter((state) => !(state.key === 'ReviewPreliminaryDrawings' && state.unitTypes.includes('approvallot')));
  for (const transition of definition.transitions) {
    if (transition.to === 'ReviewPreliminaryDrawings') transition.to = 'ReviewRevisedDrawings';
    transition.from = transition.from.filter((from) => from !== 'ReviewPreliminaryDrawings');
  }
  definition.escalations = definition.escalations.filter((rule) => rule.state !== 'ReviewPreliminaryDrawings');
  definition.labels = { states: { ReviewRevisedDrawings: { de: 'Prüfung', en: 'Review', nl: 'Controle' } } };
  return definition;
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'configurer']) cookies[login] = await ctx.login(login);
});
afterAll(async () => ctx?.close());

describe('workflow definition drafts', () => {
  it('only configurers draft, save, read the impact of and publish versions (others 403)', async () => {
    for (const login of ['customer', 'staff']) {
      expect((await call(login, 'POST', '/drafts', {})).status).toBe(403);
      expect((await call(login, 'GET', '/drafts/1')).status).toBe(403);
      expect((await call(login, 'PUT', '/drafts/1', { definition: DEFAULT, revision: 1 })).status).toBe(403);
      expect((await call(login, 'POST', '/drafts/1/publish', { inForceVersion: 1, revision: 1 })).status).toBe(403);
      expect((await call(login, 'DELETE', '/drafts/1')).status).toBe(403);
    }
    expect(await ctx.db.select().from(workflowDefinitions)).toHaveLength(0);
  });

  it('the shipped default is version 1; a draft copies it; saving checks the schema (422) and the revision (409)', async () => {
    expect(await inForce()).toBe(1);
    const draft = await newDraft();
    expect(draft).toMatchObject({ version: 2, revision: 1, basedOn: 1, problems: [] });
    const broken = { ...DEFAULT, states: [{ key: 'X', unitTypes: ['castle'] }] };
    const refused = await expectErrorShape(await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: broken, revision: 1 }), 422);
    expect(refused.some((message) => message.text.includes('/states/0/unitTypes/0'))).toBe(true);
    expect((await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: DEFAULT, revision: 1, extra: true })).status).toBe(400);
    expect((await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: DEFAULT, revision: 1, layout: { x: 'nope' } })).status).toBe(400);

    // Half done: a state no way reaches. It saves, with its problems; publishing refuses it with them.
    const halfDone = structuredClone(DEFAULT);
    halfDone.states.push({ key: 'TechnicalReview', unitTypes: ['approvallot'] });
    const saved = await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: halfDone, revision: 1, layout: { 'approvallot.standard': { TechnicalReview: { x: 10, y: 20 } } } });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Draft;
    expect(body.revision).toBe(2);
    expect(body.problems.join('\n')).toContain('approvallot.standard: state TechnicalReview: no way leads there');
    expect(body.checks).toEqual(expect.arrayContaining([{ kind: 'unreachable', view: 'approvallot.standard', state: 'TechnicalReview' }, { kind: 'deadEnd', view: 'approvallot.standard', state: 'TechnicalReview' }]));
    expect((await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: DEFAULT, revision: 1 })).status).toBe(409);
    const invalid = await expectErrorShape(await call('configurer', 'POST', `/drafts/${draft.version}/publish`, { inForceVersion: 1, revision: 2 }), 422);
    expect(invalid.map((message) => message.text).join('\n')).toContain('TechnicalReview');
    expect(await inForce()).toBe(1);
    expect((await call('configurer', 'DELETE', `/drafts/${draft.version}`)).status).toBe(204);
    expect((await call('configurer', 'GET', `/drafts/${draft.version}`)).status).toBe(404);
  });

  it('publishing with units in a removed state needs a mapping (409), then moves them with a journal entry each', async () => {
    const draft = await newDraft();
    const saved = await call('configurer', 'PUT', `/drafts/${draft.version}`, { definition: withoutFirstReview(), revision: draft.revision });
    expect(saved.status).toBe(200);
    const { revision } = (await saved.json()) as Draft;
    const impact = (await (await call('configurer', 'GET', `/drafts/${draft.version}/impact`)).json()) as { inForceVersion: number; removedStates: unknown[]; problems: string[] };
    expect(impact.problems).toEqual([]);
    expect(impact.removedStates).toContainEqual({ unitType: 'approvallot', tenantType: 'standard', state: 'ReviewPreliminaryDrawings', units: 1 });

    const refused = await expectErrorShape(await call('configurer', 'POST', `/drafts/${draft.version}/publish`, { inForceVersion: impact.inForceVersion, revision }), 409);
    expect(refused[0]).toMatchObject({ reference: 'mapping' });
    expect(refused[0].text).toContain('ReviewPreliminaryDrawings');
    const mapping = [{ unitType: 'approvallot', tenantType: 'standard', state: 'ReviewPreliminaryDrawings', to: 'Nowhere' }];
    await expectErrorShape(await call('configurer', 'POST', `/drafts/${draft.version}/publish`, { inForceVersion: impact.inForceVersion, revision, mapping }), 422);
    const [lot] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.title, 'Bauabschnitt 1'));
    expect(lot.stateKey).toBe('ReviewPreliminaryDrawings');

    mapping[0].to = 'ReviewRevisedDrawings';
    const published = await call('configurer', 'POST', `/drafts/${draft.version}/publish`, { inForceVersion: impact.inForceVersion, revision, mapping });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ version: draft.version, moved: 1 });
    expect(await inForce()).toBe(draft.version);
    const [moved] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.id, lot.id));
    expect(moved).toMatchObject({ stateKey: 'ReviewRevisedDrawings', version: lot.version + 1 });
    const journal = await ctx.db.select().from(projectUnitJournal).where(and(eq(projectUnitJournal.unitId, lot.id), eq(projectUnitJournal.action, 'WorkflowVersionPublished')));
    expect(journal).toEqual([expect.objectContaining({ oldState: 'ReviewPreliminaryDrawings', newState: 'ReviewRevisedDrawings', message: `Workflow version ${draft.version}` })]);
    const versions = (await (await call('configurer', 'GET', '/versions')).json()) as { version: number; status: string }[];
    expect(versions.map((version) => [version.version, version.status])).toEqual(expect.arrayContaining([[1, 'retired'], [draft.version, 'published']]));

    // Its labels now override the translation files for everyone, signed in or not.
    const labels = (await (await ctx.request('GET', '/api/workflow-labels/de')).json()) as { messages: { STATES: Record<string, string> } };
    expect(labels.messages.STATES.ReviewRevisedDrawings).toBe('Prüfung');
    expect((await ctx.request('GET', '/api/workflow-labels/fr')).status).toBe(404);
  });

  it('two configurers publishing at once: one wins, the other gets 409', async () => {
    const version = await inForce();
    const [first, second] = [await newDraft(), await newDraft()];
    const answers = await Promise.all(
      [first, second].map((draft) => call('configurer', 'POST', `/drafts/${draft.version}/publish`, { inForceVersion: version, revision: draft.revision })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? first : second;
    expect(await inForce()).toBe(winner.version);
    const published = await ctx.db.select().from(workflowDefinitions).where(eq(workflowDefinitions.status, 'published'));
    expect(published.map((row) => row.version)).toEqual([winner.version]);
    // The loser builds on an old version: published again, it is refused until it names the one in force.
    const loser = winner === first ? second : first;
    expect((await call('configurer', 'POST', `/drafts/${loser.version}/publish`, { inForceVersion: version, revision: loser.revision })).status).toBe(409);
  });

  it('the direct PUT goes through the same publish path: stranded units without a mapping are refused', async () => {
    const definition = ((await (await call('configurer', 'GET', '')).json()) as { definition: WorkflowDefinition }).definition;
    definition.states = definition.states.filter((state) => state.key !== 'Preparing' || !state.unitTypes.includes('approvallot'));
    for (const transition of definition.transitions) transition.from = transition.from.filter((from) => from !== 'Preparing' || !transition.unitTypes.includes('approvallot'));
    definition.transitions = definition.transitions.filter((transition) => transition.from.length);
    for (const transition of definition.transitions)
      for (const effect of transition.effects ?? []) if (effect.type === 'move-units' && effect.to === 'Preparing' && effect.unitTypes.includes('approvallot')) effect.to = 'ReviewRevisedDrawings';
    definition.escalations = definition.escalations.filter((rule) => rule.state !== 'Preparing' || !rule.unitTypes.includes('approvallot'));
    const response = await ctx.request('PUT', '/api/workflow-definition', { cookie: cookies.configurer, body: { definition } });
    const messages = await expectErrorShape(response, 409);
    expect(messages.map((message) => message.text).join()).toContain('Preparing');
  });
});

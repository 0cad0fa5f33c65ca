import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import { workflowChecks } from '../../src/domain/workflowChecks.js';
import { draftCreateSchema, draftUpdateSchema, labelMessages, publishSchema } from '../../src/domain/workflowVersions.js';
import { isLanguage } from '../../src/domain/languages.js';
import { workflowDefinitions } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { parseId } from '../lib/rest-query.js';
import { activeWorkflow, workflowProblems } from '../lib/workflow-definition.js';
import { createDraft, invalidDefinition, publish, publishImpact, publishProblems } from '../lib/workflow-versions.js';
import { readBody } from '../lib/validation.js';

const draftView = (row: typeof workflowDefinitions.$inferSelect, inForce: WorkflowDefinition) => ({
  version: row.version,
  revision: row.revision,
  basedOn: row.basedOn,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  definition: row.definition,
  layout: row.layout,
  /** What stops publishing (empty: it can be published). */
  problems: publishProblems(inForce, row.definition),
  checks: workflowProblems(row.definition).length ? [] : workflowChecks(row.definition as unknown as WorkflowDefinition),
});

async function draftRow(c: { get: (key: 'db') => AppEnv['Variables']['db'] }, version: number) {
  const [row] = await c.get('db').select().from(workflowDefinitions).where(and(eq(workflowDefinitions.version, version), eq(workflowDefinitions.status, 'draft')));
  if (!row) throw ApiError.notFound();
  return row;
}

/** Drafts of the workflow definition (mounted under `api/workflow-definition`, behind its configurer check). */
export const workflowDraftRoutes = new Hono<AppEnv>();

workflowDraftRoutes.post('/', async (c) => {
  const parsed = await readBody(c, draftCreateSchema);
  const row = await createDraft(c.get('db'), c.get('user')!, parsed.comment ?? '');
  return c.json(draftView(row, (await activeWorkflow(c.get('db'))).definition), 201);
});

workflowDraftRoutes.get('/:version', async (c) => {
  const row = await draftRow(c, parseId(c.req.param('version')));
  return c.json(draftView(row, (await activeWorkflow(c.get('db'))).definition));
});

/** Saves a draft: it must have the schema's shape (422 otherwise); the remaining problems only stop publishing. */
workflowDraftRoutes.put('/:version', async (c) => {
  const version = parseId(c.req.param('version'));
  const parsed = await readBody(c, draftUpdateSchema);
  const problems = workflowProblems(parsed.definition);
  if (problems.length) throw invalidDefinition(problems);
  const { definition, layout, comment, revision } = parsed;
  const [row] = await c
    .get('db')
    .update(workflowDefinitions)
    .set({ definition, ...(layout ? { layout } : {}), ...(comment !== undefined ? { comment } : {}), revision: sql`${workflowDefinitions.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(workflowDefinitions.version, version), eq(workflowDefinitions.status, 'draft'), eq(workflowDefinitions.revision, revision)))
    .returning();
  if (!row) {
    await draftRow(c, version);
    throw ApiError.conflict('WORKFLOW.Versions.DraftChanged');
  }
  return c.json(draftView(row, (await activeWorkflow(c.get('db'))).definition));
});

workflowDraftRoutes.delete('/:version', async (c) => {
  const version = parseId(c.req.param('version'));
  const deleted = await c
    .get('db')
    .delete(workflowDefinitions)
    .where(and(eq(workflowDefinitions.version, version), eq(workflowDefinitions.status, 'draft')))
    .returning({ version: workflowDefinitions.version });
  if (!deleted.length) throw ApiError.notFound();
  return c.body(null, 204);
});

/** What publishing would do to the units under way (the publish dialog shows it first). */
workflowDraftRoutes.get('/:version/impact', async (c) => {
  const db = c.get('db');
  const row = await draftRow(c, parseId(c.req.param('version')));
  const active = await activeWorkflow(db);
  const problems = publishProblems(active.definition, row.definition);
  const impact = problems.length ? { removedStates: [], taskRoleChanges: [], escalationChanges: [] } : await publishImpact(db, active.definition, row.definition as unknown as WorkflowDefinition);
  return c.json({ inForceVersion: active.version, revision: row.revision, problems, ...impact });
});

workflowDraftRoutes.post('/:version/publish', async (c) => {
  const version = parseId(c.req.param('version'));
  const parsed = await readBody(c, publishSchema);
  const result = await publish(c.get('db'), c.get('user')!, { draft: { version, revision: parsed.revision }, inForceVersion: parsed.inForceVersion, mapping: parsed.mapping });
  return c.json({ version: result.version, publishedAt: result.publishedAt.toISOString(), moved: result.moved.length });
});

/**
 * `GET api/workflow-labels/{language}`: the labels of the definition in force as translation messages, for everyone
 * (like the translation files, whose keys they override): a configurer's new state shows its label, not its key.
 */
export const workflowLabelRoutes = new Hono<AppEnv>();

workflowLabelRoutes.get('/:language', async (c) => {
  const language = c.req.param('language');
  if (!isLanguage(language)) throw ApiError.notFound();
  const { version, definition } = await activeWorkflow(c.get('db'));
  c.header('Cache-Control', 'no-cache');
  return c.json({ version, messages: labelMessages(definition.labels, language) });
});

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { canManageWorkflow, checkDataRequestSchema, definitionUpdateSchema, stateRequestSchema } from '../../src/domain/workflow.js';
import type { SessionUser } from '../../src/domain/user.js';
import { users, workflowDefinitions } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { parseId } from '../lib/rest-query.js';
import { cachedList } from '../lib/list-cache.js';
import { TASK_TABLES, taskCount, taskPage, userTasks } from '../lib/tasks.js';
import { applyTransition, currentProjectCount } from '../lib/workflow.js';
import { activeWorkflow, WORKFLOW_SCHEMA, workflowProblems } from '../lib/workflow-definition.js';
import { listVersions, publish } from '../lib/workflow-versions.js';
import { readBody } from '../lib/validation.js';

function sessionUser(user: SessionUser | null | undefined): SessionUser {
  if (!user) throw ApiError.unauthorized();
  return user;
}

/** State changes: `PUT …/projectunitstates/{id}` and the CCL check-data toggle. */
export const projectUnitStateRoutes = new Hono<AppEnv>();

projectUnitStateRoutes.put('/:id', async (c) => {
  const user = sessionUser(c.get('user'));
  const id = parseId(c.req.param('id'));
  const parsed = await readBody(c, stateRequestSchema);
  if (parsed.projectUnitID !== id) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', 'projectUnitID');
  const { requirements, action, message, version } = parsed;
  const result = await applyTransition(c.get('db'), user, id, { requirements, action, message, version, call: 'state-update' });
  return c.json(result);
});

projectUnitStateRoutes.post('/ccl-check-data', async (c) => {
  const user = sessionUser(c.get('user'));
  const parsed = await readBody(c, checkDataRequestSchema);
  const { unitID, rootUnitID, message } = parsed;
  if (unitID !== rootUnitID) throw ApiError.badRequest('WORKFLOW.Errors.CheckDataOnRoot', 'unitID');
  const result = await applyTransition(c.get('db'), user, unitID, { message, call: 'ccl-check-data' });
  return c.json(result);
});

/** The caller's open tasks (derived, never stored): a list resource of the simple-rest contract. */
export const taskRoutes = new Hono<AppEnv>();

taskRoutes.get('/', async (c) => {
  const user = sessionUser(c.get('user'));
  return cachedList(c, user, async () => {
    const { tasks, start, total } = await taskPage(c.get('db'), user, new URL(c.req.url).searchParams);
    c.header('Content-Range', `tasks ${start}-${tasks.length ? start + tasks.length - 1 : start}/${total}`);
    return c.json(tasks);
  }, TASK_TABLES);
});

taskRoutes.get('/:id', async (c) => {
  const [task] = await userTasks(c.get('db'), sessionUser(c.get('user')), { unitId: parseId(c.req.param('id')) });
  if (!task) throw ApiError.notFound();
  return c.json(task);
});

/** Dashboard counters (the workflow counter lives with the Workflows page's resources). */
export const dashboardRoutes = new Hono<AppEnv>();

dashboardRoutes.get('/taskCount', async (c) => {
  const user = sessionUser(c.get('user'));
  return cachedList(c, user, async () => c.json({ count: await taskCount(c.get('db'), user) }), TASK_TABLES);
});
dashboardRoutes.get('/projectCount', async (c) => {
  const user = sessionUser(c.get('user'));
  return cachedList(c, user, async () => c.json({ count: await currentProjectCount(c.get('db'), user) }));
});

/** The workflow definition: configurers read it and save new versions; every version is kept. */
export const workflowDefinitionRoutes = new Hono<AppEnv>();

workflowDefinitionRoutes.use('*', async (c, next) => {
  if (!canManageWorkflow(sessionUser(c.get('user')))) throw ApiError.forbidden();
  await next();
});

workflowDefinitionRoutes.get('/', async (c) => {
  const db = c.get('db');
  const active = await activeWorkflow(db);
  const [row] = active.version
    ? await db
        .select({ createdAt: workflowDefinitions.createdAt, comment: workflowDefinitions.comment, createdBy: users.login })
        .from(workflowDefinitions)
        .leftJoin(users, eq(users.id, workflowDefinitions.createdBy))
        .where(eq(workflowDefinitions.version, active.version))
    : [];
  return c.json({ version: active.version, definition: active.definition, createdAt: row?.createdAt?.toISOString() ?? null, createdBy: row?.createdBy ?? null, comment: row?.comment ?? '' });
});

workflowDefinitionRoutes.get('/schema', (c) => c.json(WORKFLOW_SCHEMA));

workflowDefinitionRoutes.get('/versions', async (c) => c.json(await listVersions(c.get('db'))));

workflowDefinitionRoutes.put('/', async (c) => {
  const user = sessionUser(c.get('user'));
  const parsed = await readBody(c, definitionUpdateSchema);
  const problems = workflowProblems(parsed.definition);
  if (problems.length) {
    throw new ApiError(
      422,
      problems.map((text) => ({ key: 'WORKFLOW.Errors.InvalidDefinition', params: { problem: text }, reference: 'definition' })),
    );
  }
  // In force at once, through the same publish path as a draft (stranded units: 409; docs/decisions-workflow-structure.md).
  const saved = await publish(c.get('db'), user, { definition: parsed.definition, comment: parsed.comment });
  return c.json({ version: saved.version, createdAt: saved.publishedAt.toISOString() }, 201);
});


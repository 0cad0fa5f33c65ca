// The EXPLAIN guard (issue #36): every list, search and My Tasks query, as the routes send it, is planned by
// PostgreSQL on a scale-shaped data set (the bench's generator at 2,000 root projects = 40,000 units, 4,000 users,
// 100,000 journal entries, ANALYZEd) and must not read project units, the journal, members or order rows with a sequential
// scan. The statements are captured at the connection pool (PostgreSQL) or the PGlite client while the app answers,
// then EXPLAINed as the database runs them: on PostgreSQL with their own parameters; on the embedded database, which
// plans every statement once (server/db/pglite-named-statements.ts), its generic plan — pattern matches, planned for
// their pattern each time, with their own parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/client.js';
import { matchesPattern } from '../../server/db/named-statements.js';
import { generateScaleData, scaleLogin } from '../bench/scale-data.js';
import { createTestContext, type TestContext } from './helpers.js';

/**
 * Tables a list must never read whole (the issue names units, the journal and tasks, which are units). Escalations
 * too since My Tasks reads a shown unit's delayed flag as a column looked up per row (until then its own query, for
 * which the planner rightly scanned the test's 3,200 escalations).
 */
const GUARDED = ['project_units', 'project_unit_journal', 'project_members', 'aac_order_items', 'workflow_escalations'];

interface Captured {
  text: string;
  values: unknown[];
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const q = (query: Record<string, unknown>) =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');
const list = (resource: string, query: Record<string, unknown>) => `/api/data/planxchange/${resource}?${q(query)}`;

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const embedded = !process.env.TEST_DATABASE_URL;

describe(`EXPLAIN guard on a scale-shaped database (${embedded ? 'embedded' : 'PostgreSQL'})`, () => {
  let t: TestContext;
  let captured: Captured[] | undefined;
  let pool: { query: (...args: unknown[]) => Promise<unknown>; exec?: (text: string) => Promise<{ rows: Record<string, unknown>[] }[]> };
  let customer: string;
  let staff: string;
  let rootId: number;
  let staffRootId: number;

  beforeAll(async () => {
    t = await createTestContext();
    await generateScaleData(t.db, { roots: 2_000, users: 4_000, journalPerUnit: 5 });
    pool = (t.db as unknown as { $client: typeof pool }).$client;
    const query = pool.query.bind(pool);
    // node-postgres: query(config | text, values); PGlite: query(text, params, options).
    pool.query = (...args: unknown[]) => {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (captured) captured.push(typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? values ?? [] });
      return query(...args);
    };
    // scale-user-1 is a customer member of a few projects; every 50th is staff of a tenant.
    customer = await t.login(scaleLogin(1));
    staff = await t.login(scaleLogin(50));
    [{ rootId }] = rowsOf<{ rootId: number }>(
      await t.db.execute(sql`select pm.root_id as "rootId" from project_members pm join users u on u.id = pm.user_id where u.login = ${scaleLogin(1)} order by pm.root_id limit 1`),
    );
    [{ staffRootId }] = rowsOf<{ staffRootId: number }>(
      await t.db.execute(sql`select p.id as "staffRootId" from project_units p join user_tenants ut on ut.tenant_id = p.tenant_id join users u on u.id = ut.user_id
        where u.login = ${scaleLogin(50)} and p.type = 'project' and p.number like 'S%' order by p.id limit 1`),
    );
  }, 300_000);
  afterAll(() => t?.close());

  /** The plans of every SELECT the request sends; the answer must be 200. */
  async function plansOf(path: string, cookie: string): Promise<{ sql: string; plan: PlanNode; text: () => Promise<string> }[]> {
    captured = [];
    const response = await t.request('GET', path, { cookie });
    const statements = captured.filter((statement) => /^\s*(with|select)\b/i.test(statement.text) && !/^\s*select 1\s*$/i.test(statement.text));
    captured = undefined;
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    const plans = [];
    for (const statement of statements) {
      // What runs on the embedded database: a statement's generic plan (no parameters), a pattern match's custom one.
      const generic = embedded && !matchesPattern(statement.text);
      const explain = async (options: string) => {
        if (generic) return (await pool.exec!(`explain (${['generic_plan', options].filter(Boolean).join(', ')}) ${statement.text}`))[0].rows;
        const query = `explain ${options ? `(${options}) ` : ''}${statement.text}`;
        const result = (await (embedded ? pool.query(query, statement.values) : pool.query({ text: query, values: statement.values }))) as { rows: Record<string, unknown>[] };
        return result.rows;
      };
      const [{ 'QUERY PLAN': json }] = (await explain('format json')) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
      plans.push({ sql: statement.text, plan: json[0].Plan, text: async () => (await explain('')).map((row) => row['QUERY PLAN']).join('\n') });
    }
    return plans;
  }

  const cases: [string, () => string, () => string][] = [
    ['unit list (lots of a project)', () => customer, () => list('projects', { filter: { rootProjectUnitID: rootId, projectUnitType: 'approvallot' }, range: [0, 24], sort: ['projectUnitNo', 'ASC'] })],
    ['unit list (children of a unit)', () => customer, () => list('projects', { filter: { parentProjectUnitID: rootId }, range: [0, 999], sort: ['projectUnitNo', 'ASC'] })],
    ['current projects (customer)', () => customer, () => list('projects', { filter: { state: 'current' }, range: [0, 24], sort: ['stateSince', 'DESC'] })],
    ['current projects (staff)', () => staff, () => list('projects', { filter: { state: 'current' }, range: [0, 24], sort: ['stateSince', 'DESC'] })],
    ['closed projects (staff)', () => staff, () => list('projects', { filter: { state: 'closed' }, range: [0, 24], sort: ['stateSince', 'DESC'] })],
    ['My Tasks (customer)', () => customer, () => `/api/tasks?${q({ sort: ['changedOn', 'DESC'], range: [0, 24], filter: {} })}`],
    ['My Tasks (staff)', () => staff, () => `/api/tasks?${q({ sort: ['changedOn', 'DESC'], range: [0, 24], filter: {} })}`],
    ['My Tasks searched (staff)', () => staff, () => `/api/tasks?${q({ sort: ['changedOn', 'DESC'], range: [0, 24], filter: { q: 'Los 3' } })}`],
    ['search (customer)', () => customer, () => list('projectunitssearch', { filter: { q: 'Los 1' }, range: [0, 19], sort: ['projectUnitNo', 'ASC'] })],
    ['search (staff)', () => staff, () => list('projectunitssearch', { filter: { q: 'Los 1' }, range: [0, 19], sort: ['projectUnitNo', 'ASC'] })],
    ['journal of a project', () => staff, () => list('project-unit-journal', { filter: { rootProjectUnitID: staffRootId }, range: [0, 24], sort: ['date', 'DESC'] })],
    ['task counter (staff)', () => staff, () => '/api/data/planxchange/dashboard/taskCount'],
    ['project counter (staff)', () => staff, () => '/api/data/planxchange/dashboard/projectCount'],
  ];

  it.each(cases)('%s reads no guarded table sequentially (and memoizes nothing on PostgreSQL)', async (_name, cookie, path) => {
    const plans = await plansOf(path(), cookie());
    expect(plans.length).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const { sql: text, plan, text: shown } of plans) {
      const found: string[] = [];
      walk(plan, (node) => {
        if (node['Node Type'] === 'Seq Scan' && GUARDED.includes(node['Relation Name'] ?? '')) found.push(`sequential scan of ${node['Relation Name']}`);
        // PostgreSQL's connections switch Memoize off (server/db/client.ts SESSION_SETTINGS): a page walk must not
        // set up a cache sized for the whole walk.
        if (!embedded && node['Node Type'] === 'Memoize') found.push('a Memoize node');
      });
      if (found.length) scans.push(`${found.join(', ')} in:\n${text}\n${await shown()}`);
    }
    expect(scans, scans.join('\n\n')).toEqual([]);
  });
});

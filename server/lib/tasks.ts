import { and, asc, desc, eq, gt, ilike, inArray, notInArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CLOSED_STATES, MEMBER_ROLES, UNIT_TYPES } from '../../src/domain/projectUnits.js';
import { NO_MEMBERSHIP, OTHER_MEMBER, taskTable, type TaskTableRow } from '../../src/domain/taskTable.js';
import type { Task } from '../../src/domain/tasks.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import type { Db, Tx } from '../db/client.js';
import { projectMembers, projectUnits, tenants, workflowEscalations } from '../db/schema.js';
import { reading } from './list-cache.js';
import { placeholder, preparedQuery } from '../db/prepared.js';
import { preparedVisibility, visibleUnits } from './project-access.js';
import { containsPattern } from './rest-query.js';
import { cappedCount, listQuery, PAGE_PLACEHOLDERS, pageBounds, type PageBounds, type ResourceDefinition } from './rest.js';
import { activeWorkflow } from './workflow-definition.js';

/**
 * The caller's open tasks, derived, never stored: units the user sees, in a state whose task the user's roles on the
 * project carry (the domain's rule as the user's task table, `taskTable`), of a project that is not closed. Paged,
 * sorted, filtered and counted by the database (ra-data-simple-rest's list contract, like every list of the API).
 */

/** Every table a task page or count reads (the list cache keeps its answers while other tables change). */
export const TASK_TABLES = reading('project_units', 'project_members', 'tenants', 'workflow_escalations', 'workflow_definitions');

/** The unit's project (root) and parent, looked up under these names. */
const root = alias(projectUnits, 'root_unit');
const parent = alias(projectUnits, 'parent_unit');

/*
 * The project and the parent are not joined but looked up: a title as a scalar subquery of the row (PostgreSQL
 * computes it for the rows shown only, after the sort and the limit), the open project as `exists`. Joined, they made
 * the page a five-table join, and PostgreSQL plans staff's page anew on each request (its generic plan is the slow
 * one at a million units, docs/decisions.md #36): the parent's join alone was ~0.5 ms of the ~1.2 ms it planned, the
 * root's cost a walk of the state-since index at a million units. Measured on the bench's data and the million-unit
 * set (named statement, one at a time): the page with its count 2.8 → 2.2 ms and 7–8 → 4–5 ms.
 */
/** The project's title. */
const rootTitle = sql<string>`(select ${root.title} from ${projectUnits} as "root_unit" where ${root.id} = ${projectUnits.rootId})`;
/** The parent's title (none for a project). */
const parentTitle = sql<string | null>`(select ${parent.title} from ${projectUnits} as "parent_unit" where ${parent.id} = ${projectUnits.parentId})`;
/** The unit's project is not closed (tasks end with their project). */
const openProject = sql`exists (select 1 from ${projectUnits} as "root_unit" where ${root.id} = ${projectUnits.rootId} and ${notInArray(root.stateKey, [...CLOSED_STATES])})`;

/** How the rule keys a combination: state, unit type, tenant type and membership, joined by `|`. */
const ruleKey = (row: Pick<TaskTableRow, 'stateKey' | 'unitType' | 'tenantType' | 'membership'>) => [row.stateKey, row.unitType, row.tenantType, row.membership].join('|');

/** A combination in SQL, keyed as `ruleKey` does (the membership named as `membershipOf` does). */
const keySql = (stateKey: SQLWrapper, type: SQLWrapper, tenantType: SQLWrapper, role: SQLWrapper) =>
  sql`(${stateKey} || '|' || ${type} || '|' || ${tenantType} || '|' || (case when ${role} is null then ${NO_MEMBERSHIP} when ${role} = any(${sql.param([...MEMBER_ROLES])}::text[]) then ${role} else ${OTHER_MEMBER} end))`;
/** The joined unit's combination. */
const unitKey = keySql(projectUnits.stateKey, projectUnits.type, tenants.type, projectMembers.role);
/** A group's combination in the count (`g`). */
const groupKey = keySql(sql.raw('g.state_key'), sql.raw('g.unit_type'), sql.raw('g.tenant_type'), sql.raw('g.member_role'));

interface TaskRule {
  /** Tells rules apart in this process (the key of the queries prepared for it). */
  id: number;
  /** The unit is a task of the user: its combination is in the table (one array parameter; the database hashes it). */
  isTask: SQL;
  /** The same for a group of units in the count. */
  isTaskGroup: SQL;
  /** The unit's task key. */
  taskKey: SQL;
  /** States in which this user can have a task at all (the index narrows the units to these first). */
  stateKeys: string[];
}

/**
 * The user's rule and the list built on it, made once per task table (`taskTable` keeps one per definition and kind of
 * user): built per request, the list's filter schemas and the rule's SQL were a tenth of a My Tasks request's CPU.
 */
const rules = new WeakMap<TaskTableRow[], { rule: TaskRule | null; resource: ResourceDefinition }>();

function taskRuleAndList(definition: WorkflowDefinition, user: SessionUser): { rule: TaskRule | null; resource: ResourceDefinition } {
  const rows = taskTable(definition, user);
  let made = rules.get(rows);
  if (!made) {
    const rule = makeTaskRule(rows);
    rules.set(rows, (made = { rule, resource: taskResource(rule) }));
  }
  return made;
}

let rulesMade = 0;

function makeTaskRule(rows: TaskTableRow[]): TaskRule | null {
  if (!rows.length) return null;
  const keys = sql`${sql.param(rows.map(ruleKey))}::text[]`;
  return {
    id: ++rulesMade,
    isTask: sql`${unitKey} = any(${keys})`,
    isTaskGroup: sql`${groupKey} = any(${keys})`,
    taskKey: sql<string>`(${sql.param(rows.map((row) => row.taskKey))}::text[])[array_position(${keys}, ${unitKey})]`,
    stateKeys: [...new Set(rows.map((row) => row.stateKey))],
  };
}

/** The user's id, as a value or as a prepared query's placeholder. */
type UserId = number | Placeholder;

/** The FROM clause the page and its count share (the count repeats it as an uncorrelated subquery). */
function fromClause(userId: UserId): SQL {
  return sql`${projectUnits} ${joins(userId)}`;
}

/** What a unit is joined with: its tenant and the user's membership (the rule's inputs). */
function joins(userId: UserId): SQL {
  return sql`inner join ${tenants} on ${tenants.id} = ${projectUnits.tenantId} left join ${projectMembers} on ${projectMembers.rootId} = ${projectUnits.rootId} and ${projectMembers.userId} = ${userId}`;
}

/**
 * The exact count (the dashboard's counter): the units the user sees in a task state are counted per project, tenant,
 * type and state in one pass over the index, and the groups take the units' place under the name `project_units` —
 * so the very same conditions (the access rule, the open project, the task rule) apply to a few groups instead of
 * every unit. The pass reads only the user's own units (their projects' through the member index, or their tenants').
 */
function groupCountSql(user: SessionUser, rule: TaskRule, where: SQL): SQL<number> {
  const groups = sql`select root_id, tenant_id, type, state_key, count(*) as n from ${projectUnits} where ${projectUnits.stateKey} = any(${sql.param(rule.stateKeys)}::text[]) and ${visibleUnits(user)} group by root_id, tenant_id, type, state_key`;
  return sql<number>`(select coalesce(sum("project_units".n), 0) from (${groups}) as "project_units" ${joins(user.id)} where ${where} and ${rule.isTask})`;
}

const delayedSql = sql<boolean>`exists (select 1 from ${workflowEscalations} e where e.unit_id = ${projectUnits.id} and e.state_since = ${projectUnits.stateSince})`;
/**
 * Whether a shown unit is delayed (escalated in its current stay), as a column of the page: a scalar subquery, looked
 * up in the escalations' index for each row shown (PostgreSQL computes it after the sort and limit). Written as
 * `exists`, the planner could hash every escalation instead (a scan of the table); it was a query of its own until #36
 * counted the round trips of a page.
 */
const delayedColumn = sql<boolean>`coalesce((select true from ${workflowEscalations} e where e.unit_id = ${projectUnits.id} and e.state_since = ${projectUnits.stateSince} limit 1), false)`;

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(50)]);
const anyOf = (column: typeof projectUnits.type | typeof projectUnits.stateKey, value: string | string[]) =>
  Array.isArray(value) ? inArray(column, value.length ? value : ['-']) : eq(column, value);

/** The list as a resource definition, so that `sort`/`range`/`filter` parse and fail exactly as every other list's. */
function taskResource(rule: TaskRule | null): ResourceDefinition {
  const taskKey = rule?.taskKey ?? sql`null::text`;
  const stateKeys = rule?.stateKeys ?? [];
  return {
    name: 'tasks',
    table: projectUnits,
    id: projectUnits.id,
    sortable: {
      id: projectUnits.id,
      changedOn: projectUnits.stateSince,
      projectUnitNo: projectUnits.number,
      unitTitle: projectUnits.title,
      rootUnitTitle: rootTitle,
      projectUnitType: projectUnits.type,
      stateKey: projectUnits.stateKey,
      taskKey,
    },
    defaultSort: ['changedOn', 'DESC'],
    filters: {
      rootProjectUnitID: { schema: z.number().int().positive(), where: (value: number) => eq(projectUnits.rootId, value) },
      projectUnitID: { schema: z.number().int().positive(), where: (value: number) => eq(projectUnits.id, value) },
      // The unit and every unit below it (the project page's "Next steps", issue #39): its subtree, walked by parent.
      underUnitID: {
        schema: z.number().int().positive().max(2_147_483_647),
        where: (value: number) =>
          sql`${projectUnits.id} in (with recursive below(id) as (select ${value}::int union all select u.id from ${projectUnits} u join below on u.parent_id = below.id) select id from below)`,
      },
      projectUnitType: { schema: oneOrMany(z.enum(UNIT_TYPES)), where: (value: string | string[]) => anyOf(projectUnits.type, value) },
      stateKey: { schema: oneOrMany(z.string().min(1).max(40)), where: (value: string | string[]) => anyOf(projectUnits.stateKey, value) },
      taskKey: {
        schema: oneOrMany(z.string().min(1).max(40)),
        where: (value: string | string[]) => (Array.isArray(value) ? sql`${taskKey} in (${sql.join((value.length ? value : ['-']).map((key) => sql`${key}`), sql`, `)})` : sql`${taskKey} = ${value}`),
      },
      delayed: { schema: z.boolean(), where: (value: boolean) => (value ? delayedSql : sql`not ${delayedSql}`) },
      tenantID: { schema: z.number().int().positive(), where: (value: number) => eq(projectUnits.tenantId, value) },
    },
    search: (q) => {
      const pattern = containsPattern(q);
      return or(ilike(projectUnits.number, pattern), ilike(projectUnits.title, pattern), ilike(rootTitle, pattern));
    },
    // The units a task may be on; which are tasks, the join with the rule decides.
    scope: (user) => taskScope(stateKeys, visibleUnits(user)),
    allow: () => true,
    toRecords: async () => [],
  };
}

/** The units a task may be on (the list's scope), given the units the user sees (values or placeholders). */
function taskScope(stateKeys: string[], visible: SQL): SQL {
  return and(sql`${projectUnits.stateKey} = any(${sql.param(stateKeys)}::text[])`, visible, openProject)!;
}

const taskColumns = (rule: TaskRule) => ({
  id: projectUnits.id,
  rootId: projectUnits.rootId,
  type: projectUnits.type,
  number: projectUnits.number,
  title: projectUnits.title,
  stateKey: projectUnits.stateKey,
  stateSince: projectUnits.stateSince,
  tenantId: projectUnits.tenantId,
  salesOrgId: projectUnits.salesOrgId,
  rootTitle,
  parentTitle,
  taskKey: rule.taskKey,
  delayed: delayedColumn,
});

type TaskRow = { [K in keyof ReturnType<typeof taskColumns>]: unknown } & { __total?: unknown };

/** The task rows as tasks (each row says whether its unit is delayed: `delayedColumn`). */
function toTasks(rows: TaskRow[]): Task[] {
  return rows.map((row) => toTask(row, row.delayed === true));
}

function toTask(row: TaskRow, delayed: boolean): Task {
  const id = row.id as number;
  return {
    id,
    projectUnitID: id,
    rootProjectUnitID: (row.rootId as number | null) ?? id,
    projectUnitNo: row.number as string,
    rootUnitTitle: row.rootTitle as string,
    parentUnitTitle: row.parentTitle as string | null,
    unitTitle: row.title as string,
    projectUnitType: row.type as string,
    stateKey: row.stateKey as string,
    taskKey: row.taskKey as string,
    changedOn: (row.stateSince as Date).toISOString(),
    tenantID: row.tenantId as number,
    salesOrgID: row.salesOrgId as number | null,
    delayed,
  };
}

export interface TaskPage {
  tasks: Task[];
  start: number;
  total: number;
}

/**
 * One page of the caller's tasks for a `sort`/`range`/`filter` query: rows and total in one query (the total as an
 * uncorrelated, capped subquery, as `restResource` lists do); only a page past the end needs a second query for the total.
 */
export async function taskPage(db: Db | Tx, user: SessionUser, params: URLSearchParams): Promise<TaskPage> {
  const { definition } = await activeWorkflow(db);
  const { rule, resource } = taskRuleAndList(definition, user);
  // Without any task the query is still parsed, so that bad input is a 400 all the same.
  const { query, where, order } = listQuery(resource, user, params);
  const { start } = query.range;
  if (!rule) return { tasks: [], start, total: 0 };
  const bounds = pageBounds(query.range);
  const candidates = where ?? sql`true`;
  // My Tasks as it opens (no filter): a query prepared once per rule, sort and kind of user (server/db/prepared.ts).
  const visibility = Object.keys(query.filter).length ? null : preparedVisibility(user);
  const sort = query.sort ? `${query.sort.field}/${query.sort.order}` : '';
  const prepared =
    visibility &&
    preparedQuery(db, `tasks/${rule.id}/${sort}/${visibility.shape}`, (pool) =>
      taskPageQuery(pool, placeholder('userId'), rule, taskScope(rule.stateKeys, visibility.condition()), order, PAGE_PLACEHOLDERS).prepare(undefined as never),
    );
  const rows = (prepared && visibility ? await prepared.execute({ ...visibility.values, ...bounds }) : await taskPageQuery(db, user.id, rule, candidates, order, bounds)) as TaskRow[];
  let total = rows.length ? Number(rows[0].__total) : 0;
  if (!rows.length && start > 0) {
    const [row] = await (db as Db).select({ total: taskTotal(user.id, rule, candidates, bounds.countBound) }).from(sql`(select 1) as one`);
    total = Number(row.total);
  }
  return { tasks: toTasks(rows), start, total };
}

/** A page of tasks with their capped total (values, or a prepared query's placeholders). */
function taskPageQuery(db: Db | Tx, userId: UserId, rule: TaskRule, where: SQL, order: SQL[], bounds: PageBounds) {
  return pageQuery(db, userId, rule, { ...taskColumns(rule), __total: taskTotal(userId, rule, where, bounds.countBound) }, where)
    .orderBy(...order)
    .limit(bounds.limit)
    .offset(bounds.offset);
}

/** The tasks among `where`, counted as every list is: up to COUNT_LOOKAHEAD past the page (rest.ts `cappedCount`). */
const taskTotal = (userId: UserId, rule: TaskRule, where: SQL, bound: number | Placeholder) => cappedCount(sql`${fromClause(userId)} where ${where} and ${rule.isTask}`, bound);

function pageQuery<T extends Record<string, unknown>>(db: Db | Tx, userId: UserId, rule: TaskRule, columns: T, where: SQL) {
  return (db as Db)
    .select(columns as never)
    .from(projectUnits)
    .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
    .leftJoin(projectMembers, and(eq(projectMembers.rootId, projectUnits.rootId), eq(projectMembers.userId, userId)))
    .where(and(where, rule.isTask));
}

/**
 * The caller's tasks without paging, newest change first: one unit's (`unitId`, the details page) or those changed
 * after `changedAfter` (the daily status mail).
 */
export async function userTasks(db: Db | Tx, user: SessionUser, options: { unitId?: number; changedAfter?: Date } = {}): Promise<Task[]> {
  const { definition } = await activeWorkflow(db);
  const { rule, resource } = taskRuleAndList(definition, user);
  if (!rule) return [];
  const where = and(
    resource.scope!(user),
    options.unitId !== undefined ? eq(projectUnits.id, options.unitId) : undefined,
    options.changedAfter ? gt(projectUnits.stateSince, options.changedAfter) : undefined,
  )!;
  const rows = (await pageQuery(db, user.id, rule, taskColumns(rule), where).orderBy(desc(projectUnits.stateSince), asc(projectUnits.id))) as TaskRow[];
  return toTasks(rows);
}

/** How many open tasks the caller has (the dashboard's counter, the daily mail's "open"). */
export async function taskCount(db: Db | Tx, user: SessionUser): Promise<number> {
  const { definition } = await activeWorkflow(db);
  const { rule, resource } = taskRuleAndList(definition, user);
  if (!rule) return 0;
  const [row] = await (db as Db).select({ total: groupCountSql(user, rule, resource.scope!(user)!) }).from(sql`(select 1) as one`);
  return Number(row.total);
}

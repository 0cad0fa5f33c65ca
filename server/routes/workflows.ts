import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { workflowAvailable } from '../../src/domain/tasks.js';
import { displayName, type SessionUser } from '../../src/domain/user.js';
import { ruleText } from '../../src/domain/workflow.js';
import {
  materialsOf,
  WORKFLOW_NOTIFICATIONS_RESOURCE,
  WORKFLOW_ROWS_RESOURCE,
  type WorkflowNotification,
  type WorkflowRow,
} from '../../src/domain/workflowPage.js';
import type { Db } from '../db/client.js';
import { deliveryNotifications, projectUnits, userProfiles, users, workflowEscalations } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { visibleUnits } from '../lib/project-access.js';
import { restResource } from '../lib/rest.js';
import { activeWorkflow } from '../lib/workflow-definition.js';

type NotificationRow = typeof deliveryNotifications.$inferSelect;
type EscalationRow = typeof workflowEscalations.$inferSelect;

/** The row's unit is one the user may see (and, with `also`, meets a further condition on `project_units`). */
function unitVisible(unitId: PgColumn, user: SessionUser, also?: SQL): SQL {
  return sql`exists (select 1 from ${projectUnits} where ${projectUnits.id} = ${unitId} and ${visibleUnits(user)}${also ? sql` and ${also}` : sql``})`;
}

/** Open: the unit is still in the escalated state, in the same stay (it has not moved on and come back). */
export function openVisibleEscalations(user: SessionUser): SQL {
  return unitVisible(
    workflowEscalations.unitId,
    user,
    sql`${projectUnits.stateKey} = ${workflowEscalations.stateKey} and ${projectUnits.stateSince} = ${workflowEscalations.stateSince}`,
  );
}

const parentUnit = alias(projectUnits, 'parent_unit');
const rootUnit = alias(projectUnits, 'root_unit');

/** Number, title, parent and root of the page's units in one query. */
async function unitsById(db: Db, ids: number[]) {
  const rows = !ids.length ? [] : await db
    .select({
      id: projectUnits.id,
      number: projectUnits.number,
      title: projectUnits.title,
      rootId: projectUnits.rootId,
      parentId: projectUnits.parentId,
      parentTitle: parentUnit.title,
      rootNo: rootUnit.number,
      rootTitle: rootUnit.title,
    })
    .from(projectUnits)
    .leftJoin(parentUnit, eq(parentUnit.id, projectUnits.parentId))
    .leftJoin(rootUnit, eq(rootUnit.id, projectUnits.rootId))
    .where(inArray(projectUnits.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Display names of the users who entered data; a deleted account shows as "deleted user". */
async function userNames(db: Db, ids: number[], language: string): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, login: users.login, deletedAt: users.deletedAt, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [
      row.id,
      row.deletedAt ? translate(language, 'PROFILE.DeletedUser') : displayName({ login: row.login, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
    ]),
  );
}

const notificationsResource = restResource({
  name: WORKFLOW_NOTIFICATIONS_RESOURCE,
  table: deliveryNotifications,
  id: deliveryNotifications.id,
  sortable: { id: deliveryNotifications.id, createdOn: deliveryNotifications.createdAt },
  defaultSort: ['createdOn', 'DESC'],
  scope: (user) => unitVisible(deliveryNotifications.unitId, user),
  toRecords: async (db, rows, user) => {
    const list = rows as NotificationRow[];
    const units = await unitsById(db, list.map((row) => row.unitId));
    const names = await userNames(db, list.flatMap((row) => (row.userId === null ? [] : [row.userId])), user.language);
    const records = list.map((row): WorkflowNotification => {
      const unit = units.get(row.unitId);
      const rootId = unit?.rootId ?? row.rootId;
      return {
        id: row.id,
        rootNo: unit?.rootNo ?? '',
        root: unit?.rootTitle ?? '',
        // A lot directly under the root has no subproject.
        subProject: unit && unit.parentId !== rootId ? (unit.parentTitle ?? '') : '',
        approvalLot: unit?.title ?? '',
        createdOn: row.createdAt.toISOString(),
        username: row.userId === null ? '' : (names.get(row.userId) ?? ''),
        materialData: materialsOf(row.materialData),
        rootProjectUnitID: rootId,
        projectUnitID: row.unitId,
      };
    });
    return records as never;
  },
});

const rowsResource = restResource({
  name: WORKFLOW_ROWS_RESOURCE,
  table: workflowEscalations,
  id: workflowEscalations.id,
  sortable: {
    id: workflowEscalations.id,
    createdOn: workflowEscalations.createdAt,
    stateKey: workflowEscalations.stateKey,
    ruleKey: workflowEscalations.ruleKey,
  },
  defaultSort: ['createdOn', 'DESC'],
  scope: openVisibleEscalations,
  toRecords: async (db, rows, user) => {
    const list = rows as EscalationRow[];
    const units = await unitsById(db, list.map((row) => row.unitId));
    const { definition } = await activeWorkflow(db);
    const records = list.map((row): WorkflowRow => {
      const unit = units.get(row.unitId);
      return {
        id: row.id,
        projectUnitNo: unit?.number ?? '',
        title: unit?.title ?? '',
        stateKey: row.stateKey,
        ruleKey: row.ruleKey,
        ruleText: ruleText(
          definition.escalations.find((rule) => rule.key === row.ruleKey),
          user.language,
        ),
        createdOn: row.createdAt.toISOString(),
        rootProjectUnitID: unit?.rootId ?? row.rootId,
        projectUnitID: row.unitId,
      };
    });
    return records as never;
  },
});

/**
 * The Workflows page's resources under api/data/planxchange: `workflow-notifications`, `workflow-rows`
 * (list and one record; no writes; `canAccess` lets only the provider's staff in) and the dashboard's
 * `dashboard/workflowCount`.
 */
export const workflowsRoutes = new Hono<AppEnv>();

workflowsRoutes.route(`/${WORKFLOW_NOTIFICATIONS_RESOURCE}`, notificationsResource);
workflowsRoutes.route(`/${WORKFLOW_ROWS_RESOURCE}`, rowsResource);

workflowsRoutes.get('/dashboard/workflowCount', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  if (!workflowAvailable(user)) return c.json({ count: 0 });
  const [counted] = await c.get('db').select({ count: count() }).from(workflowEscalations).where(openVisibleEscalations(user));
  return c.json({ count: Number(counted.count) });
});

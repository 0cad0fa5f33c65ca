/**
 * The task rule (`taskFor` in ./workflow) as a table for one user, so that a database can apply it to every unit with
 * a join: the task list is paged, sorted and counted where the units are, never loaded whole.
 *
 * Whether a unit is a task of the user depends on four things only: the unit's state and type, its tenant's type,
 * and the user's membership on its project (a member role, a role outside MEMBER_ROLES, or none); internal and admin
 * are the user's own. So `taskFor` itself is asked for every combination, and the combinations that give a task are
 * the table — the rule is not written a second time.
 */
import { MEMBER_ROLES, UNIT_TYPES } from './projectUnits';
import { actorRoles, taskFor, taskStateKeys, type TenantType, type WorkflowDefinition } from './workflow';

/** The membership of a user holding a role outside MEMBER_ROLES (the column is free text), as the table names it. */
export const OTHER_MEMBER = '*other';
/** No membership (staff who see the project through their tenant), as the table names it. */
export const NO_MEMBERSHIP = '*none';
export const TENANT_TYPES: readonly TenantType[] = ['standard', 'ccl'];

/** One combination that gives the user a task. */
export interface TaskTableRow {
  stateKey: string;
  unitType: string;
  tenantType: TenantType;
  /** A member role, OTHER_MEMBER or NO_MEMBERSHIP (see `membershipOf`). */
  membership: string;
  taskKey: string;
}

/** How the table names a membership: the role, OTHER_MEMBER for a role outside MEMBER_ROLES, NO_MEMBERSHIP for none. */
export function membershipOf(role: string | null): string {
  if (role === null) return NO_MEMBERSHIP;
  return (MEMBER_ROLES as readonly string[]).includes(role) ? role : OTHER_MEMBER;
}

const cache = new WeakMap<WorkflowDefinition, Map<string, TaskTableRow[]>>();

/** Every combination for which `taskFor` gives this user a task (computed once per definition and user kind). */
export function taskTable(definition: WorkflowDefinition, user: { isInternal: boolean; isAdmin: boolean }): TaskTableRow[] {
  const kind = `${user.isInternal}/${user.isAdmin}`;
  let byKind = cache.get(definition);
  if (!byKind) cache.set(definition, (byKind = new Map()));
  const known = byKind.get(kind);
  if (known) return known;
  const rows: TaskTableRow[] = [];
  const memberships = [...MEMBER_ROLES, OTHER_MEMBER, NO_MEMBERSHIP];
  for (const stateKey of taskStateKeys(definition))
    for (const unitType of UNIT_TYPES)
      for (const tenantType of TENANT_TYPES)
        for (const membership of memberships) {
          const role = membership === NO_MEMBERSHIP ? null : membership;
          const task = taskFor(definition, { type: unitType, stateKey }, tenantType, actorRoles({ role, isInternal: user.isInternal, isAdmin: user.isAdmin }));
          if (task) rows.push({ stateKey, unitType, tenantType, membership, taskKey: task.taskKey });
        }
  byKind.set(kind, rows);
  return rows;
}

/**
 * The task rule (`taskFor` in ./workflow) unrolled for one user, so that a database can apply it to every unit in
 * one query: the task list is paged, sorted and counted where the units are, never loaded whole.
 *
 * `taskFor` takes the FIRST state of the definition with the unit's key, type and tenant type; its task applies when
 * one of the task's roles is among the actor's roles (`actorRoles`: the member role on the project, internal or
 * external, admin). For one user, internal and admin are fixed, so a task's roles come down to "which member
 * roles (or none) make it apply" — computed here with `actorRoles` itself, so the two cannot drift apart.
 */
import { MEMBER_ROLES } from './projectUnits';
import { actorRoles, type TenantType, type WorkflowDefinition } from './workflow';

/** Which memberships on the unit's project make a task apply for the user. */
export interface TaskAudience {
  /** Member roles that make it apply. */
  memberRoles: string[];
  /** A membership with a role outside MEMBER_ROLES (the column is free text) makes it apply. */
  otherMembers: boolean;
  /** It applies without a membership (staff who see the project through their tenant). */
  nonMembers: boolean;
}

/** One state of the definition that has a task key: in order, the first whose key, type and tenant type match decides. */
export interface TaskBranch {
  stateKey: string;
  unitTypes: string[];
  /** Undefined: every tenant type. */
  tenantTypes?: TenantType[];
  /** Null: the state has no task (it still shadows later states with the same key). */
  taskKey: string | null;
  audience: TaskAudience;
}

/** A role name no member can hold: stands for "a membership with a role outside MEMBER_ROLES". */
const OTHER_ROLE = '\u0000other';

/**
 * The definition's task states for this user, in the definition's order (see the module comment). A state whose task
 * this user can never hold counts as one without a task; such a state is kept only while it shadows a later one with
 * the same key, so that the database evaluates as little as possible.
 */
export function taskBranches(definition: WorkflowDefinition, user: { isInternal: boolean; isAdmin: boolean }): TaskBranch[] {
  const applies = (roles: readonly string[], role: string | null) => {
    const actor = actorRoles({ role, isInternal: user.isInternal, isAdmin: user.isAdmin });
    return roles.some((name) => actor.includes(name));
  };
  const branches: TaskBranch[] = definition.states.map((state) => {
    const roles = state.task?.roles ?? [];
    const audience = {
      memberRoles: MEMBER_ROLES.filter((role) => applies(roles, role)),
      otherMembers: applies(roles, OTHER_ROLE),
      nonMembers: applies(roles, null),
    };
    const anyone = audience.memberRoles.length > 0 || audience.otherMembers || audience.nonMembers;
    return {
      stateKey: state.key,
      unitTypes: [...state.unitTypes],
      ...(state.tenantTypes ? { tenantTypes: [...state.tenantTypes] } : {}),
      taskKey: state.task && anyone ? state.task.taskKey : null,
      audience,
    };
  });
  return branches.filter((branch, index) => branch.taskKey !== null || branches.slice(index + 1).some((later) => later.taskKey !== null && later.stateKey === branch.stateKey));
}

/** The task key the branches give a unit (what the database computes); the same answer as `taskFor(...)?.taskKey`. */
export function branchTaskKey(branches: readonly TaskBranch[], unit: { type: string; stateKey: string }, tenantType: TenantType, memberRole: string | null): string | null {
  const branch = branches.find(
    (candidate) => candidate.stateKey === unit.stateKey && candidate.unitTypes.includes(unit.type) && (!candidate.tenantTypes || candidate.tenantTypes.includes(tenantType)),
  );
  if (!branch?.taskKey) return null;
  const { memberRoles, otherMembers, nonMembers } = branch.audience;
  const applies =
    memberRole === null ? nonMembers : (MEMBER_ROLES as readonly string[]).includes(memberRole) ? memberRoles.includes(memberRole) : otherMembers;
  return applies ? branch.taskKey : null;
}

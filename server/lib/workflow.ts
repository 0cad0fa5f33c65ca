import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isClosedState } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import {
  actorRoles,
  buildsStructure,
  checkMessage,
  chooseTransition,
  evaluateGuards,
  initialStateOf,
  taskFor,
  unitActions,
  type GuardFacts,
  type TenantType,
  type TransitionCall,
  type UnitAction,
  type WorkflowEffect,
} from '../../src/domain/workflow.js';
import type { Db, Tx } from '../db/client.js';
import { writeAtCommit } from '../db/transaction-round-trips.js';
import { projectUnitJournal, projectUnitParams, projectUnits, userProfiles, users } from '../db/schema.js';
import { hasAssignment } from './assignments.js';
import { recordTransitionEvents } from './events.js';
import { lockedUnitAccess } from './locks.js';
import { notifyTransition } from './notifications.js';
import { ApiError } from './errors.js';
import { rootStateFilter, visibleUnits, type UnitAccess, type UnitRow } from './project-access.js';
import { activeWorkflow } from './workflow-definition.js';


/** The state a new unit starts in, from the definition in force. */
export async function initialState(db: Db | Tx, unitType: string, tenantType: TenantType): Promise<string> {
  const { definition } = await activeWorkflow(db);
  return initialStateOf(definition, unitType, tenantType);
}

/** What the guards read: the project's subprojects and assignments, the lot's saved items. */
export async function guardFacts(db: Db | Tx, unit: UnitRow, root: UnitRow): Promise<GuardFacts> {
  const [row] = await (db as Db)
    .select({
      subprojects: sql<number>`count(*) filter (where ${projectUnits.type} = 'subproject')`.mapWith(Number),
      // Exactly the records of `projectunitproducttypeassignments` (hasAssignment).
      assignments: sql<number>`count(*) filter (where ${hasAssignment()})`.mapWith(Number),
    })
    .from(projectUnits)
    .where(eq(projectUnits.rootId, root.id));
  return { subprojects: row?.subprojects ?? 0, productTypeAssignments: row?.assignments ?? 0, orderItems: unit.itemCount };
}

function rolesOf(user: SessionUser, access: UnitAccess): string[] {
  return actorRoles({ role: access.context.role, isInternal: user.isInternal, isAdmin: user.isAdmin });
}

export interface TransitionRequest {
  requirements?: string[];
  action?: string;
  message?: string;
  call?: TransitionCall;
  /** The unit version the client saw; a different one is a conflict. */
  version?: number;
  /**
   * The structure call's part of a `create-structure-from-draft` transition: creates the draft's units in the
   * same transaction, before the guards are evaluated. Refused (409) for a transition without that effect.
   */
  createStructure?: (tx: Tx, access: UnitAccess) => Promise<number[]>;
}

export interface TransitionResult {
  projectUnitID: number;
  rootProjectUnitID: number;
  action: string;
  oldState: string;
  stateKey: string;
  stateSince: string;
  version: number;
  /** Units the transition's effects moved on (ids). */
  moved: number[];
  /** Units the structure call created (ids). */
  created: number[];
}

/**
 * A `move-units` effect: the units of the given types and states (under the root, or the unit's children)
 * go to the target state, each with its own journal entry. `create-structure-from-draft` is applied by the
 * structure call, which carries the draft; the state update itself has none to apply.
 */
async function moveUnits(tx: Tx, effect: Extract<WorkflowEffect, { type: 'move-units' }>, unit: UnitRow, rootId: number, user: SessionUser, action: string): Promise<number[]> {
  const where = and(
    effect.scope === 'children' ? eq(projectUnits.parentId, unit.id) : eq(projectUnits.rootId, rootId),
    inArray(projectUnits.type, effect.unitTypes),
    inArray(projectUnits.stateKey, effect.fromStates),
    sql`${projectUnits.id} <> ${unit.id}`,
  );
  const previous = await tx.select().from(projectUnits).where(where).orderBy(projectUnits.id).for('update');
  if (!previous.length) return [];
  const ids = previous.map((row) => row.id);
  const now = new Date();
  await tx
    .update(projectUnits)
    .set({ stateKey: effect.to, stateSince: now, version: sql`${projectUnits.version} + 1` })
    .where(inArray(projectUnits.id, ids));
  await writeAtCommit(
    tx,
    tx.insert(projectUnitJournal).values(previous.map((row) => ({ rootId, unitId: row.id, userId: user.id, oldState: row.stateKey, newState: effect.to, action, message: '' }))),
  );
  for (const row of previous) {
    const causedBy = { projectUnitID: unit.id, action };
    await recordTransitionEvents(tx, { unit: row, action, oldState: row.stateKey, stateKey: effect.to, stateSince: now, message: '', user, builtStructure: false, created: [], causedBy });
  }
  return ids;
}

/**
 * Applies one transition of the definition in force, in one transaction: access (404), transition out of
 * the current state (409), role (403), message (422), guards (409), then the state change guarded by the
 * state and version read (a concurrent change makes it 409), the journal entry and the effects.
 */
export async function applyTransition(db: Db, user: SessionUser, unitId: number, request: TransitionRequest): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    // The project lock: the guards' counts, the lot's items and the structure call's materials hold until the commit.
    // With the root's members for the notices (a round trip less than reading them after the change, #36).
    const access = await lockedUnitAccess(tx, user, unitId, { members: true });
    const { unit, root, context } = access;
    const { definition } = await activeWorkflow(tx, access.workflow);
    if (unit.id !== root.id && isClosedState(root.stateKey)) throw new ApiError(409, [{ key: 'PROJECTS.Rules.ProjectClosed' }]);
    if (request.version !== undefined && request.version !== unit.version) throw new ApiError(409, [{ key: 'WORKFLOW.Errors.Concurrent' }]);
    const roles = rolesOf(user, access);
    const choice = chooseTransition(definition, { type: unit.type, stateKey: unit.stateKey, isRoot: unit.id === root.id }, context.tenantType, request, roles);
    if (!choice.ok) throw new ApiError(choice.status, [{ key: choice.reason, params: { state: unit.stateKey } }]);
    const transition = choice.transition;
    const message = request.message?.trim() ?? '';
    const messageRule = checkMessage(transition, message);
    if (!messageRule.allowed) throw new ApiError(422, [{ key: messageRule.reason, reference: 'message' }]);
    if (request.createStructure && !buildsStructure(transition)) throw new ApiError(409, [{ key: 'STRUCTURE.Errors.NotInStructuring', params: { state: unit.stateKey } }]);
    const created = request.createStructure ? await request.createStructure(tx, access) : [];
    // The guards' counts are read only for a transition that has guards (a round trip less for the others).
    const guard = evaluateGuards(transition.guards, transition.guards?.length ? await guardFacts(tx, unit, root) : undefined);
    if (!guard.allowed) throw new ApiError(409, [{ key: guard.reason, code: 'GuardFailed' }]);

    const now = new Date();
    // The state change goes with the commit (db/transaction-round-trips.ts): under the project lock no other writer
    // changes the unit, so the row is the one read, one version on. Guarded all the same by the state and version read:
    // should it not find them, the database refuses the whole transaction with WORKFLOW.Errors.Concurrent (409).
    const updated: UnitRow = { ...unit, stateKey: transition.to, stateSince: now, version: unit.version + 1 };
    await writeAtCommit(
      tx,
      sql`with moved as (update ${projectUnits} set state_key = ${transition.to}, state_since = ${now}, version = version + 1 where id = ${unit.id} and state_key = ${unit.stateKey} and version = ${unit.version} returning 1) select px_expect_rows(1, (select count(*) from moved), 'WORKFLOW.Errors.Concurrent')`,
    );
    // The journal entry, the events and the notices are read by nothing after them here: they go with the commit.
    await writeAtCommit(
      tx,
      tx.insert(projectUnitJournal).values({
        rootId: root.id,
        unitId: unit.id,
        userId: user.id,
        oldState: unit.stateKey,
        newState: transition.to,
        action: transition.action,
        message,
      }),
    );
    if (transition.call === 'ccl-check-data' && message) {
      await writeAtCommit(tx, tx.insert(projectUnitParams).values({ unitId: unit.id, key: 'CheckDataTaskMessage', value: message }));
    }
    // The outbox: `unit.transitioned` and the action's business event, in this transaction (docs/decisions-integration.md).
    await recordTransitionEvents(tx, {
      unit: updated,
      action: transition.action,
      oldState: unit.stateKey,
      stateKey: updated.stateKey,
      stateSince: updated.stateSince,
      message,
      user,
      builtStructure: buildsStructure(transition),
      created,
    });
    // The bell (and mail) of the members the new state concerns (src/domain/notifications.ts).
    await notifyTransition(tx, { definition, unit: updated, tenantType: context.tenantType, action: transition.action, actorId: user.id }, access.members);
    const moved: number[] = [];
    for (const effect of transition.effects ?? []) {
      if (effect.type === 'move-units') moved.push(...(await moveUnits(tx, effect, unit, root.id, user, transition.action)));
    }
    return {
      projectUnitID: updated.id,
      rootProjectUnitID: root.id,
      action: transition.action,
      oldState: unit.stateKey,
      stateKey: updated.stateKey,
      stateSince: updated.stateSince.toISOString(),
      version: updated.version,
      moved,
      created,
    };
  });
}

/**
 * The caller's task on one unit under the definition in force (none on the units of a closed project): one query
 * (the definition's version), for a write that only asks whether the caller holds the task (order rows).
 */
export async function unitTask(db: Db | Tx, user: SessionUser, access: UnitAccess) {
  const { unit, root, context } = access;
  const { version, definition } = await activeWorkflow(db, access.workflow);
  if (unit.id !== root.id && isClosedState(root.stateKey)) return { version, definition, roles: null, task: null };
  const roles = rolesOf(user, access);
  return { version, definition, roles, task: taskFor(definition, { type: unit.type, stateKey: unit.stateKey }, context.tenantType, roles) ?? null };
}

/** The caller's task and action buttons on one unit (for the details page). */
export async function unitWorkflow(
  db: Db,
  user: SessionUser,
  access: UnitAccess,
): Promise<{ task: { taskKey: string; help: string | null } | null; actions: UnitAction[]; definitionVersion: number; message: StateMessage | null }> {
  const { unit, root, context } = access;
  const { version, definition, roles, task } = await unitTask(db, user, access);
  if (!roles) return { task: null, actions: [], definitionVersion: version, message: null };
  const facts = await guardFacts(db, unit, root);
  const actions = unitActions(definition, { type: unit.type, stateKey: unit.stateKey, isRoot: unit.id === root.id }, context.tenantType, roles, facts);
  return { task: task ? { taskKey: task.taskKey, help: task.help ?? null } : null, actions, definitionVersion: version, message: await stateMessage(db, unit) };
}

/** The message that came with the transition into the unit's current state (check-data message, requested changes). */
export interface StateMessage {
  text: string;
  author: string;
  createdAt: string;
}

async function stateMessage(db: Db, unit: { id: number; stateKey: string; stateSince: Date }): Promise<StateMessage | null> {
  const [row] = await db
    .select({ text: projectUnitJournal.message, createdAt: projectUnitJournal.createdAt, firstName: userProfiles.firstName, lastName: userProfiles.lastName, login: users.login })
    .from(projectUnitJournal)
    .leftJoin(users, eq(users.id, projectUnitJournal.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, projectUnitJournal.userId))
    .where(and(eq(projectUnitJournal.unitId, unit.id), eq(projectUnitJournal.newState, unit.stateKey), sql`${projectUnitJournal.message} <> ''`))
    .orderBy(desc(projectUnitJournal.createdAt), desc(projectUnitJournal.id))
    .limit(1);
  if (!row) return null;
  const author = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.login || '';
  return { text: row.text, author, createdAt: row.createdAt.toISOString() };
}

/** Current root projects the user sees (the dashboard's project counter). */
export async function currentProjectCount(db: Db, user: SessionUser): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(projectUnits)
    .where(and(visibleUnits(user), rootStateFilter('current')));
  return row?.count ?? 0;
}

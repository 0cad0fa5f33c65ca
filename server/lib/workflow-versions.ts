import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isClosedState } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { WorkflowDefinition } from '../../src/domain/workflow.js';
import { blockingChecks, describeCheck } from '../../src/domain/workflowChecks.js';
import { escalationChanges, mappingProblems, removedStates, taskRoleChanges, type StateMapping, type ViewState } from '../../src/domain/workflowVersions.js';
import type { Db, Tx } from '../db/client.js';
import { projectUnitJournal, projectUnits, tenants, users, workflowDefinitions } from '../db/schema.js';
import { ApiError } from './errors.js';
import { recordTransitionEvents } from './events.js';
import { activeWorkflow, defaultWorkflow, workflowProblems } from './workflow-definition.js';

/** The journal's action for a unit moved out of a state a published version removed. */
export const MAPPED_ACTION = 'WorkflowVersionPublished';
const MAX_DRAFTS = 10;

/** 422 with one message per problem. */
export function invalidDefinition(problems: string[]): ApiError {
  return new ApiError(422, problems.slice(0, 200).map((text) => ({ key: 'WORKFLOW.Errors.InvalidDefinition', params: { problem: text }, reference: 'definition' })));
}

/** Everything that stops a definition from being published: schema, consistency, and the blocking checks. */
export function publishProblems(inForce: WorkflowDefinition | null, candidate: unknown): string[] {
  const problems = workflowProblems(candidate);
  if (problems.length) return problems;
  return blockingChecks(inForce, candidate as WorkflowDefinition).map(describeCheck);
}

/** The shipped default becomes version 1 when nothing was saved yet, so every later version builds on a row. */
async function ensureVersionOne(tx: Tx): Promise<void> {
  await tx
    .insert(workflowDefinitions)
    .values({ version: 1, definition: defaultWorkflow() as unknown as Record<string, unknown>, comment: 'Default', status: 'published', publishedAt: new Date() })
    .onConflictDoNothing();
}

const nextVersion = async (tx: Tx) =>
  (await tx.select({ version: sql<number>`coalesce(max(${workflowDefinitions.version}), 0) + 1`.mapWith(Number) }).from(workflowDefinitions))[0].version;

export async function createDraft(db: Db, user: SessionUser, comment: string) {
  return db.transaction(async (tx) => {
    await ensureVersionOne(tx);
    // The draft limit and the number: under the lock of the row in force, so two creations run one after another.
    const [inForce] = await tx.select().from(workflowDefinitions).where(eq(workflowDefinitions.status, 'published')).for('update');
    const [{ drafts }] = await tx.select({ drafts: count() }).from(workflowDefinitions).where(eq(workflowDefinitions.status, 'draft'));
    if (drafts >= MAX_DRAFTS) throw ApiError.conflict('WORKFLOW.Versions.TooManyDrafts', { max: MAX_DRAFTS });
    const [row] = await tx
      .insert(workflowDefinitions)
      .values({ version: await nextVersion(tx), definition: inForce.definition, layout: inForce.layout, basedOn: inForce.version, createdBy: user.id, comment, status: 'draft' })
      .returning();
    return row;
  });
}

/** The units of removed states, counted per unit type, tenant type and state. */
async function unitsIn(db: Db | Tx, states: ViewState[]): Promise<(ViewState & { units: number })[]> {
  const keys = [...new Set(states.map((entry) => entry.state))].filter((key) => !isClosedState(key));
  if (!keys.length) return [];
  const tenantType = sql<string>`case when ${tenants.type} = 'ccl' then 'ccl' else 'standard' end`;
  const rows = await (db as Db)
    .select({ unitType: projectUnits.type, tenantType, state: projectUnits.stateKey, units: count() })
    .from(projectUnits)
    .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
    .where(inArray(projectUnits.stateKey, keys))
    .groupBy(projectUnits.type, tenantType, projectUnits.stateKey);
  return states.map((entry) => ({
    ...entry,
    units: rows.find((row) => row.unitType === entry.unitType && row.tenantType === entry.tenantType && row.state === entry.state)?.units ?? 0,
  }));
}

/** What publishing a draft does to the units under way: stranded units per removed state, task and escalation changes. */
export async function publishImpact(db: Db | Tx, inForce: WorkflowDefinition, draft: WorkflowDefinition) {
  const stranded = (await unitsIn(db, removedStates(inForce, draft))).filter((entry) => !isClosedState(entry.state));
  const tasks = await unitsIn(db, taskRoleChanges(inForce, draft));
  const escalations = await unitsIn(db, escalationChanges(inForce, draft));
  const withUnits = <T extends ViewState>(list: T[], counted: (ViewState & { units: number })[]) =>
    list.map((entry) => ({ ...entry, units: counted.find((item) => item.unitType === entry.unitType && item.tenantType === entry.tenantType && item.state === entry.state)?.units ?? 0 }));
  return {
    removedStates: stranded,
    taskRoleChanges: withUnits(taskRoleChanges(inForce, draft), tasks),
    escalationChanges: withUnits(escalationChanges(inForce, draft), escalations),
  };
}

/** Moves the stranded units as mapped, one journal entry (and outbox event) per unit. */
async function moveStranded(tx: Tx, user: SessionUser, stranded: ViewState[], mapping: StateMapping[], version: number): Promise<number[]> {
  const moved: number[] = [];
  const now = new Date();
  for (const entry of stranded) {
    const target = mapping.find((item) => item.unitType === entry.unitType && item.tenantType === entry.tenantType && item.state === entry.state);
    if (!target) continue;
    const rows = await tx
      .select({ unit: projectUnits })
      .from(projectUnits)
      .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
      .where(and(eq(projectUnits.type, entry.unitType), eq(projectUnits.stateKey, entry.state), entry.tenantType === 'ccl' ? eq(tenants.type, 'ccl') : sql`${tenants.type} <> 'ccl'`))
      .orderBy(projectUnits.id)
      .for('update', { of: projectUnits });
    if (!rows.length) continue;
    const ids = rows.map((row) => row.unit.id);
    await tx.update(projectUnits).set({ stateKey: target.to, stateSince: now, version: sql`${projectUnits.version} + 1` }).where(inArray(projectUnits.id, ids));
    const message = `Workflow version ${version}`;
    await tx.insert(projectUnitJournal).values(rows.map(({ unit }) => ({ rootId: unit.rootId ?? unit.id, unitId: unit.id, userId: user.id, oldState: unit.stateKey, newState: target.to, action: MAPPED_ACTION, message })));
    for (const { unit } of rows)
      await recordTransitionEvents(tx, { unit, action: MAPPED_ACTION, oldState: unit.stateKey, stateKey: target.to, stateSince: now, message, user, builtStructure: false, created: [] });
    moved.push(...ids);
  }
  return moved;
}

export interface PublishRequest {
  /** The draft row to publish; absent: a new row with `definition` (the direct PUT). */
  draft?: { version: number; revision: number };
  definition?: Record<string, unknown>;
  comment?: string;
  /** The version in force the configurer saw; absent (the direct PUT): whichever is in force. */
  inForceVersion?: number;
  mapping?: StateMapping[];
}

/**
 * Publishes in one transaction: the row in force is retired inside an UPDATE that names the version the configurer
 * saw (a concurrent publish makes it match nothing: 409), the draft's checks (422), the stranded units and their
 * mapping (409 without it), the moves with their journal entries, then the draft becomes the version in force.
 */
export async function publish(db: Db, user: SessionUser, request: PublishRequest): Promise<{ version: number; moved: number[]; publishedAt: Date }> {
  return db.transaction(async (tx) => {
    await ensureVersionOne(tx);
    let definition = request.definition;
    let version: number;
    if (request.draft) {
      const [draft] = await tx.select().from(workflowDefinitions).where(eq(workflowDefinitions.version, request.draft.version)).for('update');
      if (!draft || draft.status !== 'draft') throw ApiError.notFound();
      if (draft.revision !== request.draft.revision) throw ApiError.conflict('WORKFLOW.Versions.DraftChanged');
      definition = draft.definition;
      version = draft.version;
    } else version = 0;
    const retired = await tx
      .update(workflowDefinitions)
      .set({ status: 'retired', updatedAt: new Date() })
      .where(and(eq(workflowDefinitions.status, 'published'), request.inForceVersion !== undefined ? eq(workflowDefinitions.version, request.inForceVersion) : undefined))
      .returning();
    if (!retired.length) throw ApiError.conflict('WORKFLOW.Versions.InForceChanged');
    const inForce = retired[0].definition as unknown as WorkflowDefinition;
    const problems = publishProblems(inForce, definition);
    if (problems.length) throw invalidDefinition(problems);
    const candidate = definition as unknown as WorkflowDefinition;
    const stranded = (await unitsIn(tx, removedStates(inForce, candidate))).filter((entry) => !isClosedState(entry.state));
    const mapping = request.mapping ?? [];
    const { unmapped, badTargets } = mappingProblems(candidate, stranded, mapping);
    if (badTargets.length)
      throw new ApiError(422, badTargets.map((item) => ({ key: 'WORKFLOW.Versions.UnknownTarget', params: { state: item.to, unitType: item.unitType, tenantType: item.tenantType }, reference: 'mapping' })));
    if (unmapped.length)
      throw new ApiError(409, unmapped.map((item) => ({ key: 'WORKFLOW.Versions.MappingRequired', params: { state: item.state, unitType: item.unitType, tenantType: item.tenantType, units: item.units }, reference: 'mapping', code: 'MappingRequired' })));
    const now = new Date();
    if (request.draft) {
      await tx
        .update(workflowDefinitions)
        .set({ status: 'published', publishedAt: now, publishedBy: user.id, updatedAt: now, revision: sql`${workflowDefinitions.revision} + 1` })
        .where(and(eq(workflowDefinitions.version, version), eq(workflowDefinitions.status, 'draft')));
    } else {
      version = await nextVersion(tx);
      await tx.insert(workflowDefinitions).values({
        version,
        definition: definition!,
        layout: retired[0].layout,
        basedOn: retired[0].version,
        createdBy: user.id,
        comment: request.comment ?? '',
        status: 'published',
        publishedAt: now,
        publishedBy: user.id,
      });
    }
    const moved = await moveStranded(tx, user, stranded, mapping, version);
    return { version, moved, publishedAt: now };
  });
}

/** The versions, newest first, with who made and who published them. */
export async function listVersions(db: Db) {
  const rows = await db
    .select({
      version: workflowDefinitions.version,
      status: workflowDefinitions.status,
      revision: workflowDefinitions.revision,
      basedOn: workflowDefinitions.basedOn,
      createdAt: workflowDefinitions.createdAt,
      updatedAt: workflowDefinitions.updatedAt,
      publishedAt: workflowDefinitions.publishedAt,
      comment: workflowDefinitions.comment,
      createdBy: users.login,
    })
    .from(workflowDefinitions)
    .leftJoin(users, eq(users.id, workflowDefinitions.createdBy))
    .orderBy(desc(workflowDefinitions.version));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), publishedAt: row.publishedAt?.toISOString() ?? null }));
}

export { activeWorkflow };

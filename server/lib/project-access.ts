import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type MemberRole, type ProjectFeature, type UnitContext } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { listPlaceholders, listValues, placeholder, preparedQuery } from '../db/prepared.js';
import { projectMembers, projectUnits, questionnaireAnswers, tenants } from '../db/schema.js';
import { notifiableMembersColumn, type NotifiableMember } from './notifications.js';
import { publishedWorkflowColumns, publishedWorkflowOf, type PublishedWorkflow } from './workflow-definition.js';
import { ApiError } from './errors.js';
import type { PreparedScope } from './rest.js';

export type UnitRow = typeof projectUnits.$inferSelect;

/**
 * The units a user may reach: those of roots they are a member of, or, for internal staff, of roots of
 * their tenants. Everything else is 404 on every route.
 */
export function visibleUnits(user: SessionUser): SQL {
  return visibleUnitsOf(user.id, tenantsSeen(user));
}

/** The tenants whose every unit the user sees (internal staff), or null: only their own projects'. */
const tenantsSeen = (user: SessionUser): readonly number[] | null => (user.isInternal && user.tenantIds.length ? user.tenantIds : null);

/** `visibleUnits` in a prepared query (server/db/prepared.ts): placeholders `userId` and `tenant0`, `tenant1`, … */
export function preparedVisibility(user: SessionUser): Omit<PreparedScope, 'condition'> & { condition: () => SQL } {
  const tenantIds = tenantsSeen(user);
  return {
    shape: `${tenantIds?.length ?? 0}`,
    condition: () => visibleUnitsOf(placeholder('userId'), tenantIds && listPlaceholders('tenant', tenantIds.length)),
    values: { userId: user.id, ...listValues('tenant', tenantIds ?? []) },
  };
}

/** `visibleUnits` for a user's id and `tenantsSeen`, given as values or as a prepared query's placeholders. */
function visibleUnitsOf(userId: number | Placeholder, tenantIds: readonly (number | Placeholder)[] | null): SQL {
  const member = sql`exists (select 1 from ${projectMembers} where ${projectMembers.rootId} = ${projectUnits.rootId} and ${projectMembers.userId} = ${userId})`;
  return tenantIds ? or(member, inArray(projectUnits.tenantId, tenantIds as (number | Placeholder)[]))! : member;
}

export interface UnitAccess {
  unit: UnitRow;
  root: UnitRow;
  context: UnitContext;
  /** The user's language (texts the server derives, such as material type labels). */
  language?: string;
  /**
   * The published workflow version when the unit was read (null: none, the shipped default is in force), so that a
   * write or page needing the definition does not ask again (`activeWorkflow`); absent where not read.
   */
  workflow?: PublishedWorkflow | null;
  /** The root's active members with what the notification rules need, where asked for (`{ members: true }`). */
  members?: NotifiableMember[];
}

/** The root of the unit `unitAccess` loads, joined to it. */
const accessRoot = alias(projectUnits, 'access_root');

/**
 * Loads a unit the user may see, with its root and the user's context there; 404 otherwise. One query (the unit,
 * its root, the user's membership, the tenant's type, the sheet's validity, the published workflow version): every write and most detail pages start
 * here, and under load each further round trip waits behind the other requests (#36).
 */
export async function unitAccess(db: Db | Tx, user: SessionUser, unitId: number, read: { members?: boolean } = {}): Promise<UnitAccess> {
  // Prepared once per shape (server/db/prepared.ts): who sees the unit by membership alone, or by n tenants too.
  const visibility = preparedVisibility(user);
  const prepared = preparedQuery(db, `unitAccess/${read.members ? 'members' : ''}/${visibility.shape}`, (pool) =>
    accessQuery(pool, read, placeholder('unitId'), placeholder('userId'), visibility.condition()).prepare(undefined as never),
  );
  const [found] = prepared ? await prepared.execute({ unitId, ...visibility.values }) : await accessQuery(db, read, unitId, user.id, visibleUnits(user));
  if (!found) throw ApiError.notFound();
  const { unit, root, role, tenantType, sheetValid } = found;
  const members = (found as { members?: NotifiableMember[] | null }).members;
  return {
    unit,
    root,
    language: user.language,
    workflow: publishedWorkflowOf(found),
    ...(read.members ? { members: members ?? [] } : {}),
    context: {
      role: (role as MemberRole | null) ?? null,
      isInternal: user.isInternal,
      rootState: root.stateKey,
      tenantType: tenantType === 'ccl' ? 'ccl' : 'standard',
      features: root.features as ProjectFeature[],
      // No sheet saved yet does not block: only an invalid saved sheet does.
      infoSheetValid: sheetValid ?? true,
    },
  };
}

/** The unit with its root and the user's context there (`unitAccess`), for values or a prepared query's placeholders. */
function accessQuery(db: Db | Tx, read: { members?: boolean }, unitId: number | Placeholder, userId: number | Placeholder, visible: SQL) {
  return (db as Db)
    .select({
      unit: projectUnits,
      root: accessRoot,
      role: projectMembers.role,
      tenantType: tenants.type,
      sheetValid: questionnaireAnswers.isValid,
      ...publishedWorkflowColumns,
      ...(read.members ? { members: notifiableMembersColumn(sql`${accessRoot.id}`) } : {}),
    })
    .from(projectUnits)
    .innerJoin(accessRoot, eq(accessRoot.id, projectUnits.rootId))
    .leftJoin(projectMembers, and(eq(projectMembers.rootId, accessRoot.id), eq(projectMembers.userId, userId)))
    .leftJoin(tenants, eq(tenants.id, accessRoot.tenantId))
    .leftJoin(questionnaireAnswers, eq(questionnaireAnswers.rootId, accessRoot.id))
    .where(and(eq(projectUnits.id, unitId), visible));
}

/** Root projects only, current or closed. */
export function rootStateFilter(which: 'current' | 'closed'): SQL {
  const closed = sql`${projectUnits.stateKey} in ('Closed', 'Archived')`;
  return and(eq(projectUnits.id, projectUnits.rootId), which === 'closed' ? closed : sql`not (${closed})`)!;
}


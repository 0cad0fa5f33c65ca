import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type MemberRole, type ProjectFeature, type UnitContext } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { projectMembers, projectUnits, questionnaireAnswers, tenants } from '../db/schema.js';
import { ApiError } from './errors.js';

export type UnitRow = typeof projectUnits.$inferSelect;

/**
 * The units a user may reach: those of roots they are a member of, or, for internal staff, of roots of
 * their tenants. Everything else is 404 on every route.
 */
export function visibleUnits(user: SessionUser): SQL {
  const member = sql`exists (select 1 from ${projectMembers} where ${projectMembers.rootId} = ${projectUnits.rootId} and ${projectMembers.userId} = ${user.id})`;
  if (user.isInternal && user.tenantIds.length) return or(member, inArray(projectUnits.tenantId, user.tenantIds))!;
  return member;
}

export interface UnitAccess {
  unit: UnitRow;
  root: UnitRow;
  context: UnitContext;
  /** The user's language (texts the server derives, such as material type labels). */
  language?: string;
}

/** Loads a unit the user may see, with its root and the user's context there; 404 otherwise. */
export async function unitAccess(db: Db | Tx, user: SessionUser, unitId: number): Promise<UnitAccess> {
  const [unit] = await (db as Db).select().from(projectUnits).where(and(eq(projectUnits.id, unitId), visibleUnits(user)));
  if (!unit) throw ApiError.notFound();
  const root = unit.rootId === unit.id ? unit : (await (db as Db).select().from(projectUnits).where(eq(projectUnits.id, unit.rootId!)))[0];
  const [membership] = await (db as Db)
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, user.id)));
  const [tenant] = await (db as Db).select({ type: tenants.type }).from(tenants).where(eq(tenants.id, root.tenantId));
  const [sheet] = await (db as Db).select({ isValid: questionnaireAnswers.isValid }).from(questionnaireAnswers).where(eq(questionnaireAnswers.rootId, root.id));
  return {
    unit,
    root,
    language: user.language,
    context: {
      role: (membership?.role as MemberRole | undefined) ?? null,
      isInternal: user.isInternal,
      rootState: root.stateKey,
      tenantType: tenant?.type === 'ccl' ? 'ccl' : 'standard',
      features: root.features as ProjectFeature[],
      // No sheet saved yet does not block: only an invalid saved sheet does.
      infoSheetValid: sheet ? sheet.isValid : true,
    },
  };
}

/** Root projects only, current or closed. */
export function rootStateFilter(which: 'current' | 'closed'): SQL {
  const closed = sql`${projectUnits.stateKey} in ('Closed', 'Archived')`;
  return and(eq(projectUnits.id, projectUnits.rootId), which === 'closed' ? closed : sql`not (${closed})`)!;
}


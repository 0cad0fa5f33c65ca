import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../src/domain/user.js';
import type { Tx } from '../db/client.js';
import { projectUnits } from '../db/schema.js';
import { unitAccess, type UnitAccess } from './project-access.js';

/**
 * Row locks of project units for the rest of the transaction, root first (a root's id is lower than its units'),
 * so that two writers never wait for each other in opposite orders. `for no key update` serialises writers of the
 * same rows but lets inserts that merely refer to them (child units, files, journal entries) through.
 */
export async function lockUnits(tx: Tx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await lockWhere(tx, inArray(projectUnits.id, [...new Set(ids)]));
}

/** Locks the units `where` selects, in id order, and notes them as held by `tx`. */
async function lockWhere(tx: Tx, where: SQL): Promise<void> {
  const locked = await tx.select({ id: projectUnits.id }).from(projectUnits).where(where).orderBy(projectUnits.id).for('no key update');
  noteLocked(tx, locked.map((row) => row.id));
}

/**
 * The unit rows each transaction holds a `no key update` lock on (or a stronger one), as far as this module took
 * them: a later step of the same transaction that needs the lock (an event's, `events.ts`) skips its round trip. Keyed
 * by the transaction object, so a nested transaction (a savepoint, which may roll its locks back) neither sees its
 * parent's locks nor lends it its own.
 */
const held = new WeakMap<Tx, Set<number>>();

function noteLocked(tx: Tx, ids: number[]): void {
  const set = held.get(tx) ?? new Set<number>();
  for (const id of ids) set.add(id);
  held.set(tx, set);
}

/** True if this transaction already holds the unit's row lock. */
export function holdsUnitLock(tx: Tx, unitId: number): boolean {
  return held.get(tx)?.has(unitId) ?? false;
}

/**
 * `unitAccess` under the project lock: the unit's root row and the unit are locked first, then read. Writes that
 * check a rule over several units of one project (the 350 m³ of a subproject's approval lots, the workflow's guards,
 * the items of a subtree before it is deleted, the planned deliveries) take it, so they run one after another and
 * each sees what the previous one committed — under READ COMMITTED, on PostgreSQL as on PGlite.
 */
export async function lockedUnitAccess(tx: Tx, user: SessionUser, unitId: number, read: { members?: boolean } = {}): Promise<UnitAccess> {
  // The unit and its root in one statement (its root found by a subquery the lock does not cover), in id order.
  await lockWhere(tx, or(eq(projectUnits.id, unitId), eq(projectUnits.id, sql`(select u.root_id from ${projectUnits} u where u.id = ${unitId})`))!);
  return unitAccess(tx, user, unitId, read);
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { projectMembers, projectUnitJournal, projectUnits } from '../db/schema.js';

/** The journal actions of membership changes (the journal shows them in the reader's language). */
export const MEMBER_JOURNAL_ACTIONS = ['MemberAdded', 'MemberInvited', 'MemberRoleChanged', 'MemberRemoved', 'InvitationSent', 'InvitationRevoked'] as const;
export type MemberJournalAction = (typeof MEMBER_JOURNAL_ACTIONS)[number];

/**
 * Takes the root's row lock for the rest of the transaction: membership changes of one root run one after the
 * other (in every process), so "the last salesPlanner stays" and "no duplicate member" hold under concurrency.
 */
export async function lockRoot(tx: Tx, rootId: number): Promise<void> {
  await tx.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.id, rootId)).for('update');
}

export async function membersOf(tx: Tx, rootId: number): Promise<{ userId: number; role: string }[]> {
  return tx.select({ userId: projectMembers.userId, role: projectMembers.role }).from(projectMembers).where(eq(projectMembers.rootId, rootId));
}

/** One journal row on the root for a membership change by `actorId`. */
export async function journalMemberChange(
  tx: Tx,
  entry: { rootId: number; actorId: number; action: MemberJournalAction; userId: number; role?: string; oldRole?: string },
): Promise<void> {
  const details = { userId: entry.userId, ...(entry.role ? { role: entry.role } : {}), ...(entry.oldRole ? { oldRole: entry.oldRole } : {}) };
  await tx.insert(projectUnitJournal).values({ rootId: entry.rootId, unitId: entry.rootId, userId: entry.actorId, action: entry.action, details });
}

/** Adds the membership (the caller has checked the rules under `lockRoot`) and journals it. */
export async function insertMember(tx: Tx, rootId: number, userId: number, role: string, actorId: number, action: MemberJournalAction = 'MemberAdded'): Promise<void> {
  await tx.insert(projectMembers).values({ rootId, userId, role });
  await journalMemberChange(tx, { rootId, actorId, action, userId, role });
}

export async function membershipOf(tx: Tx, rootId: number, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.rootId, rootId), eq(projectMembers.userId, userId)));
  return row?.role ?? null;
}

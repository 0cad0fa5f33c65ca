import { and, eq } from 'drizzle-orm';
import { invitedCustomer, projectInvitation } from '../lib/project-invitations.js';
import { createUser } from '../services/users.js';
import type { Tx } from './client.js';
import { projectMembers, projectUnitJournal, projectUnits, users } from './schema.js';

const DAY = 86_400_000;

/**
 * Membership history and an open invitation: Gewerbehof Nord was set up by the sales planner, who put the drafter
 * on it and invited the site owner by e-mail (no password yet: the members card shows "Invited" to its managers).
 */
export async function seedDemoMemberships(tx: Tx, origin: string): Promise<void> {
  const [root] = await tx.select().from(projectUnits).where(and(eq(projectUnits.title, 'Gewerbehof Nord'), eq(projectUnits.type, 'project')));
  const people = new Map((await tx.select({ id: users.id, login: users.login }).from(users)).map((row) => [row.login, row.id]));
  const staff = people.get('staff')!;
  const drafter = people.get('drafter')!;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const person = { email: 'olaf.gewerbe@gewerbehof.example', firstName: 'Olaf', lastName: 'Gewerbe', language: 'de' as const };
  const { id: invited } = await createUser(tx, invitedCustomer(root, person), { publicUrl: origin, sender: { system: 'demo-seed' } }, projectInvitation(root, 'reviewer', 'Stefan Planer'));
  await tx.insert(projectMembers).values({ rootId: root.id, userId: invited, role: 'reviewer' });
  const entry = (action: string, userId: number, role: string, daysAgo: number) => ({ rootId: root.id, unitId: root.id, userId: staff, action, details: { userId, role }, createdAt: at(daysAgo) });
  await tx.insert(projectUnitJournal).values([
    { rootId: root.id, unitId: root.id, userId: staff, newState: 'Structuring', action: 'Created', createdAt: at(20) },
    entry('MemberAdded', staff, 'salesPlanner', 20),
    entry('MemberAdded', drafter, 'projectAdminCSC', 19),
    entry('MemberInvited', invited, 'reviewer', 1),
  ]);
}


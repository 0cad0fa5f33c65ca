import { and, asc, eq, ilike, isNull, notExists, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  canManageMembers,
  MEMBER_MESSAGE,
  memberAddSchema,
  memberRoleChangeSchema,
  membershipChangeProblem,
  roleAllowedFor,
  type MemberCandidate,
} from '../../src/domain/memberManagement.js';
import { memberFullName } from '../../src/domain/members.js';
import type { MemberRole } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Tx } from '../db/client.js';
import { projectMembers, userProfiles, users, userTenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { lockRoot, membersOf, membershipOf, journalMemberChange } from '../lib/project-members.js';
import type { UnitRow } from '../lib/project-access.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { sessionUser } from '../lib/request.js';
import { accountOf, addMember, projectInvitation, type Account } from '../lib/project-invitations.js';
import { revokeInvitations, inviteUser } from '../services/invitations.js';
import { mailingBy } from '../services/mail-outbox.js';
import { loadMembers, visibleRoot } from '../services/project-members.js';
import { readBody } from '../lib/validation.js';

const refuse = (status: 403 | 404 | 409 | 422, key: string, reference?: string): never => {
  throw new ApiError(status, [{ key, reference, code: status === 403 ? 'RuleViolation' : undefined }]);
};

/** The root in the path, visible to the user (404) and theirs to manage (403). */
async function managedRoot(c: Context<AppEnv>): Promise<{ user: SessionUser; root: UnitRow }> {
  const user = sessionUser(c);
  const root = await visibleRoot(c, user);
  const [membership] = await c
    .get('db')
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, user.id)));
  const rule = canManageMembers({ role: membership?.role ?? null, isInternal: user.isInternal, isAdmin: user.isAdmin });
  if (!rule.allowed) throw ApiError.fromRule(rule);
  return { user, root };
}

/** The member in the path with their account (404 when the user is not a member of this root). */
async function memberInPath(tx: Tx, c: Context<AppEnv>, root: UnitRow): Promise<{ account: Account; role: string }> {
  const userId = parseId(c.req.param('userId') ?? '');
  const role = await membershipOf(tx, root.id, userId);
  const account = role ? await accountOf(tx, userId) : null;
  if (!role || !account) throw ApiError.notFound();
  return { account, role };
}

async function memberAnswer(c: Context<AppEnv>, root: UnitRow, user: SessionUser, userId: number) {
  const [member] = await loadMembers(c, root, user, userId);
  return member;
}

export const projectMemberChangeRoutes = new Hono<AppEnv>();

/** `GET projectmembers/{root}/candidates?q=`: active users of the root's tenant who are not members yet (20 at most). */
projectMemberChangeRoutes.get('/:rootUnitId/candidates', async (c) => {
  const { root } = await managedRoot(c);
  const q = (c.req.query('q') ?? '').trim();
  if (q.length > 200) throw ApiError.badRequest('VALIDATION.TooLong', 'q');
  const pattern = containsPattern(q);
  const rows = await c
    .get('db')
    .select({ userID: users.id, userLogin: users.login, email: users.email, isInternal: users.isInternal, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
    .from(users)
    .innerJoin(userTenants, and(eq(userTenants.userId, users.id), eq(userTenants.tenantId, root.tenantId)))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deletedAt),
        notExists(c.get('db').select({ one: sql`1` }).from(projectMembers).where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, users.id)))),
        q ? or(ilike(users.login, pattern), ilike(users.email, pattern), ilike(sql`coalesce(${userProfiles.firstName}, '') || ' ' || coalesce(${userProfiles.lastName}, '')`, pattern)) : undefined,
      ),
    )
    .orderBy(asc(userProfiles.lastName), asc(userProfiles.firstName), asc(users.login))
    .limit(20);
  const candidates: MemberCandidate[] = rows.map((row) => ({ ...row, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }));
  return c.json(candidates);
});

/**
 * `POST projectmembers/{root}` {userID | email, memberRoleKey, firstName?, lastName?, language?}: adds a user of the
 * tenant, or a person by e-mail (an account with that address is added; otherwise a new customer account is invited).
 */
projectMemberChangeRoutes.post('/:rootUnitId', async (c) => {
  const { user, root } = await managedRoot(c);
  const parsed = await readBody(c, memberAddSchema);
  const userId = await c.get('db').transaction((tx) => addMember(tx, { root, actor: user, input: parsed, publicUrl: c.get('config').publicUrl }));
  return c.json(await memberAnswer(c, root, user, userId), 201);
});

/** `PUT projectmembers/{root}/{user}` {memberRoleKey}: another role; the last salesPlanner keeps theirs (409). */
projectMemberChangeRoutes.put('/:rootUnitId/:userId', async (c) => {
  const { user, root } = await managedRoot(c);
  const parsed = await readBody(c, memberRoleChangeSchema);
  const role: MemberRole = parsed.memberRoleKey;
  const userId = await c.get('db').transaction(async (tx) => {
    await lockRoot(tx, root.id);
    const { account, role: oldRole } = await memberInPath(tx, c, root);
    if (oldRole === role) return account.id;
    const allowed = roleAllowedFor(role, account);
    if (!allowed.allowed) refuse(422, allowed.reason, 'memberRoleKey');
    const problem = membershipChangeProblem(await membersOf(tx, root.id), account.id, role);
    if (problem) refuse(409, problem, 'memberRoleKey');
    await tx.update(projectMembers).set({ role }).where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, account.id)));
    await journalMemberChange(tx, { rootId: root.id, actorId: user.id, action: 'MemberRoleChanged', userId: account.id, role, oldRole });
    return account.id;
  });
  return c.json(await memberAnswer(c, root, user, userId));
});

/** `DELETE projectmembers/{root}/{user}`: removes the member (not the last salesPlanner: 409) → 204. */
projectMemberChangeRoutes.delete('/:rootUnitId/:userId', async (c) => {
  const { user, root } = await managedRoot(c);
  await c.get('db').transaction(async (tx) => {
    await lockRoot(tx, root.id);
    const { account, role } = await memberInPath(tx, c, root);
    const problem = membershipChangeProblem(await membersOf(tx, root.id), account.id, null);
    if (problem) refuse(409, problem);
    await tx.delete(projectMembers).where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, account.id)));
    await journalMemberChange(tx, { rootId: root.id, actorId: user.id, action: 'MemberRemoved', userId: account.id, oldRole: role });
    // An invited person who is now on no project at all keeps no open link.
    const [elsewhere] = await tx.select({ rootId: projectMembers.rootId }).from(projectMembers).where(eq(projectMembers.userId, account.id)).limit(1);
    if (!account.hasPassword && !elsewhere) await revokeInvitations(tx, account.id);
  });
  return c.body(null, 204);
});

/** `POST projectmembers/{root}/{user}/invitation`: a new link for a member who has not set a password yet (earlier links stop working). */
projectMemberChangeRoutes.post('/:rootUnitId/:userId/invitation', async (c) => {
  const { user, root } = await managedRoot(c);
  const userId = await c.get('db').transaction(async (tx) => {
    await lockRoot(tx, root.id);
    const { account, role } = await memberInPath(tx, c, root);
    if (account.hasPassword) refuse(409, MEMBER_MESSAGE.noOpenInvitation);
    if (account.isExternalLogin || !account.email || account.deleted || !account.isActive) refuse(409, MEMBER_MESSAGE.cannotInvite);
    await inviteUser(tx, account, mailingBy(c.get('config').publicUrl, user.id), projectInvitation(root, role, memberFullName({ firstName: user.firstName, lastName: user.lastName, userLogin: user.login })));
    await journalMemberChange(tx, { rootId: root.id, actorId: user.id, action: 'InvitationSent', userId: account.id, role });
    return account.id;
  });
  return c.json(await memberAnswer(c, root, user, userId));
});

/** `DELETE projectmembers/{root}/{user}/invitation`: the link stops working and the invited person leaves the project → 204. */
projectMemberChangeRoutes.delete('/:rootUnitId/:userId/invitation', async (c) => {
  const { user, root } = await managedRoot(c);
  await c.get('db').transaction(async (tx) => {
    await lockRoot(tx, root.id);
    const { account, role } = await memberInPath(tx, c, root);
    if (account.hasPassword || account.isExternalLogin) refuse(409, MEMBER_MESSAGE.noOpenInvitation);
    const problem = membershipChangeProblem(await membersOf(tx, root.id), account.id, null);
    if (problem) refuse(409, problem);
    await revokeInvitations(tx, account.id);
    await tx.delete(projectMembers).where(and(eq(projectMembers.rootId, root.id), eq(projectMembers.userId, account.id)));
    await journalMemberChange(tx, { rootId: root.id, actorId: user.id, action: 'InvitationRevoked', userId: account.id, oldRole: role });
  });
  return c.body(null, 204);
});

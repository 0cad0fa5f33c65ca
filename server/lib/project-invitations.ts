import type { Language } from '../../src/domain/languages.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MEMBER_MESSAGE, roleAllowedFor, type MemberAdd } from '../../src/domain/memberManagement.js';
import { memberFullName } from '../../src/domain/members.js';
import type { SessionUser } from '../../src/domain/user.js';
import { LOGIN_MAX, USERS_MESSAGE } from '../../src/domain/users.js';
import type { Tx } from '../db/client.js';
import { userProfiles, users, userTenants } from '../db/schema.js';
import { inviteUser, type ProjectInvitation } from '../services/invitations.js';
import { createUser } from '../services/users.js';
import { mailingBy, queueMail, type Mailing } from '../services/mail-outbox.js';
import { publicLink } from './public-url.js';
import { ApiError } from './errors.js';
import { translate } from './i18n.js';
import type { UnitRow } from './project-access.js';
import { insertMember, journalMemberChange, lockRoot, membershipOf } from './project-members.js';

/** A user as the member rules see them. */
export interface Account {
  id: number;
  login: string;
  email: string;
  language: string;
  firstName: string;
  lastName: string;
  isInternal: boolean;
  isExternalLogin: boolean;
  isActive: boolean;
  deleted: boolean;
  hasPassword: boolean;
  tenantIds: number[];
}

const accountColumns = {
  id: users.id,
  login: users.login,
  email: users.email,
  language: users.language,
  firstName: sql<string>`coalesce(${userProfiles.firstName}, '')`,
  lastName: sql<string>`coalesce(${userProfiles.lastName}, '')`,
  isInternal: users.isInternal,
  isExternalLogin: users.isExternalLogin,
  isActive: users.isActive,
  deleted: sql<boolean>`${users.deletedAt} is not null`,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  tenantIds: sql<number[]>`coalesce((select array_agg(ut.tenant_id) from ${userTenants} ut where ut.user_id = ${users.id}), '{}')`,
};

function toAccount(row: Omit<Account, 'tenantIds'> & { tenantIds: unknown[] }): Account {
  return { ...row, tenantIds: row.tenantIds.map(Number) };
}

export async function accountOf(tx: Tx, userId: number): Promise<Account | null> {
  const [row] = await tx.select(accountColumns).from(users).leftJoin(userProfiles, eq(userProfiles.userId, users.id)).where(eq(users.id, userId));
  return row ? toAccount(row) : null;
}

async function accountsByEmail(tx: Tx, email: string): Promise<Account[]> {
  const rows = await tx
    .select(accountColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return rows.map(toAccount);
}

/** How the invitation mail names the project, the role and the person who invites. */
export function projectInvitation(root: UnitRow, role: string, inviter: string): ProjectInvitation {
  return { project: `${root.number} ${root.title}`, role, inviter };
}

const refuse = (status: 409 | 422, key: string, reference: string, params?: Record<string, string | number>): never => {
  throw new ApiError(status, [{ key, reference, params }]);
};

/** A new person's login is their e-mail address (letters, digits and `. _ @ + -`; anything else becomes `-`). */
function loginFromEmail(email: string): string {
  return email.toLowerCase().replace(/[^\p{L}\p{N}._@+-]/gu, '-').slice(0, LOGIN_MAX);
}

/** The account of a person invited to a root by e-mail: a customer of the root's tenant and sales organisation, login = e-mail. */
export function invitedCustomer(root: Pick<UnitRow, 'tenantId' | 'salesOrgId'>, person: { email: string; firstName: string; lastName: string; language: Language }) {
  return {
    login: loginFromEmail(person.email),
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    language: person.language,
    isInternal: false,
    isExternalLogin: false,
    isAdmin: false,
    isConfigurer: false,
    isProjectPlanner: false,
    tenantIDs: [root.tenantId],
    salesOrgIDs: root.salesOrgId ? [root.salesOrgId] : [],
  };
}

/** A customer account for a person invited by e-mail: linked to the root's tenant and sales organisation. */
async function inviteNewPerson(tx: Tx, root: UnitRow, input: MemberAdd & { email: string }, actor: SessionUser, mailing: Mailing, invitation: ProjectInvitation): Promise<Account> {
  const person = { email: input.email, firstName: input.firstName ?? '', lastName: input.lastName ?? '', language: input.language ?? actor.language };
  const { id } = await createUser(tx, invitedCustomer(root, person), mailing, invitation);
  return (await accountOf(tx, id))!;
}

/**
 * Adds a member to a root under its row lock: an existing user of the tenant (`userID`, or the account with the
 * e-mail address), or a new person invited by e-mail. Who has no password yet gets an invitation link; who has one
 * a note that they were added. Returns the member's user id.
 */
export async function addMember(tx: Tx, change: { root: UnitRow; actor: SessionUser; input: MemberAdd; publicUrl: string }): Promise<number> {
  const { root, actor, input } = change;
  // Every mail of the change counts for the member manager who makes it (the outbox's mail limits).
  const mailing = mailingBy(change.publicUrl, actor.id);
  const reference = input.userID !== undefined ? 'userID' : 'email';
  const inviter = memberFullName({ firstName: actor.firstName, lastName: actor.lastName, userLogin: actor.login });
  const invitation = projectInvitation(root, input.memberRoleKey, inviter);
  await lockRoot(tx, root.id);
  let account: Account | null;
  let invited = false;
  if (input.userID !== undefined) {
    account = await accountOf(tx, input.userID);
    if (!account) refuse(422, USERS_MESSAGE.unknownUsers, reference, { ids: input.userID });
  } else {
    const found = await accountsByEmail(tx, input.email!);
    if (found.length > 1) refuse(409, MEMBER_MESSAGE.severalAccounts, reference);
    account = found[0] ?? null;
    if (!account) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.login}) = ${loginFromEmail(input.email!)}`);
      if (taken) refuse(409, MEMBER_MESSAGE.loginTaken, reference, { login: loginFromEmail(input.email!) });
      account = await inviteNewPerson(tx, root, { ...input, email: input.email! }, actor, mailing, invitation);
      invited = true;
    }
  }
  const target = account!;
  if (target.deleted || !target.isActive) refuse(422, MEMBER_MESSAGE.accountUnusable, reference);
  if (!target.tenantIds.includes(root.tenantId)) refuse(422, MEMBER_MESSAGE.otherTenant, reference);
  const allowed = roleAllowedFor(input.memberRoleKey, target);
  if (!allowed.allowed) refuse(422, allowed.reason, 'memberRoleKey');
  if (await membershipOf(tx, root.id, target.id)) refuse(409, MEMBER_MESSAGE.alreadyMember, reference);

  await insertMember(tx, root.id, target.id, input.memberRoleKey, actor.id, invited ? 'MemberInvited' : 'MemberAdded');
  if (invited) return target.id;
  if (!target.hasPassword && !target.isExternalLogin && target.email) {
    // Added before they ever logged in: a fresh link (the earlier one stops working), naming this project.
    await inviteUser(tx, target, mailing, invitation);
    await journalMemberChange(tx, { rootId: root.id, actorId: actor.id, action: 'InvitationSent', userId: target.id, role: input.memberRoleKey });
  } else if (target.email) {
    const params = { ...invitation, name: target.firstName || target.login, role: translate(target.language, `MEMBERS.Role.${input.memberRoleKey}`), link: publicLink(mailing, `/home/app/project/details/${root.id}`) };
    await queueMail(tx, {
      kind: 'member-added',
      recipient: target.email,
      subject: translate(target.language, 'MAIL.MemberAdded.Subject', params),
      body: translate(target.language, 'MAIL.MemberAdded.Body', params),
      userId: target.id,
      sender: mailing.sender,
    });
  }
  return target.id;
}

import { z } from 'zod';
import { LANGUAGES } from './languages';
import { MEMBER_ROLES, type MemberRole, type RuleResult } from './projectUnits';
import { EMAIL_MAX, USER_NAME_MAX } from './users';
import { MESSAGE, requiredOr } from './validation';

/**
 * Changing the members of a root project (spec project-hierarchy §2 "Member screens", §6 member roles):
 * who may, which roles, and the rules every change keeps.
 */
export const MEMBER_MESSAGE = {
  customersCannotChange: 'MEMBERS.Rules.CustomersCannotChange',
  onlyManagers: 'MEMBERS.Rules.OnlyManagers',
  alreadyMember: 'MEMBERS.Rules.AlreadyMember',
  notMember: 'MEMBERS.Rules.NotMember',
  lastSalesPlanner: 'MEMBERS.Rules.LastSalesPlanner',
  otherTenant: 'MEMBERS.Rules.OtherTenant',
  accountUnusable: 'MEMBERS.Rules.AccountUnusable',
  roleNeedsStaff: 'MEMBERS.Rules.RoleNeedsStaff',
  severalAccounts: 'MEMBERS.Rules.SeveralAccounts',
  loginTaken: 'MEMBERS.Rules.LoginTaken',
  noOpenInvitation: 'MEMBERS.Rules.NoOpenInvitation',
  cannotInvite: 'MEMBERS.Rules.CannotInvite',
  userOrEmail: 'MEMBERS.Rules.UserOrEmail',
} as const;

/** The member roles that manage a project's members (besides administrators). */
export const MEMBER_MANAGER_ROLES = ['salesPlanner', 'processPlanner'] as const satisfies readonly MemberRole[];
/** Roles that steer the project (members, units, product types): only the provider's staff hold them. */
export const STAFF_ONLY_ROLES: readonly MemberRole[] = MEMBER_MANAGER_ROLES;

export interface MemberManager {
  /** The actor's member role on the root, if any. */
  role: string | null;
  isInternal: boolean;
  isAdmin: boolean;
}

/**
 * Who adds, changes and removes members and handles their invitations: administrators, and the provider's staff
 * whose role on the root is salesPlanner or processPlanner. Customers see members but never change them.
 */
export function canManageMembers(actor: MemberManager): RuleResult {
  if (actor.isAdmin) return { allowed: true };
  if (!actor.isInternal) return { allowed: false, reason: MEMBER_MESSAGE.customersCannotChange };
  if (actor.role && (MEMBER_MANAGER_ROLES as readonly string[]).includes(actor.role)) return { allowed: true };
  return { allowed: false, reason: MEMBER_MESSAGE.onlyManagers };
}

/** A customer (external user) cannot hold a steering role. */
export function roleAllowedFor(role: MemberRole, member: { isInternal: boolean }): RuleResult {
  return member.isInternal || !STAFF_ONLY_ROLES.includes(role) ? { allowed: true } : { allowed: false, reason: MEMBER_MESSAGE.roleNeedsStaff };
}

export interface Membership {
  userId: number;
  role: string;
}

/** A root always keeps a salesPlanner: the last one can be neither removed nor given another role. */
export function membershipChangeProblem(members: readonly Membership[], userId: number, newRole: string | null): string | null {
  const member = members.find((candidate) => candidate.userId === userId);
  if (!member) return MEMBER_MESSAGE.notMember;
  if (member.role !== 'salesPlanner' || newRole === 'salesPlanner') return null;
  const others = members.filter((candidate) => candidate.role === 'salesPlanner' && candidate.userId !== userId);
  return others.length ? null : MEMBER_MESSAGE.lastSalesPlanner;
}

const role = z.enum(MEMBER_ROLES, { error: requiredOr(MESSAGE.invalidValue) });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const name = z.string({ error: MESSAGE.invalidType }).trim().max(USER_NAME_MAX, MESSAGE.tooLong);

/**
 * `POST projectmembers/{root}`: an existing user (`userID`) or a person by e-mail (an existing account with that
 * address is added; otherwise a new customer account is invited), with one of the spec's member roles.
 */
export const memberAddSchema = z
  .strictObject({
    userID: z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue).optional(),
    email: z.string({ error: MESSAGE.invalidType }).trim().max(EMAIL_MAX, MESSAGE.tooLong).regex(EMAIL, 'VALIDATION.InvalidEmail').optional(),
    firstName: name.optional(),
    lastName: name.optional(),
    language: z.enum(LANGUAGES, { error: MESSAGE.invalidValue }).optional(),
    memberRoleKey: role,
  })
  .superRefine((value, context) => {
    if ((value.userID === undefined) === (value.email === undefined)) {
      context.addIssue({ code: 'custom', path: [value.userID === undefined ? 'email' : 'userID'], message: MEMBER_MESSAGE.userOrEmail });
    }
  });
export type MemberAdd = z.infer<typeof memberAddSchema>;

/** `PUT projectmembers/{root}/{user}`: the member's new role. */
export const memberRoleChangeSchema = z.strictObject({ memberRoleKey: role });

/** Where a member's invitation stands, for those who manage members. */
export type InvitationStatus = 'pending' | 'expired';

/**
 * A member who has not set a password yet (and logs in here, not elsewhere) is invited: pending while a link is
 * open, expired once it ran out (or none was sent). Everyone else has no invitation status.
 */
export function invitationStatus(account: { hasPassword: boolean; isExternalLogin: boolean; deleted: boolean }, openUntil: Date | null, now = new Date()): InvitationStatus | null {
  if (account.hasPassword || account.isExternalLogin || account.deleted) return null;
  return openUntil && openUntil.getTime() > now.getTime() ? 'pending' : 'expired';
}

/** A member as those who manage members see it in the list: the invitation's status and end. */
export interface MemberInvitation {
  status: InvitationStatus;
  expiresAt: string | null;
}

/** A user the add dialog offers (`GET projectmembers/{root}/candidates`): active users of the root's tenant. */
export interface MemberCandidate {
  userID: number;
  userLogin: string;
  firstName: string;
  lastName: string;
  email: string;
  isInternal: boolean;
}

import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { meetsPasswordRequirements, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGE } from './password';
import { MESSAGE, requiredOr, requiredText } from './validation';

/** The global roles a list can be filtered by; `none` is a plain user. */
export const USER_ROLES = ['admin', 'configurer', 'none'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const LOGIN_MAX = 120;
export const USER_NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const USER_PAGE_SIZES = [10, 20, 50, 100] as const;
/** An invitation link works for a week, once. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export const USERS_MESSAGE = {
  invalidLogin: 'USERS.InvalidLogin',
  loginTaken: 'USERS.LoginTaken',
  unknownTenant: 'USERS.UnknownTenant',
  unknownSalesOrg: 'ERRORMESSAGES.UnknownSalesOrg',
  salesOrgOutsideTenants: 'USERS.SalesOrgOutsideTenants',
  unknownUsers: 'USERS.UnknownUsers',
  deletedNotEditable: 'USERS.DeletedNotEditable',
  cannotRemoveOwnAdmin: 'USERS.CannotRemoveOwnAdmin',
  cannotDeactivateSelf: 'USERS.CannotDeactivateSelf',
  fieldNotEditable: 'USERS.FieldNotEditable',
  externalNoInvitation: 'USERS.ExternalNoInvitation',
  noMailAddress: 'USERS.NoMailAddress',
  invitationInvalid: 'USERS.SetPassword.LinkInvalid',
} as const;

/** A user as `GET api/data/planxchange/users[/{id}]` answers it (administrators only). */
export interface UserRecord {
  id: number;
  userID: number;
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  isInternal: boolean;
  isExternalLogin: boolean;
  isAdmin: boolean;
  isConfigurer: boolean;
  /** May set up root projects (provider staff only; see canCreateRootProject). */
  isProjectPlanner: boolean;
  isActive: boolean;
  language: Language;
  tenantIDs: number[];
  salesOrgIDs: number[];
  createdAt: string;
  /** The account was deleted by its owner: listed for history, never edited. */
  deleted: boolean;
  /** False until an invited user has set a password (external logins never have one). */
  hasPassword: boolean;
}

// Letters, digits and . _ @ + - : a login is typed at the login page and appears in mails.
const LOGIN = /^[\p{L}\p{N}._@+-]+$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const ids = z
  .array(z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue), { error: requiredOr() })
  .max(500, MESSAGE.tooLong);
const flag = z.boolean({ error: requiredOr() });

/** The fields an administrator edits on any account (not the login: it is the identity). */
const adminFields = {
  email: z.string({ error: requiredOr() }).trim().min(1, MESSAGE.required).max(EMAIL_MAX, MESSAGE.tooLong).regex(EMAIL, 'VALIDATION.InvalidEmail'),
  firstName: requiredText(USER_NAME_MAX),
  lastName: requiredText(USER_NAME_MAX),
  isInternal: flag,
  isExternalLogin: flag,
  isAdmin: flag,
  isConfigurer: flag,
  isProjectPlanner: flag,
  language: z.enum(LANGUAGES, { error: requiredOr(MESSAGE.invalidValue) }),
  tenantIDs: ids,
  salesOrgIDs: ids,
};

/** A new user: login, e-mail and names required; flags off, German and no links unless given. Form and POST. */
export const userCreateSchema = z.strictObject({
  login: requiredText(LOGIN_MAX).refine((login) => LOGIN.test(login), USERS_MESSAGE.invalidLogin),
  ...adminFields,
  isInternal: flag.default(false),
  isExternalLogin: flag.default(false),
  isAdmin: flag.default(false),
  isConfigurer: flag.default(false),
  isProjectPlanner: flag.default(false),
  language: adminFields.language.default(DEFAULT_LANGUAGE),
  tenantIDs: ids.default([]),
  salesOrgIDs: ids.default([]),
});

/**
 * A change to an account (PUT sends only what changed). `languageKey` is the self-service field of the
 * profile page; which fields a user may send for which account is `editableUserFields`.
 */
export const userUpdateSchema = z
  .strictObject({ ...adminFields, isActive: flag, languageKey: z.enum(LANGUAGES, { error: requiredOr(MESSAGE.invalidValue) }) })
  .partial();

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export type UserField = keyof UserUpdate;

export const USER_ADMIN_FIELDS = [...(Object.keys(adminFields) as (keyof typeof adminFields)[]), 'isActive'] as const satisfies readonly UserField[];

export interface UserActor {
  id: number;
  isAdmin: boolean;
}

export interface UserAccount {
  id: number;
  deleted?: boolean;
}

/**
 * Which fields `actor` may change on `account`: a user their own language only; an administrator every
 * account that is not deleted, except that they cannot take their own admin role or deactivate themselves.
 */
export function editableUserFields(actor: UserActor, account: UserAccount): UserField[] {
  const own = actor.id === account.id;
  if (!actor.isAdmin) return own ? ['languageKey'] : [];
  if (account.deleted) return [];
  const fields: UserField[] = [...USER_ADMIN_FIELDS, 'languageKey'];
  return own ? fields.filter((field) => field !== 'isAdmin' && field !== 'isActive') : fields;
}

export interface RefusedChange {
  status: 400 | 404 | 409;
  key: string;
  reference?: string;
}

/** Why `changes` may not be made to `account` by `actor`, or null when they may. */
export function refusedUserChange(actor: UserActor, account: UserAccount, changes: Partial<Record<UserField, unknown>>): RefusedChange | null {
  const own = actor.id === account.id;
  // Another user's account is not visible to a non-admin.
  if (!actor.isAdmin && !own) return { status: 404, key: 'ERRORMESSAGES.NotFound' };
  if (actor.isAdmin && account.deleted) return { status: 409, key: USERS_MESSAGE.deletedNotEditable };
  const editable = editableUserFields(actor, account);
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined || editable.includes(field as UserField)) continue;
    if (actor.isAdmin && own && (field === 'isAdmin' || field === 'isActive')) {
      if (value === true) continue; // already so: nothing changes
      return { status: 409, key: field === 'isAdmin' ? USERS_MESSAGE.cannotRemoveOwnAdmin : USERS_MESSAGE.cannotDeactivateSelf, reference: field };
    }
    return { status: 400, key: USERS_MESSAGE.fieldNotEditable, reference: field };
  }
  return null;
}

/** The sales organisations that belong to none of the chosen tenants (a user's links must agree). */
export function salesOrgsOutsideTenants<T extends { id: number; tenantID: number }>(salesOrgs: T[], tenantIDs: number[]): T[] {
  return salesOrgs.filter((org) => !tenantIDs.includes(org.tenantID));
}

/** The role chips of a user: admin and/or configurer, or none. */
export function userRoles(user: { isAdmin: boolean; isConfigurer: boolean }): UserRole[] {
  const roles: UserRole[] = [];
  if (user.isAdmin) roles.push('admin');
  if (user.isConfigurer) roles.push('configurer');
  return roles.length ? roles : ['none'];
}

export type UserState = 'active' | 'inactive' | 'deleted' | 'invited';

export function userState(user: Pick<UserRecord, 'deleted' | 'isActive' | 'hasPassword' | 'isExternalLogin'>): UserState {
  if (user.deleted) return 'deleted';
  if (!user.isActive) return 'inactive';
  return user.hasPassword || user.isExternalLogin ? 'active' : 'invited';
}

/** The set-password page of an invitation link and `POST api/account/set-password` (with the token). */
export const setPasswordSchema = z
  .strictObject({
    password: z
      .string({ error: requiredOr() })
      .min(1, MESSAGE.required)
      .refine(meetsPasswordRequirements, PASSWORD_MESSAGE.invalidRequirements),
    confirmPassword: z.string({ error: requiredOr() }).min(1, MESSAGE.required).max(PASSWORD_MAX_LENGTH, MESSAGE.tooLong),
  })
  .refine((value) => !value?.confirmPassword || value.confirmPassword === value.password, {
    message: PASSWORD_MESSAGE.confirmFail,
    path: ['confirmPassword'],
    when: () => true,
  });

export type SetPassword = z.infer<typeof setPasswordSchema>;

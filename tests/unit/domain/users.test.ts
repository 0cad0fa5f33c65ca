import { describe, expect, it } from 'vitest';
import {
  editableUserFields,
  refusedUserChange,
  salesOrgsOutsideTenants,
  setPasswordSchema,
  USER_ADMIN_FIELDS,
  userCreateSchema,
  userRoles,
  userState,
  userUpdateSchema,
} from '../../../src/domain/users';

const admin = { id: 1, isAdmin: true };
const customer = { id: 4, isAdmin: false };

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('editableUserFields', () => {
  it('a non-admin: their own language only, nothing on other accounts', () => {
    expect(editableUserFields(customer, { id: 4 })).toEqual(['languageKey']);
    expect(editableUserFields(customer, { id: 5 })).toEqual([]);
  });

  it('an admin: every field of another account', () => {
    expect(editableUserFields(admin, { id: 5 })).toEqual([...USER_ADMIN_FIELDS, 'languageKey']);
    expect(editableUserFields(admin, { id: 5 })).toContain('isAdmin');
    expect(editableUserFields(admin, { id: 5 })).toContain('isActive');
  });

  it('an admin on their own account: not their admin role, not their active flag', () => {
    const own = editableUserFields(admin, { id: 1 });
    expect(own).not.toContain('isAdmin');
    expect(own).not.toContain('isActive');
    expect(own).toContain('email');
    expect(own).toContain('tenantIDs');
  });

  it('nobody edits a deleted account', () => {
    expect(editableUserFields(admin, { id: 5, deleted: true })).toEqual([]);
  });
});

describe('refusedUserChange', () => {
  it('allows what is editable', () => {
    expect(refusedUserChange(customer, { id: 4 }, { languageKey: 'nl' })).toBeNull();
    expect(refusedUserChange(admin, { id: 5 }, { isAdmin: true, isActive: false, tenantIDs: [1] })).toBeNull();
    expect(refusedUserChange(admin, { id: 1 }, { lastName: 'Admin' })).toBeNull();
  });

  it('a non-admin: another account is 404, an admin field 400 naming it', () => {
    expect(refusedUserChange(customer, { id: 5 }, { languageKey: 'nl' })?.status).toBe(404);
    expect(refusedUserChange(customer, { id: 4 }, { languageKey: 'nl', isAdmin: true })).toEqual({ status: 400, key: 'USERS.FieldNotEditable', reference: 'isAdmin' });
  });

  it('an admin cannot demote or deactivate themselves (409); keeping them true is no change', () => {
    expect(refusedUserChange(admin, { id: 1 }, { isAdmin: false })).toMatchObject({ status: 409, key: 'USERS.CannotRemoveOwnAdmin' });
    expect(refusedUserChange(admin, { id: 1 }, { isActive: false })).toMatchObject({ status: 409, key: 'USERS.CannotDeactivateSelf' });
    expect(refusedUserChange(admin, { id: 1 }, { isAdmin: true, isActive: true })).toBeNull();
  });

  it('a deleted account is 409 for any change', () => {
    expect(refusedUserChange(admin, { id: 5, deleted: true }, {})).toMatchObject({ status: 409, key: 'USERS.DeletedNotEditable' });
  });

  it('undefined values are no change', () => {
    expect(refusedUserChange(customer, { id: 4 }, { languageKey: 'de', isAdmin: undefined })).toBeNull();
  });
});

describe('schemas', () => {
  const valid = { login: 'nina.nieuw', email: 'nina@bouw.example', firstName: 'Nina', lastName: 'Nieuw' };

  it('create: defaults for flags, language and links', () => {
    expect(userCreateSchema.parse(valid)).toEqual({
      ...valid,
      isInternal: false,
      isExternalLogin: false,
      isAdmin: false,
      isConfigurer: false,
      isProjectPlanner: false,
      language: 'de',
      tenantIDs: [],
      salesOrgIDs: [],
    });
  });

  it.each([
    [{ login: 'two words' }, 'login:USERS.InvalidLogin'],
    [{ login: '' }, 'login:VALIDATION.IsRequired'],
    [{ email: 'nina' }, 'email:VALIDATION.InvalidEmail'],
    [{ firstName: undefined }, 'firstName:VALIDATION.IsRequired'],
    [{ language: 'fr' }, 'language:VALIDATION.InvalidValue'],
    [{ tenantIDs: [0] }, 'tenantIDs.0:VALIDATION.InvalidValue'],
    [{ isAdmin: 'true' }, 'isAdmin:VALIDATION.InvalidType'],
  ])('create refuses %j', (change, expected) => {
    expect(issues(userCreateSchema.safeParse({ ...valid, ...change }))).toContain(expected);
  });

  it('update: any subset, no login, strict', () => {
    expect(userUpdateSchema.parse({})).toEqual({});
    expect(userUpdateSchema.parse({ isActive: false, languageKey: 'nl' })).toEqual({ isActive: false, languageKey: 'nl' });
    expect(issues(userUpdateSchema.safeParse({ login: 'x' }))[0]).toMatch(/^:/);
    expect(issues(userUpdateSchema.safeParse({ lastName: ' ' }))).toEqual(['lastName:VALIDATION.IsRequired']);
  });

  it('set password: the shared rules and an equal confirmation', () => {
    expect(setPasswordSchema.safeParse({ password: 'Bouw-Nina-1', confirmPassword: 'Bouw-Nina-1' }).success).toBe(true);
    expect(issues(setPasswordSchema.safeParse({ password: 'abcdef', confirmPassword: 'abcdef' }))).toEqual(['password:PROFILE.PasswordDialog.InvalidPasswordRequirements']);
    expect(issues(setPasswordSchema.safeParse({ password: 'Bouw-Nina-1', confirmPassword: 'Bouw-Nina-2' }))).toEqual(['confirmPassword:PROFILE.PasswordDialog.NewPasswordConfirmFail']);
    expect(issues(setPasswordSchema.safeParse({}))).toEqual(['password:VALIDATION.IsRequired', 'confirmPassword:VALIDATION.IsRequired']);
  });
});

describe('links, roles and state', () => {
  it('finds sales organisations outside the chosen tenants', () => {
    const orgs = [{ id: 1, tenantID: 10 }, { id: 2, tenantID: 20 }];
    expect(salesOrgsOutsideTenants(orgs, [10])).toEqual([{ id: 2, tenantID: 20 }]);
    expect(salesOrgsOutsideTenants(orgs, [10, 20])).toEqual([]);
  });

  it('roles and state for the chips', () => {
    expect(userRoles({ isAdmin: true, isConfigurer: true })).toEqual(['admin', 'configurer']);
    expect(userRoles({ isAdmin: false, isConfigurer: false })).toEqual(['none']);
    const base = { deleted: false, isActive: true, hasPassword: true, isExternalLogin: false };
    expect(userState(base)).toBe('active');
    expect(userState({ ...base, hasPassword: false })).toBe('invited');
    expect(userState({ ...base, hasPassword: false, isExternalLogin: true })).toBe('active');
    expect(userState({ ...base, isActive: false })).toBe('inactive');
    expect(userState({ ...base, isActive: false, deleted: true })).toBe('deleted');
  });
});

import { describe, expect, it } from 'vitest';
import { characterClasses, meetsPasswordRequirements, passwordChangeSchema } from '../../../src/domain/password';

function keys(input: unknown) {
  const result = passwordChangeSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('password requirements', () => {
  it.each([
    ['Abc12', false, 'too short'],
    ['abcdef', false, 'one class'],
    ['abcdef12', false, 'two classes'],
    ['Abcdef12', true, 'upper, lower, digit'],
    ['abcdef1!', true, 'lower, digit, special'],
    ['ABCDEF-!x', true, 'upper, special, lower'],
    ['Äbcdéf1', true, 'letters beyond ASCII count'],
    ['abc 12', false, 'a space is no special character: two classes'],
    ['Abc!12', true, 'exactly six'],
  ])('%s → %s (%s)', (password, ok) => {
    expect(meetsPasswordRequirements(password)).toBe(ok);
  });

  it('counts the four classes', () => {
    expect(characterClasses('aA1!')).toBe(4);
    expect(characterClasses('aaaa')).toBe(1);
  });
});

describe('password change', () => {
  const valid = { oldPassword: 'Portal-Demo-1', newPassword: 'Neues-Pass1', confirmNewPassword: 'Neues-Pass1' };
  it('accepts a valid change', () => expect(keys(valid)).toEqual([]));
  it('all three are required', () => {
    expect(keys({})).toEqual(['oldPassword', 'newPassword', 'confirmNewPassword'].map((field) => `${field}:VALIDATION.IsRequired`));
  });
  it('the new password must meet the requirements', () => {
    expect(keys({ ...valid, newPassword: 'simple', confirmNewPassword: 'simple' })).toContain('newPassword:PROFILE.PasswordDialog.InvalidPasswordRequirements');
  });
  it('new must differ from old', () => {
    expect(keys({ ...valid, newPassword: valid.oldPassword, confirmNewPassword: valid.oldPassword })).toEqual(['newPassword:PROFILE.PasswordDialog.SamePassword']);
  });
  it('confirmation must equal new, reported even while another field is missing', () => {
    expect(keys({ ...valid, confirmNewPassword: 'Neues-Pass2' })).toEqual(['confirmNewPassword:PROFILE.PasswordDialog.NewPasswordConfirmFail']);
    expect(keys({ newPassword: 'Neues-Pass1', confirmNewPassword: 'Neues-Pass2' })).toContain('confirmNewPassword:PROFILE.PasswordDialog.NewPasswordConfirmFail');
  });
  it('refuses unknown fields and non-objects', () => {
    expect(keys({ ...valid, extra: 1 }).length).toBe(1);
    expect(passwordChangeSchema.safeParse(null).success).toBe(false);
  });
});

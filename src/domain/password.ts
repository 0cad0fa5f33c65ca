import { z } from 'zod';
import { MESSAGE } from './validation';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGE = {
  invalidRequirements: 'PROFILE.PasswordDialog.InvalidPasswordRequirements',
  samePassword: 'PROFILE.PasswordDialog.SamePassword',
  confirmFail: 'PROFILE.PasswordDialog.NewPasswordConfirmFail',
} as const;

/** How many of the four classes (upper case, lower case, digit, special character) a password uses. */
export function characterClasses(password: string): number {
  return [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u].filter((pattern) => pattern.test(password)).length;
}

/** At least 6 characters with at least three of the four classes. */
export function meetsPasswordRequirements(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && characterClasses(password) >= 3;
}

const passwordField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE.required : MESSAGE.invalidType) })
  .min(1, MESSAGE.required)
  .refine(meetsPasswordRequirements, PASSWORD_MESSAGE.invalidRequirements);

/**
 * The change-password form and `PUT api/account/planxchange/password`: all three required and valid,
 * new different from old, confirmation equal to new.
 */
export const passwordChangeSchema = z
  .strictObject({
    oldPassword: passwordField,
    newPassword: passwordField,
    confirmNewPassword: passwordField,
  })
  .refine((value) => !value?.newPassword || value.newPassword !== value.oldPassword, {
    message: PASSWORD_MESSAGE.samePassword,
    path: ['newPassword'],
    when: () => true,
  })
  .refine((value) => !value?.confirmNewPassword || value.confirmNewPassword === value.newPassword, {
    message: PASSWORD_MESSAGE.confirmFail,
    path: ['confirmNewPassword'],
    when: () => true,
  });

export type PasswordChange = z.infer<typeof passwordChangeSchema>;

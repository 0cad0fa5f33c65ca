import { z } from 'zod';
import type { Language } from './languages';
import { hasControlCharacters, MESSAGE, requiredOr, requiredText } from './validation';

/** `GET api/data/planxchange/profile` answers `{ data: Profile }`. */
export interface Profile {
  /** email: the account's address (the sales-organisation request names it as the sender). */
  user: { userID: number; userLogin: string; language: Language; email: string };
  userProfile: { firstName: string; lastName: string; hasProfileImage: 0 | 1; dailyStatusMail: boolean };
  isExternalLogin: boolean;
  address: CompanyData;
  contact: ContactData;
}

export interface CompanyData {
  name: string;
  street1: string;
  street2: string;
  zip: string;
  city: string;
}

export interface ContactData {
  officePhone: string;
  companyMobile: string;
}

/** An optional text: empty allowed, trimmed, limited, no control characters. */
function optionalText(max: number) {
  return z
    .string({ error: requiredOr() })
    .trim()
    .max(max, MESSAGE.tooLong)
    .refine((text) => !hasControlCharacters(text), MESSAGE.invalidCharacters);
}

const PHONE = /^[+()\d\s/.-]*$/;
function phone() {
  return optionalText(40).refine((text) => PHONE.test(text), 'VALIDATION.InvalidPhone');
}

export const personalDataSchema = z.strictObject({
  firstName: requiredText(120),
  lastName: requiredText(120),
});

/** Company data: the spec has no client-side rules; the server limits lengths. */
export const companyDataSchema = z.strictObject({
  name: optionalText(200),
  street1: optionalText(200),
  street2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(120),
});

export const contactDataSchema = z.strictObject({
  officePhone: phone(),
  companyMobile: phone(),
});

export const profileSettingsSchema = z.strictObject({
  dailyStatusMail: z.boolean({ error: requiredOr() }),
});

type ProfileRights = Pick<Profile, 'isExternalLogin'>;

/** External logins (identity managed elsewhere) cannot edit personal data, the password or the avatar. */
export function canEditPersonalData(profile: ProfileRights): boolean {
  return !profile.isExternalLogin;
}

export function canChangePassword(profile: ProfileRights): boolean {
  return !profile.isExternalLogin;
}

export function canDeleteAvatar(profile: Pick<Profile, 'isExternalLogin' | 'userProfile'>): boolean {
  return profile.userProfile.hasProfileImage === 1 && !profile.isExternalLogin;
}

/** Contact data can be edited only once first and last name are filled. */
export function canEditContact(profile: Pick<Profile, 'userProfile'>): boolean {
  return Boolean(profile.userProfile.firstName.trim() && profile.userProfile.lastName.trim());
}

/** What the portal shows instead of the name of a user who deleted their account. */
export const DELETED_USER_KEY = 'PROFILE.DeletedUser';

import { describe, expect, it } from 'vitest';
import { avatarUrl } from '../../../src/domain/avatar';
import { canChangePassword, canDeleteAvatar, canEditContact, canEditPersonalData, companyDataSchema, contactDataSchema, personalDataSchema } from '../../../src/domain/profile';

const profile = (external: boolean, hasImage: 0 | 1, first = 'Kees', last = 'Klant') => ({
  isExternalLogin: external,
  userProfile: { firstName: first, lastName: last, hasProfileImage: hasImage, dailyStatusMail: false },
});

describe('profile rights', () => {
  it('external logins cannot edit personal data, change the password or delete the avatar', () => {
    expect(canEditPersonalData(profile(true, 1))).toBe(false);
    expect(canChangePassword(profile(true, 1))).toBe(false);
    expect(canDeleteAvatar(profile(true, 1))).toBe(false);
    expect(canEditPersonalData(profile(false, 0))).toBe(true);
    expect(canChangePassword(profile(false, 0))).toBe(true);
  });
  it('delete avatar only when there is one', () => {
    expect(canDeleteAvatar(profile(false, 1))).toBe(true);
    expect(canDeleteAvatar(profile(false, 0))).toBe(false);
  });
  it('contact data only once first and last name are filled', () => {
    expect(canEditContact(profile(false, 0))).toBe(true);
    expect(canEditContact(profile(false, 0, '', 'Klant'))).toBe(false);
    expect(canEditContact(profile(false, 0, 'Kees', '  '))).toBe(false);
  });
});

describe('profile schemas', () => {
  it('personal data: both names required', () => {
    expect(personalDataSchema.safeParse({ firstName: 'A', lastName: 'B' }).success).toBe(true);
    expect(personalDataSchema.safeParse({ firstName: ' ', lastName: 'B' }).success).toBe(false);
  });
  it('company data: every field optional, limited', () => {
    expect(companyDataSchema.safeParse({ name: '', street1: '', street2: '', zip: '', city: '' }).success).toBe(true);
    expect(companyDataSchema.safeParse({ name: '', street1: '', street2: '', zip: '1'.repeat(21), city: '' }).success).toBe(false);
  });
  it('contact data: phone numbers only', () => {
    expect(contactDataSchema.safeParse({ officePhone: '+49 (421) 555-01/00', companyMobile: '' }).success).toBe(true);
    expect(contactDataSchema.safeParse({ officePhone: 'ring me', companyMobile: '' }).success).toBe(false);
  });
  it('avatar address with cache busting', () => {
    expect(avatarUrl(4)).toBe('/api/data/planxchange/profilefiles/4/thumbnail.png');
    expect(avatarUrl(4, 99)).toBe('/api/data/planxchange/profilefiles/4/thumbnail.png?ts=99');
  });
});

import { describe, expect, it } from 'vitest';
import { lastPage, parseListStyle, parsePageParam, parsePageSize, projectLogoId } from '../../../src/domain/projectLists';
import { NOT_AVAILABLE, salesOrgRequestFromProfile, salesOrgRequestSchema } from '../../../src/domain/salesOrgRequest';
import type { Profile } from '../../../src/domain/profile';

describe('project list preferences', () => {
  it('accepts only the offered page sizes, else 20', () => {
    expect([10, 20, 50].map((size) => parsePageSize(String(size)))).toEqual([10, 20, 50]);
    for (const raw of [null, '', '15', '100', 'abc', '-10']) expect(parsePageSize(raw)).toBe(20);
  });
  it('defaults to the table', () => {
    expect(parseListStyle('grid')).toBe('grid');
    for (const raw of [null, 'table', 'cards', '']) expect(parseListStyle(raw)).toBe('table');
  });
  it('reads the zero-based page parameter; anything odd is the first page', () => {
    expect(parsePageParam('0')).toBe(0);
    expect(parsePageParam('3')).toBe(3);
    for (const raw of [null, '', '-1', '1.5', 'x', '9999999']) expect(parsePageParam(raw)).toBe(0);
  });
  it('computes the last page', () => {
    expect(lastPage(0, 20)).toBe(0);
    expect(lastPage(20, 20)).toBe(0);
    expect(lastPage(21, 20)).toBe(1);
    expect(lastPage(11, 10)).toBe(1);
  });
  it('names the logo by tenant, and sales organisation when there is one', () => {
    expect(projectLogoId({ tenantID: 1, salesOrgID: null })).toBe('1');
    expect(projectLogoId({ tenantID: 1, salesOrgID: 4 })).toBe('1_4');
  });
});

describe('sales organisation request', () => {
  const profile: Profile = {
    user: { userID: 7, userLogin: 'kees', language: 'en', email: 'kees@example.com' },
    userProfile: { firstName: 'Kees', lastName: '', hasProfileImage: 0, dailyStatusMail: false },
    isExternalLogin: false,
    address: { name: 'Bouw B.V.', street1: 'Havenweg 12', street2: ' ', zip: '', city: 'Rotterdam' },
    contact: { officePhone: '', companyMobile: '+31 6 1234' },
  };

  it('builds the body from the profile, missing values as N/A, the mobile when there is no office phone', () => {
    expect(salesOrgRequestFromProfile(profile, 'sales@example.com')).toEqual({
      SenderMail: 'kees@example.com',
      RecipientMail: 'sales@example.com',
      SenderUserID: 7,
      FirstName: 'Kees',
      LastName: NOT_AVAILABLE,
      Company: 'Bouw B.V.',
      Street1: 'Havenweg 12',
      Street2: NOT_AVAILABLE,
      ZIP: NOT_AVAILABLE,
      City: 'Rotterdam',
      Phone: '+31 6 1234',
    });
  });

  it('validates what the server accepts', () => {
    const body = salesOrgRequestFromProfile(profile, 'sales@example.com');
    expect(salesOrgRequestSchema.safeParse(body).success).toBe(true);
    expect(salesOrgRequestSchema.parse({ ...body, City: '' }).City).toBe(NOT_AVAILABLE);
    expect(salesOrgRequestSchema.safeParse({ ...body, RecipientMail: 'x' }).success).toBe(false);
    expect(salesOrgRequestSchema.safeParse({ ...body, City: 'x'.repeat(201) }).success).toBe(false);
    expect(salesOrgRequestSchema.safeParse({ ...body, Extra: 1 }).success).toBe(false);
    expect(salesOrgRequestSchema.safeParse({ ...body, SenderUserID: 0 }).success).toBe(false);
  });
});

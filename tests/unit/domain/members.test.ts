import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareMembers, memberFullName, memberInitials, roleLabelKey, showMemberEmail, tenantLogoId, tenantLogoUrl } from '../../../src/domain/members';
import { MEMBER_ROLES } from '../../../src/domain/projectUnits';
import { logoKeys } from '../../../server/services/tenant-logos';

describe('showMemberEmail', () => {
  it('hides e-mails from customers when the project has HideMemberEMail', () => {
    expect(showMemberEmail(['ProjectTools', 'HideMemberEMail'], false)).toBe(false);
    expect(showMemberEmail(['ProjectTools'], false)).toBe(true);
    expect(showMemberEmail([], false)).toBe(true);
  });
  it('the provider’s staff always see them', () => {
    expect(showMemberEmail(['HideMemberEMail'], true)).toBe(true);
    expect(showMemberEmail([], true)).toBe(true);
  });
});

describe('roleLabelKey', () => {
  it('has a key per known role and Unknown for the rest', () => {
    for (const role of MEMBER_ROLES) expect(roleLabelKey(role)).toBe(`MEMBERS.Role.${role}`);
    expect(roleLabelKey('architect')).toBe('MEMBERS.Role.Unknown');
    expect(roleLabelKey('')).toBe('MEMBERS.Role.Unknown');
    expect(roleLabelKey(null)).toBe('MEMBERS.Role.Unknown');
    expect(roleLabelKey('toString')).toBe('MEMBERS.Role.Unknown');
  });
  it('every role label is translated in de, en and nl', () => {
    for (const language of ['de', 'en', 'nl']) {
      const roles = JSON.parse(readFileSync(join(__dirname, `../../../i18n/${language}.json`), 'utf8')).MEMBERS.Role as Record<string, string>;
      for (const role of [...MEMBER_ROLES, 'Unknown']) expect(roles[role], `${language}: ${role}`).toBeTruthy();
    }
  });
});

describe('compareMembers', () => {
  const m = (memberRoleKey: string, lastName: string, firstName = '', userID = 1) => ({ memberRoleKey, lastName, firstName, userID });
  it('sorts by role in the order of MEMBER_ROLES, unknown roles last, then by name', () => {
    const list = [m('purchaser', 'Partner'), m('mystery', 'Alpha'), m('reviewer', 'Zeta'), m('salesPlanner', 'Planer'), m('reviewer', 'anders'), m('drafter', 'Zeichner')];
    expect(list.sort(compareMembers).map((x) => `${x.memberRoleKey}:${x.lastName}`)).toEqual([
      'reviewer:anders',
      'reviewer:Zeta',
      'drafter:Zeichner',
      'salesPlanner:Planer',
      'purchaser:Partner',
      'mystery:Alpha',
    ]);
  });
  it('falls back to first name and id', () => {
    expect(compareMembers(m('member', 'Klant', 'Anna', 2), m('member', 'Klant', 'Kees', 1))).toBeLessThan(0);
    expect(compareMembers(m('member', 'Klant', 'Kees', 1), m('member', 'Klant', 'Kees', 2))).toBeLessThan(0);
  });
});

describe('tenant logos', () => {
  it('logo id: tenantID, or tenantID_salesOrgID', () => {
    expect(tenantLogoId(3, null)).toBe('3');
    expect(tenantLogoId(3, 7)).toBe('3_7');
    expect(tenantLogoId(null, 7)).toBeNull();
    expect(tenantLogoUrl('3_7')).toBe('/api/data/planxchange/tenantfiles/3_7/thumbnail.png');
  });
  it('storage keys fall back from the sales organisation to the tenant', () => {
    expect(logoKeys('3_7')).toEqual(['tenants/3_7.png', 'tenants/3.png']);
    expect(logoKeys('3')).toEqual(['tenants/3.png']);
  });
  it('anything but digits (and one underscore) is no logo id', () => {
    for (const bad of ['', '0', '03', '3_', '_7', '3_7_9', '3_0', '../3', '3.png', 'abc', '1'.repeat(11), '3 7']) expect(logoKeys(bad)).toBeNull();
  });
});

describe('member names', () => {
  it('full name and initials, with the login as the last resort', () => {
    expect(memberFullName({ firstName: 'Stefan', lastName: 'Planer', userLogin: 'staff' })).toBe('Stefan Planer');
    expect(memberFullName({ firstName: '', lastName: '', userLogin: 'staff' })).toBe('staff');
    expect(memberInitials({ firstName: 'stefan', lastName: 'planer', userLogin: 'staff' })).toBe('SP');
    expect(memberInitials({ firstName: '', lastName: '', userLogin: 'staff' })).toBe('S');
    expect(memberInitials({ firstName: '', lastName: '', userLogin: '' })).toBe('?');
  });
});

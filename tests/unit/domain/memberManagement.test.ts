import { describe, expect, it } from 'vitest';
import { canManageMembers, invitationStatus, memberAddSchema, membershipChangeProblem, roleAllowedFor } from '../../../src/domain/memberManagement';

describe('who manages members', () => {
  it.each([
    [{ role: 'salesPlanner', isInternal: true, isAdmin: false }, true],
    [{ role: 'processPlanner', isInternal: true, isAdmin: false }, true],
    [{ role: null, isInternal: true, isAdmin: true }, true],
    [{ role: 'drafter', isInternal: true, isAdmin: false }, false],
    [{ role: null, isInternal: true, isAdmin: false }, false],
    [{ role: 'reviewer', isInternal: false, isAdmin: false }, false],
    // A customer never changes members, whatever role they were given.
    [{ role: 'processPlanner', isInternal: false, isAdmin: false }, false],
  ])('%j → %s', (actor, allowed) => {
    expect(canManageMembers(actor).allowed).toBe(allowed);
  });

  it('says why: customers see but never change; other staff are not managers', () => {
    expect(canManageMembers({ role: 'reviewer', isInternal: false, isAdmin: false })).toEqual({ allowed: false, reason: 'MEMBERS.Rules.CustomersCannotChange' });
    expect(canManageMembers({ role: 'drafter', isInternal: true, isAdmin: false })).toEqual({ allowed: false, reason: 'MEMBERS.Rules.OnlyManagers' });
  });
});

describe('member rules', () => {
  const members = [
    { userId: 1, role: 'salesPlanner' },
    { userId: 2, role: 'reviewer' },
  ];
  it('the last salesPlanner stays', () => {
    expect(membershipChangeProblem(members, 1, null)).toBe('MEMBERS.Rules.LastSalesPlanner');
    expect(membershipChangeProblem(members, 1, 'member')).toBe('MEMBERS.Rules.LastSalesPlanner');
    expect(membershipChangeProblem(members, 1, 'salesPlanner')).toBeNull();
    expect(membershipChangeProblem(members, 2, null)).toBeNull();
    expect(membershipChangeProblem([...members, { userId: 3, role: 'salesPlanner' }], 1, null)).toBeNull();
    expect(membershipChangeProblem(members, 9, null)).toBe('MEMBERS.Rules.NotMember');
  });

  it('steering roles are for staff', () => {
    expect(roleAllowedFor('salesPlanner', { isInternal: false }).allowed).toBe(false);
    expect(roleAllowedFor('processPlanner', { isInternal: false }).allowed).toBe(false);
    expect(roleAllowedFor('salesPlanner', { isInternal: true }).allowed).toBe(true);
    expect(roleAllowedFor('drafter', { isInternal: false }).allowed).toBe(true);
  });

  it('an add names a user or an e-mail address, never both, and one of the spec\'s roles', () => {
    expect(memberAddSchema.safeParse({ userID: 4, memberRoleKey: 'reviewer' }).success).toBe(true);
    expect(memberAddSchema.safeParse({ email: 'a@b.example', firstName: 'A', language: 'nl', memberRoleKey: 'drafter' }).success).toBe(true);
    expect(memberAddSchema.safeParse({ memberRoleKey: 'reviewer' }).success).toBe(false);
    expect(memberAddSchema.safeParse({ userID: 4, email: 'a@b.example', memberRoleKey: 'reviewer' }).success).toBe(false);
    expect(memberAddSchema.safeParse({ userID: 4, memberRoleKey: 'architect' }).success).toBe(false);
    expect(memberAddSchema.safeParse({ email: 'a@b', memberRoleKey: 'reviewer' }).success).toBe(false);
  });
});

describe('invitation status', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const invited = { hasPassword: false, isExternalLogin: false, deleted: false };
  it('pending while the link is open, expired after, none once a password is set', () => {
    expect(invitationStatus(invited, new Date('2026-03-08T12:00:00Z'), now)).toBe('pending');
    expect(invitationStatus(invited, new Date('2026-03-01T11:59:59Z'), now)).toBe('expired');
    expect(invitationStatus(invited, null, now)).toBe('expired');
    expect(invitationStatus({ ...invited, hasPassword: true }, null, now)).toBeNull();
    expect(invitationStatus({ ...invited, isExternalLogin: true }, null, now)).toBeNull();
    expect(invitationStatus({ ...invited, deleted: true }, null, now)).toBeNull();
  });
});

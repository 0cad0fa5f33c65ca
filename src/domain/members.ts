import type { MemberInvitation } from './memberManagement';
import { MEMBER_ROLES } from './projectUnits';

/** A member of a root project as `GET api/data/planxchange/projectmembers/{rootUnitId}` answers it. */
export interface Member {
  userID: number;
  userLogin: string;
  firstName: string;
  lastName: string;
  /** Company name. */
  name: string;
  officePhone: string;
  companyMobile: string;
  officeFax: string;
  /** Absent when the project hides member e-mails from this viewer (HideMemberEMail). */
  email?: string;
  memberRoleKey: string;
  tenantID: number | null;
  salesOrgID: number | null;
  hasProfileImage: boolean;
  /** The account was deleted: the name is the translated "deleted user", no contact data. */
  isDeleted: boolean;
  /** Provider staff (steering roles need it). */
  isInternal: boolean;
  /** Only for those who manage members, and only while the member has not set a password yet. */
  invitation?: MemberInvitation;
}

/** `GET api/data/planxchange/projectmembers/{rootUnitId}/{userId}`: the three cards of the member profile. */
export interface MemberProfile {
  personal: { firstName: string; lastName: string; hasProfileImage: boolean; userID: number };
  contact: { email?: string; officePhone: string; companyMobile: string; officeFax: string };
  company: { name: string; name2: string; street1: string; street2: string; zip: string; city: string; tenantID: number | null; logoId: string | null };
  memberRoleKey: string;
  isDeleted: boolean;
  project: { projectUnitID: number; projectUnitNo: string; title: string };
}

/** HideMemberEMail hides member e-mails from customers; the provider's staff always see them. */
export function showMemberEmail(features: readonly string[], viewerIsInternal: boolean): boolean {
  return viewerIsInternal || !features.includes('HideMemberEMail');
}

const ROLE_SET = new Set<string>(MEMBER_ROLES);

/** The translation key of a member role; roles the portal does not know show as "Unknown". */
export function roleLabelKey(role: string | null | undefined): string {
  return role && ROLE_SET.has(role) ? `MEMBERS.Role.${role}` : 'MEMBERS.Role.Unknown';
}

/** Members are listed by role (in the order of MEMBER_ROLES, unknown roles last), then by name. */
export function compareMembers(a: Pick<Member, 'memberRoleKey' | 'lastName' | 'firstName' | 'userID'>, b: Pick<Member, 'memberRoleKey' | 'lastName' | 'firstName' | 'userID'>): number {
  const rank = (role: string) => (ROLE_SET.has(role) ? (MEMBER_ROLES as readonly string[]).indexOf(role) : MEMBER_ROLES.length);
  return (
    rank(a.memberRoleKey) - rank(b.memberRoleKey) ||
    a.lastName.localeCompare(b.lastName, undefined, { sensitivity: 'base' }) ||
    a.firstName.localeCompare(b.firstName, undefined, { sensitivity: 'base' }) ||
    a.userID - b.userID
  );
}

/** Logo id: tenantID, or tenantID_salesOrgID when a sales organisation id is present. */
export function tenantLogoId(tenantID: number | null, salesOrgID: number | null): string | null {
  if (!tenantID) return null;
  return salesOrgID ? `${tenantID}_${salesOrgID}` : String(tenantID);
}

export function tenantLogoUrl(logoId: string): string {
  return `/api/data/planxchange/tenantfiles/${encodeURIComponent(logoId)}/thumbnail.png`;
}

export function memberFullName(member: Pick<Member, 'firstName' | 'lastName' | 'userLogin'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.userLogin;
}

/** Up to two initials for the thumbnail when there is no picture. */
export function memberInitials(member: Pick<Member, 'firstName' | 'lastName' | 'userLogin'>): string {
  const letters = `${member.firstName.trim()[0] ?? ''}${member.lastName.trim()[0] ?? ''}`;
  return (letters || member.userLogin.trim()[0] || '?').toUpperCase();
}

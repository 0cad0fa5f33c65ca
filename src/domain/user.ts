import type { Language } from './languages';

/** The signed-in user as the API reports it (`GET /api/auth/me`) and as every permission check sees it. */
export interface SessionUser {
  id: number;
  login: string;
  firstName: string;
  lastName: string;
  isInternal: boolean;
  isExternalLogin: boolean;
  isAdmin: boolean;
  isConfigurer: boolean;
  language: Language;
  hasProfileImage: boolean;
  tenantIds: number[];
  salesOrgIds: number[];
}

/** Which shell a user gets: provider staff get the full staff layout, customers the portal layout. */
export type UserKind = 'staff' | 'customer';

export function userKind(user: Pick<SessionUser, 'isInternal' | 'isAdmin' | 'isConfigurer'>): UserKind {
  return user.isInternal || user.isAdmin || user.isConfigurer ? 'staff' : 'customer';
}

export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'login'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.login;
}

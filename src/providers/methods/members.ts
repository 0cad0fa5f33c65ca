import type { Member, MemberProfile } from '../../domain/members';
import { PROJECT_MEMBERS_API_RESOURCE } from '../../domain/resources';
import { API_BASE, getJson } from './request';

const MEMBERS_API = `${API_BASE}/${PROJECT_MEMBERS_API_RESOURCE}`;

/** The members card and the member profile page (`projectmembers/{root}[/{user}]`). */
export const memberMethods = {
  getMembers: (rootId: number) => getJson<Member[]>(`${MEMBERS_API}/${rootId}`),
  getMemberProfile: (rootId: number, userId: number) => getJson<MemberProfile>(`${MEMBERS_API}/${rootId}/${userId}`),
};

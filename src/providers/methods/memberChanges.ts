import type { MemberAdd, MemberCandidate } from '../../domain/memberManagement';
import type { Member } from '../../domain/members';
import type { MemberRole } from '../../domain/projectUnits';
import type { RootProjectOptions } from '../../domain/rootProjects';
import { PROJECT_MEMBERS_API_RESOURCE } from '../../domain/resources';
import { httpClient } from '../http';
import { API_BASE } from './request';

const MEMBERS = `${API_BASE}/${PROJECT_MEMBERS_API_RESOURCE}`;
const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * Custom methods of the data provider for project members and new root projects (consumed with
 * `useDataProvider` + react-query). Errors are HttpErrors carrying the server's `messages`.
 */
export const projectMemberMethods = {
  async getRootProjectOptions(): Promise<RootProjectOptions> {
    return (await httpClient('/api/root-projects/options')).json as RootProjectOptions;
  },
  async getMemberCandidates(rootId: number, q: string): Promise<MemberCandidate[]> {
    return (await httpClient(`${MEMBERS}/${rootId}/candidates?${new URLSearchParams({ q })}`)).json as MemberCandidate[];
  },
  async addProjectMember(rootId: number, member: MemberAdd): Promise<Member> {
    return (await httpClient(`${MEMBERS}/${rootId}`, json(member))).json as Member;
  },
  async changeMemberRole(rootId: number, userId: number, memberRoleKey: MemberRole): Promise<Member> {
    return (await httpClient(`${MEMBERS}/${rootId}/${userId}`, { method: 'PUT', body: JSON.stringify({ memberRoleKey }) })).json as Member;
  },
  async removeProjectMember(rootId: number, userId: number): Promise<void> {
    await httpClient(`${MEMBERS}/${rootId}/${userId}`, { method: 'DELETE' });
  },
  async resendMemberInvitation(rootId: number, userId: number): Promise<Member> {
    return (await httpClient(`${MEMBERS}/${rootId}/${userId}/invitation`, { method: 'POST' })).json as Member;
  },
  async revokeMemberInvitation(rootId: number, userId: number): Promise<void> {
    await httpClient(`${MEMBERS}/${rootId}/${userId}/invitation`, { method: 'DELETE' });
  },
};

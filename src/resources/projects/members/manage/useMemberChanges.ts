import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { MemberAdd } from '../../../../domain/memberManagement';
import { PROJECTS_RESOURCE, TASKS_RESOURCE } from '../../../../domain/resources';
import type { MemberRole } from '../../../../domain/projectUnits';
import type { PortalDataProvider } from '../../../../providers/dataProvider';

/**
 * What a membership change touches: the members card, the project lists and unit pages (the unit context is a
 * query of the project resource), the counters, the tasks and the candidates. Keys are the queries' own prefixes.
 */
export const MEMBER_CHANGE_KEYS: QueryKey[] = [['projectmembers'], [PROJECTS_RESOURCE], ['dashboard'], [TASKS_RESOURCE], ['member-candidates']];

/** The member changes of one root, each refreshing everything that depends on who is a member. */
export function useMemberChanges(rootId: number) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const onSuccess = () => Promise.all(MEMBER_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })));
  return {
    add: useMutation({ mutationFn: (member: MemberAdd) => dataProvider.addProjectMember(rootId, member), onSuccess }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: number; role: MemberRole }) => dataProvider.changeMemberRole(rootId, userId, role),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (userId: number) => dataProvider.removeProjectMember(rootId, userId), onSuccess }),
    resend: useMutation({ mutationFn: (userId: number) => dataProvider.resendMemberInvitation(rootId, userId), onSuccess }),
    revoke: useMutation({ mutationFn: (userId: number) => dataProvider.revokeMemberInvitation(rootId, userId), onSuccess }),
  };
}

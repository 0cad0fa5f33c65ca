import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import type { Profile } from '../../domain/profile';
import { loadUser } from '../../providers/authProvider';
import { httpClient } from '../../providers/http';

export const PROFILE_API = '/api/data/planxchange';
const PROFILE_QUERY = ['profile'];

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: async () => ((await httpClient(`${PROFILE_API}/profile`)).json as { data: Profile }).data,
  });
}

/**
 * Sends a profile change; the answer is the new profile. The signed-in identity (name, avatar in the
 * top bar) is reloaded as well.
 */
export function useProfileUpdate() {
  const queryClient = useQueryClient();
  const { refetch } = useGetIdentity();
  return async (path: string, init: RequestInit) => {
    const response = await httpClient(`${PROFILE_API}/${path}`, init);
    const profile = (response.json as { data?: Profile } | undefined)?.data;
    if (profile) queryClient.setQueryData(PROFILE_QUERY, profile);
    else await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
    await loadUser(true);
    await refetch();
    return profile;
  };
}

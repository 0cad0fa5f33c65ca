import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import type { Profile } from '../../domain/profile';
import { loadUser } from '../../providers/authProvider';
import { usePortalDataProvider, type PortalDataProvider } from '../../providers/dataProvider';

const PROFILE_QUERY = ['profile'];

export function useProfile() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: PROFILE_QUERY,
    queryFn: () => dataProvider.getProfile(),
  });
}

/**
 * Sends a profile change (one of the data provider's profile methods); its answer is the new profile. The signed-in
 * identity (name, avatar in the top bar) is reloaded as well.
 */
export function useProfileUpdate() {
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const { refetch } = useGetIdentity();
  return async (change: (dataProvider: PortalDataProvider) => Promise<Profile | undefined>) => {
    const profile = await change(dataProvider);
    if (profile) queryClient.setQueryData(PROFILE_QUERY, profile);
    else await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY });
    await loadUser(true);
    await refetch();
    return profile;
  };
}

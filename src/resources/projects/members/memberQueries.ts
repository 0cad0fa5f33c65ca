import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { usePortalDataProvider } from '../../../providers/dataProvider';

export const memberProfilePath = (rootId: number, userId: number) => `/home/app/project/memberprofile/${rootId}/${userId}`;
export const projectDetailsPath = (rootId: number | string) => `/home/app/project/details/${rootId}`;

// A 4xx answer will not change on a retry.
const retry = (count: number, error: Error) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 2;

export function useMembers(rootId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['projectmembers', rootId],
    queryFn: () => dataProvider.getMembers(rootId),
    retry,
  });
}

export function useMemberProfile(rootId: number | null, userId: number | null) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['projectmembers', rootId, userId],
    queryFn: () => dataProvider.getMemberProfile(rootId!, userId!),
    enabled: rootId !== null && userId !== null,
    retry,
  });
}

/** A path parameter that is a valid id, else null (the page then says "not found" without asking). */
export function idParam(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

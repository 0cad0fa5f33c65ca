import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../providers/dataProvider';
import type { DashboardCount } from '../../providers/methods/dashboard';

export type { DashboardCount };

/** One counter of the dashboard; read again every time the dashboard is opened, so the numbers are never stale. */
export function useDashboardCount(name: DashboardCount, enabled = true) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['dashboard', name],
    enabled,
    queryFn: () => dataProvider.getDashboardCount(name),
    refetchOnMount: 'always',
    retry: false,
  });
}

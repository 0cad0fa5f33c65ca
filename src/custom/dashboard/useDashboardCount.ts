import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../providers/dataProvider';
import { httpClient } from '../../providers/http';

export type DashboardCount = 'taskCount' | 'projectCount' | 'workflowCount';

/**
 * One counter of the dashboard (`GET …/dashboard/{taskCount|projectCount|workflowCount}` → `{count}`).
 * Read again every time the dashboard is opened, so the numbers are never stale.
 */
export function useDashboardCount(name: DashboardCount, enabled = true) {
  return useQuery({
    queryKey: ['dashboard', name],
    enabled,
    queryFn: async () => ((await httpClient(`${API_BASE}/dashboard/${name}`)).json as { count: number }).count,
    refetchOnMount: 'always',
    retry: false,
  });
}

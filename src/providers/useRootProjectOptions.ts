import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from './dataProvider';

/** Whether the user may set up projects, and the tenants, sales organisations and countries the form offers. */
export function useRootProjectOptions() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: ['root-project-options'], queryFn: () => dataProvider.getRootProjectOptions(), staleTime: 60_000 });
}

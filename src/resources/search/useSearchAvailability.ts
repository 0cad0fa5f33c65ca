import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { SEARCH_RESOURCE } from '../../domain/resources';

export const SEARCH_AVAILABILITY_QUERY = [SEARCH_RESOURCE, 'availability'];

/** Whether the signed-in user's tenants offer the project search; the server decides from the tenant features. */
export function useSearchAvailability() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: SEARCH_AVAILABILITY_QUERY,
    queryFn: () => dataProvider.getSearchAvailability(),
    // Tenant features change rarely; the menu and the page share one answer.
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { SEARCH_RESOURCE } from '../../domain/search';
import { API_BASE } from '../../providers/dataProvider';
import { httpClient } from '../../providers/http';

export const SEARCH_AVAILABILITY_QUERY = [SEARCH_RESOURCE, 'availability'];

/** Whether the signed-in user's tenants offer the project search; the server decides from the tenant features. */
export function useSearchAvailability() {
  return useQuery({
    queryKey: SEARCH_AVAILABILITY_QUERY,
    queryFn: async () => ((await httpClient(`${API_BASE}/${SEARCH_RESOURCE}/availability`)).json as { available: boolean }).available,
    // Tenant features change rarely; the menu and the page share one answer.
    staleTime: 5 * 60_000,
  });
}

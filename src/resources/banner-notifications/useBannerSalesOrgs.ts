import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../providers/http';

export interface BannerSalesOrg {
  id: number;
  salesOrgKey: string;
  title: string;
}

/** The sales organisations a banner can address (`GET api/banner-notifications/sales-orgs`). */
export function useBannerSalesOrgs() {
  return useQuery({
    queryKey: ['banner-sales-orgs'],
    queryFn: async () => (await httpClient('/api/banner-notifications/sales-orgs')).json as BannerSalesOrg[],
    staleTime: 60_000,
  });
}

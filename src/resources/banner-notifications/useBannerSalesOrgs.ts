import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../providers/dataProvider';

export type { BannerSalesOrg } from '../../providers/methods/admin';

/** The sales organisations a banner can address (`GET api/banner-notifications/sales-orgs`). */
export function useBannerSalesOrgs() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['banner-sales-orgs'],
    queryFn: () => dataProvider.getBannerSalesOrgs(),
    staleTime: 60_000,
  });
}

import { useGetList } from 'react-admin';
import { SALES_ORGS_API_RESOURCE, TENANTS_RESOURCE } from '../../domain/resources';

export interface Choice {
  id: number;
  name: string;
}

export interface SalesOrgChoice extends Choice {
  tenantID: number;
  salesOrgKey: string;
}

const ALL = { pagination: { page: 1, perPage: 1000 } } as const;

/** Every sales organisation, for the multi-select and to know each one's tenant. */
export function useSalesOrgChoices() {
  const { data, isPending } = useGetList<{ id: number; salesOrgKey: string; title: string; tenantID: number }>(
    SALES_ORGS_API_RESOURCE,
    { ...ALL, sort: { field: 'salesOrgKey', order: 'ASC' } },
    { staleTime: 60_000 },
  );
  const choices: SalesOrgChoice[] = (data ?? []).map((org) => ({ id: org.id, name: `${org.salesOrgKey} – ${org.title}`, tenantID: org.tenantID, salesOrgKey: org.salesOrgKey }));
  return { choices, isPending };
}

/**
 * The tenants by name from `admin/tenants`; when that resource does not answer, the tenant ids the
 * sales organisations name (`degraded`), so links can still be edited.
 */
export function useTenantChoices() {
  const tenants = useGetList<{ id: number; name: string }>(TENANTS_RESOURCE, { ...ALL, sort: { field: 'name', order: 'ASC' } }, { staleTime: 60_000, retry: false });
  const salesOrgs = useSalesOrgChoices();
  if (!tenants.error) {
    return { choices: (tenants.data ?? []).map((tenant): Choice => ({ id: tenant.id, name: tenant.name })), isPending: tenants.isPending, degraded: false };
  }
  const ids = [...new Set(salesOrgs.choices.map((org) => org.tenantID))].sort((a, b) => a - b);
  return { choices: ids.map((id): Choice => ({ id, name: `#${id}` })), isPending: salesOrgs.isPending, degraded: true };
}

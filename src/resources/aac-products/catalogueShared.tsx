import { useQuery } from '@tanstack/react-query';
import { BulkDeleteButton, NullableBooleanInput, SearchInput, SelectInput } from 'react-admin';
import { BulkEditButton } from '../../layout/bulk/BulkEditButton';
import { BulkListActions } from '../../layout/bulk/BulkListActions';
import { usePortalDataProvider } from '../../providers/dataProvider';

export type { CatalogueTenant } from '../../providers/methods/admin';

/** The tenants a catalogue belongs to (`GET catalogue`), for the tenant select and filter. */
export function useCatalogueTenants() {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: ['catalogue-tenants'],
    queryFn: () => dataProvider.getCatalogueTenants(),
    staleTime: 60_000,
  });
}

export function useTenantChoices() {
  const { data, isPending } = useCatalogueTenants();
  return { choices: (data ?? []).map((tenant) => ({ id: tenant.id, name: tenant.name })), isPending };
}

/** The filters both catalogues share: text, tenant, active. */
export function commonFilters(tenantChoices: { id: number; name: string }[]) {
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="tenantID" source="tenantID" choices={tenantChoices} translateChoice={false} alwaysOn />,
    <NullableBooleanInput key="active" source="active" alwaysOn />,
  ];
}

/** Create, the whole catalogue as CSV or Excel (server-streamed, no cap) and the import. */
export const CatalogueListActions = () => <BulkListActions />;

/**
 * Deleting waits for the server (pessimistic) so that a refusal shows as an error, not as a vanished row. No export of
 * the selected rows: the list's export (filter and sort, whole) writes the file the import reads back.
 */
export const CatalogueBulkActions = () => (
  <>
    <BulkEditButton />
    <BulkDeleteButton mutationMode="pessimistic" />
  </>
);

import { BooleanField, Datagrid, List, Pagination, TextField } from 'react-admin';
import { NumberField } from '../../layout/LocalizedFields';
import { CATALOGUE_PAGE_SIZES } from '../../domain/catalogue';
import { CatalogueBulkActions, CatalogueListActions, commonFilters, useTenantChoices } from './catalogueShared';

/** home/app/admin/aacproducts: the AAC element catalogues of all tenants. */
export function AacProductList() {
  const { choices } = useTenantChoices();
  return (
    <List
      title="CATALOGUE.Aac.Title"
      sort={{ field: 'tenantID', order: 'ASC' }}
      perPage={20}
      filters={commonFilters(choices)}
      actions={<CatalogueListActions />}
      pagination={<Pagination rowsPerPageOptions={[...CATALOGUE_PAGE_SIZES]} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<CatalogueBulkActions />}>
        <TextField source="tenantName" sortBy="tenantID" />
        <NumberField source="productNo" />
        <TextField source="articleNo" />
        <TextField source="title" />
        <TextField source="value" />
        <NumberField source="thickness" />
        <NumberField source="width" />
        <NumberField source="minLength" />
        <NumberField source="maxLength" />
        <NumberField source="unitsPerPallet" />
        <NumberField source="price" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

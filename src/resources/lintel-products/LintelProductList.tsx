import { BooleanField, Datagrid, List, NumberInput, Pagination, SelectField, SelectInput, TextField } from 'react-admin';
import { NumberField } from '../../layout/LocalizedFields';
import { CATALOGUE_PAGE_SIZES, LINTEL_TYPES } from '../../domain/catalogue';
import { CatalogueBulkActions, CatalogueListActions, commonFilters, useTenantChoices } from '../aac-products/catalogueShared';

export const lintelTypeChoices = LINTEL_TYPES.map((type) => ({ id: type, name: `CATALOGUE.Lintel.Type.${type}` }));

/** home/app/admin/lintelproducts: the lintel catalogues of all tenants. */
export function LintelProductList() {
  const { choices } = useTenantChoices();
  const filters = [
    ...commonFilters(choices),
    <NumberInput key="thickness" source="thickness" />,
    <NumberInput key="length" source="length" />,
    <NumberInput key="height" source="height" />,
    <SelectInput key="lintelType" source="lintelType" choices={lintelTypeChoices} />,
  ];
  return (
    <List
      title="CATALOGUE.Lintel.Title"
      sort={{ field: 'tenantID', order: 'ASC' }}
      perPage={20}
      filters={filters}
      actions={<CatalogueListActions />}
      pagination={<Pagination rowsPerPageOptions={[...CATALOGUE_PAGE_SIZES]} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<CatalogueBulkActions />}>
        <TextField source="tenantName" sortBy="tenantID" />
        <TextField source="itemNo" />
        <TextField source="title" />
        <TextField source="value" />
        <NumberField source="thickness" />
        <NumberField source="length" />
        <NumberField source="height" />
        <SelectField source="lintelType" choices={lintelTypeChoices} />
        <NumberField source="unitsPerPallet" />
        <NumberField source="price" options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }} />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

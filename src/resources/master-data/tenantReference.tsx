import { ReferenceField, ReferenceInput, SelectInput, TextField } from 'react-admin';
import { TENANTS_RESOURCE } from '../../domain/resources';


/** The tenant a record belongs to; fixed once created (the server refuses a change). */
export function TenantReferenceInput({ disabled = false }: { disabled?: boolean }) {
  return (
    <ReferenceInput source="tenantID" reference={TENANTS_RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput optionText="name" isRequired disabled={disabled} sx={{ minWidth: 280 }} />
    </ReferenceInput>
  );
}

/** The tenant's name in a list; `source` on the element lets the Datagrid label and sort the column. */
export function TenantReferenceField({ source }: { source: 'tenantID' }) {
  return (
    <ReferenceField source={source} reference={TENANTS_RESOURCE} link={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}

/** The tenant filter of the master-data lists. */
export const tenantFilter = (
  <ReferenceInput key="tenantID" source="tenantID" reference={TENANTS_RESOURCE} sort={{ field: 'name', order: 'ASC' }} perPage={100} alwaysOn>
    <SelectInput optionText="name" sx={{ minWidth: 220 }} />
  </ReferenceInput>
);

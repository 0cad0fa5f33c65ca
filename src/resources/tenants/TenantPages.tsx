import { Avatar, Chip, Stack } from '@mui/material';
import { FunctionField, SearchInput, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { NumberField } from '../../layout/LocalizedFields';
import { TENANT_TYPES, tenantCreateSchema, tenantDefaults, type Tenant } from '../../domain/tenants';
import { BrandImageCard } from '../master-data/BrandImageCard';
import { MasterDataCreate, MasterDataEdit } from '../master-data/MasterDataForm';
import { MasterDataList } from '../master-data/MasterDataList';
import { TenantInputs } from './TenantInputs';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={TENANT_TYPES.map((type) => ({ id: type, name: `ADMIN.Tenants.Type.${type}` }))} alwaysOn />,
];

function FeatureChips() {
  const record = useRecordContext<Tenant>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.features.map((flag) => (
        <Chip key={flag} size="small" variant="outlined" label={translate(`ADMIN.Tenants.Feature.${flag}`)} />
      ))}
    </Stack>
  );
}

export function TenantList() {
  const translate = useTranslate();
  return (
    <MasterDataList
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
     
    >
      <FunctionField<Tenant>
        source="hasLogo"
        sortable={false}
        render={(record) => <Avatar variant="rounded" src={record.logoUrl || undefined} alt="" sx={{ width: 64, height: 32, bgcolor: 'grey.100' }} />}
      />
      <NumberField source="tenantID" />
      <TextField source="name" />
      <FunctionField<Tenant> source="type" render={(record) => translate(`ADMIN.Tenants.Type.${record.type}`)} />
      <FunctionField source="features" sortable={false} render={() => <FeatureChips />} />
    </MasterDataList>
  );
}

function TenantLogoAside() {
  const record = useRecordContext<Tenant>();
  if (!record) return null;
  return <BrandImageCard title="ADMIN.Tenants.Logo" imageUrl={record.logoUrl} image={{ owner: 'tenant', id: record.id }} testId="tenant-logo" />;
}

export const TenantCreate = () => (
  <MasterDataCreate schema={tenantCreateSchema} defaultValues={tenantDefaults()}>
    <TenantInputs />
  </MasterDataCreate>
);

export const TenantEdit = () => (
  <MasterDataEdit schema={tenantCreateSchema} aside={<TenantLogoAside />}>
    <TenantInputs />
  </MasterDataEdit>
);

import { Avatar } from '@mui/material';
import { EmailField, FunctionField, SearchInput, TextField, UrlField, useRecordContext } from 'react-admin';
import { salesOrgCreateSchema } from '../../domain/masterData';
import { BrandImageCard } from '../master-data/BrandImageCard';
import { MasterDataCreate, MasterDataEdit } from '../master-data/MasterDataForm';
import { MasterDataList } from '../master-data/MasterDataList';
import { TenantReferenceField, tenantFilter } from '../master-data/tenantReference';
import { SalesOrgInputs } from './SalesOrgInputs';

interface SalesOrgRecord {
  id: number;
  title: string;
  imageUrl: string;
}

const filters = [<SearchInput key="q" source="q" alwaysOn />, tenantFilter];

export function SalesOrgList() {
  return (
    <MasterDataList
      sort={{ field: 'title', order: 'ASC' }}
      filters={filters}
     
    >
      <FunctionField<SalesOrgRecord>
        source="imageUrl"
        sortable={false}
        render={(record) => <Avatar variant="rounded" src={record.imageUrl || undefined} alt="" sx={{ width: 32, height: 32 }} />}
      />
      <TextField source="salesOrgKey" />
      <TextField source="title" />
      <TenantReferenceField source="tenantID" />
      <EmailField source="contactMail" sortable={false} />
      <UrlField source="salesOrgUrl" sortable={false} target="_blank" rel="noopener noreferrer" />
    </MasterDataList>
  );
}

/** The card image beside the form; uploads are saved at once. */
function SalesOrgImageAside() {
  const record = useRecordContext<SalesOrgRecord>();
  if (!record) return null;
  return (
    <BrandImageCard
      title="ADMIN.SalesOrgs.Image"
      imageUrl={record.imageUrl}
      image={{ owner: 'salesOrg', id: record.id }}
      testId="sales-org-image"
    />
  );
}

export const SalesOrgCreate = () => (
  <MasterDataCreate schema={salesOrgCreateSchema} defaultValues={{ salesOrgUrl: '', contactMail: '', defaultPlantID: null }}>
    <SalesOrgInputs />
  </MasterDataCreate>
);

export const SalesOrgEdit = () => (
  <MasterDataEdit schema={salesOrgCreateSchema} aside={<SalesOrgImageAside />}>
    <SalesOrgInputs edit />
  </MasterDataEdit>
);

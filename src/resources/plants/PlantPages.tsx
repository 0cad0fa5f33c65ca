import { SearchInput, TextField } from 'react-admin';
import { NumberField } from '../../layout/LocalizedFields';
import { plantCreateSchema } from '../../domain/masterData';
import { MasterDataCreate, MasterDataEdit } from '../master-data/MasterDataForm';
import { MasterDataList } from '../master-data/MasterDataList';
import { TenantReferenceField, tenantFilter } from '../master-data/tenantReference';
import { PlantInputs } from './PlantInputs';

const filters = [<SearchInput key="q" source="q" alwaysOn />, tenantFilter];

export function PlantList() {
  return (
    <MasterDataList sort={{ field: 'name', order: 'ASC' }} filters={filters}>
      <NumberField source="plantID" />
      <TextField source="name" />
      <TenantReferenceField source="tenantID" />
    </MasterDataList>
  );
}

export const PlantCreate = () => (
  <MasterDataCreate schema={plantCreateSchema}>
    <PlantInputs />
  </MasterDataCreate>
);

export const PlantEdit = () => (
  <MasterDataEdit schema={plantCreateSchema}>
    <PlantInputs edit />
  </MasterDataEdit>
);

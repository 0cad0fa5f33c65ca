import { Chip } from '@mui/material';
import { FunctionField, SearchInput, TextField } from 'react-admin';
import { NumberField } from '../../layout/LocalizedFields';
import { productTypeCreateSchema, productTypeDefaults, type ProductType } from '../../domain/masterData';
import { MasterDataCreate, MasterDataEdit } from '../master-data/MasterDataForm';
import { MasterDataList } from '../master-data/MasterDataList';
import { TenantReferenceField, tenantFilter } from '../master-data/tenantReference';
import { ProductTypeInputs } from './ProductTypeInputs';
import { readableTextColour } from '../../domain/contrast';

const filters = [<SearchInput key="q" source="q" alwaysOn />, tenantFilter];

export function ProductTypeList() {
  return (
    <MasterDataList
      sort={{ field: 'title', order: 'ASC' }}
      filters={filters}
     
    >
      <NumberField source="productTypeID" />
      <FunctionField<ProductType>
        source="title"
        render={(record) => <Chip size="small" label={record.title} sx={{ bgcolor: record.bgColor, color: readableTextColour(record.textColor, record.bgColor) ?? undefined, fontWeight: 600 }} />}
      />
      <TextField source="bgColor" sortable={false} />
      <TextField source="textColor" sortable={false} />
      <TenantReferenceField source="tenantID" />
    </MasterDataList>
  );
}

export const ProductTypeCreate = () => (
  <MasterDataCreate schema={productTypeCreateSchema} defaultValues={productTypeDefaults()}>
    <ProductTypeInputs />
  </MasterDataCreate>
);

export const ProductTypeEdit = () => (
  <MasterDataEdit schema={productTypeCreateSchema}>
    <ProductTypeInputs edit />
  </MasterDataEdit>
);

import { TextInput } from 'react-admin';
import { MASTER_NAME_MAX } from '../../domain/masterData';
import { TenantReferenceInput } from '../master-data/tenantReference';
import { ColorInput, ProductTypeChipPreview } from './ColorInput';

/** The fields of a product type, shared by Create and Edit, with a live chip of its colours. */
export function ProductTypeInputs({ edit = false }: { edit?: boolean }) {
  return (
    <>
      <ProductTypeChipPreview />
      <TextInput source="title" isRequired sx={{ minWidth: 360 }} slotProps={{ htmlInput: { maxLength: MASTER_NAME_MAX } }} />
      <ColorInput source="bgColor" />
      <ColorInput source="textColor" />
      <TenantReferenceInput disabled={edit} />
    </>
  );
}

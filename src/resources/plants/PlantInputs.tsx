import { TextInput } from 'react-admin';
import { MASTER_NAME_MAX } from '../../domain/masterData';
import { TenantReferenceInput } from '../master-data/tenantReference';

/** The fields of a plant, shared by Create and Edit. */
export function PlantInputs({ edit = false }: { edit?: boolean }) {
  return (
    <>
      <TextInput source="name" isRequired sx={{ minWidth: 360 }} slotProps={{ htmlInput: { maxLength: MASTER_NAME_MAX } }} />
      <TenantReferenceInput disabled={edit} />
    </>
  );
}

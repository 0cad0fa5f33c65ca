import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { EMAIL_MAX, MASTER_NAME_MAX, SALES_ORG_KEY_MAX, URL_MAX } from '../../domain/masterData';
import { TenantReferenceInput } from '../master-data/tenantReference';
import { PLANTS_RESOURCE } from '../../domain/resources';

// Optional texts stay '' when cleared (react-admin would send null).
const keepText = (value: string | null) => value ?? '';

/** The default plant is one of the sales organisation's tenant. */
function DefaultPlantInput() {
  const tenantID = useWatch({ name: 'tenantID' }) as number | undefined;
  return (
    <ReferenceInput source="defaultPlantID" reference={PLANTS_RESOURCE} filter={tenantID ? { tenantID } : { id: [] }} sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <SelectInput optionText="name" emptyText="ADMIN.SalesOrgs.NoDefaultPlant" sx={{ minWidth: 280 }} />
    </ReferenceInput>
  );
}

/** The fields of a sales organisation, shared by Create and Edit; homepage and contact mail show on the dashboard card. */
export function SalesOrgInputs({ edit = false }: { edit?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 760 }}>
      <TextInput source="salesOrgKey" isRequired helperText="ADMIN.SalesOrgs.KeyHint" slotProps={{ htmlInput: { maxLength: SALES_ORG_KEY_MAX } }} />
      <TextInput source="title" isRequired slotProps={{ htmlInput: { maxLength: MASTER_NAME_MAX } }} />
      <TenantReferenceInput disabled={edit} />
      <DefaultPlantInput />
      <TextInput source="salesOrgUrl" type="url" parse={keepText} placeholder="https://" slotProps={{ htmlInput: { maxLength: URL_MAX } }} />
      <TextInput source="contactMail" type="email" parse={keepText} slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }} />
    </Box>
  );
}

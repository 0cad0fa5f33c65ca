import { Alert, Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LANGUAGES } from '../../domain/languages';
import { EMAIL_MAX, editableUserFields, LOGIN_MAX, USER_NAME_MAX, type UserField, type UserRecord } from '../../domain/users';
import { useSalesOrgChoices, useTenantChoices } from './useUserChoices';
import { TENANTS_RESOURCE } from '../../domain/resources';

const field = (source: string) => `resources.admin/users.fields.${source}`;

/** Which inputs are enabled: on create all of them, on edit what `editableUserFields` allows this admin. */
function useEditable(mode: 'create' | 'edit'): { can: (source: UserField) => boolean; own: boolean } {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  if (mode === 'create') return { can: () => true, own: false };
  if (!record || !identity) return { can: () => false, own: false };
  const editable = editableUserFields({ id: Number(identity.id), isAdmin: Boolean(identity.isAdmin) }, record);
  return { can: (source) => editable.includes(source), own: Number(identity.id) === record.id };
}

function TenantsInput({ disabled }: { disabled: boolean }) {
  const { choices, isPending, degraded } = useTenantChoices();
  if (degraded) {
    return <SelectArrayInput source="tenantIDs" label={field('tenantIDs')} choices={choices} translateChoice={false} isPending={isPending} disabled={disabled} fullWidth />;
  }
  return (
    <ReferenceArrayInput source="tenantIDs" reference={TENANTS_RESOURCE} perPage={1000} sort={{ field: 'name', order: 'ASC' }}>
      <SelectArrayInput label={field('tenantIDs')} optionText="name" translateChoice={false} disabled={disabled} fullWidth />
    </ReferenceArrayInput>
  );
}

/** Only sales organisations of the chosen tenants; dropping a tenant drops its sales organisations. */
function SalesOrgsInput({ disabled }: { disabled: boolean }) {
  const { choices, isPending } = useSalesOrgChoices();
  const { setValue, getValues } = useFormContext();
  const tenantIDs = (useWatch({ name: 'tenantIDs' }) as number[] | undefined) ?? [];
  const offered = choices.filter((org) => tenantIDs.includes(org.tenantID));
  const key = tenantIDs.join(',');
  useEffect(() => {
    if (isPending) return;
    const chosen = (getValues('salesOrgIDs') as number[] | undefined) ?? [];
    const kept = chosen.filter((id) => offered.some((org) => org.id === id));
    if (kept.length !== chosen.length) setValue('salesOrgIDs', kept, { shouldDirty: true, shouldValidate: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isPending]);
  return (
    <SelectArrayInput
      source="salesOrgIDs"
      label={field('salesOrgIDs')}
      choices={offered}
      translateChoice={false}
      isPending={isPending}
      disabled={disabled || !tenantIDs.length}
      helperText="USERS.SalesOrgsOfTenants"
      fullWidth
    />
  );
}

/** The fields of a user, shared by Create and Edit. */
export function UserInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  const { can, own } = useEditable(mode);
  // Only the provider's staff plan projects (canCreateRootProject): the flag is offered for internal users.
  const isInternal = Boolean(useWatch({ name: 'isInternal' }));
  const off = (source: UserField) => !can(source) || (source === 'isProjectPlanner' && !isInternal);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%', maxWidth: 960 }}>
      {record?.deleted && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1', mb: 2 }} data-testid="user-deleted">
          {translate('USERS.DeletedNotEditable')}
        </Alert>
      )}
      <TextInput source="login" isRequired disabled={mode === 'edit'} helperText={mode === 'edit' ? 'USERS.LoginFixed' : false} slotProps={{ htmlInput: { maxLength: LOGIN_MAX } }} />
      <TextInput source="email" type="email" isRequired disabled={off('email')} slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }} />
      <TextInput source="firstName" isRequired disabled={off('firstName')} slotProps={{ htmlInput: { maxLength: USER_NAME_MAX } }} />
      <TextInput source="lastName" isRequired disabled={off('lastName')} slotProps={{ htmlInput: { maxLength: USER_NAME_MAX } }} />
      <SelectInput source="language" isRequired disabled={off('language')} choices={LANGUAGES.map((id) => ({ id, name: `LANGUAGES.${id}` }))} />
      <Box />
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        {translate('USERS.RolesAndFlags')}
      </Typography>
      {(['isInternal', 'isProjectPlanner', 'isExternalLogin', 'isAdmin', 'isConfigurer'] as const).map((source) => (
        <BooleanInput key={source} source={source} disabled={off(source)} helperText={`USERS.Hint.${source}`} />
      ))}
      {own && (
        <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {translate('USERS.OwnAccountHint')}
        </Typography>
      )}
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        {translate('USERS.Links')}
      </Typography>
      <TenantsInput disabled={off('tenantIDs')} />
      <SalesOrgsInput disabled={off('salesOrgIDs')} />
      {mode === 'create' && (
        <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
          {translate('USERS.InvitationHint')}
        </Typography>
      )}
    </Box>
  );
}

import { Chip, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { userRoles, userState, type UserRecord, type UserState } from '../../domain/users';
import { useTenantChoices } from './useUserChoices';

const STATE_COLOR: Record<UserState, 'success' | 'default' | 'info' | 'error'> = {
  active: 'success',
  inactive: 'default',
  invited: 'info',
  deleted: 'error',
};

export function UserNameField() {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  return <>{`${record.firstName} ${record.lastName}`.trim()}</>;
}

/** Admin and configurer as chips; a plain user gets none. */
export function RoleChipsField() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {userRoles(record)
        .filter((role) => role !== 'none')
        .map((role) => (
          <Chip key={role} size="small" color={role === 'admin' ? 'primary' : 'secondary'} label={translate(`USERS.Role.${role}`)} data-role={role} />
        ))}
    </Stack>
  );
}

/** Internal or external, and whether the identity is managed elsewhere. */
export function KindChipsField() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <Chip size="small" variant="outlined" label={translate(record.isInternal ? 'USERS.Kind.Internal' : 'USERS.Kind.External')} />
      {record.isExternalLogin && <Chip size="small" variant="outlined" color="warning" label={translate('USERS.Kind.ExternalLogin')} />}
    </Stack>
  );
}

export function StateChipField() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const state = userState(record);
  return <Chip size="small" color={STATE_COLOR[state]} label={translate(`USERS.State.${state}`)} data-state={state} />;
}

export function TenantChipsField() {
  const record = useRecordContext<UserRecord>();
  const { choices } = useTenantChoices();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.tenantIDs.map((id) => {
        const name = choices.find((choice) => choice.id === id)?.name ?? `#${id}`;
        return (
          <Tooltip key={id} title={name}>
            <Chip size="small" variant="outlined" label={name} sx={{ maxWidth: 160 }} />
          </Tooltip>
        );
      })}
    </Stack>
  );
}

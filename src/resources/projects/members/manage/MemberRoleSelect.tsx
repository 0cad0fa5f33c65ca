import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { roleAllowedFor } from '../../../../domain/memberManagement';
import { roleLabelKey } from '../../../../domain/members';
import { MEMBER_ROLES, type MemberRole } from '../../../../domain/projectUnits';

/** One of the spec's member roles; the steering roles are offered to the provider's staff only. */
export function MemberRoleSelect({ value, onChange, isInternal }: { value: MemberRole | ''; onChange: (role: MemberRole) => void; isInternal: boolean }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      required
      fullWidth
      label={translate('MEMBERS.Manage.Role')}
      value={value}
      onChange={(event) => onChange(event.target.value as MemberRole)}
      helperText={isInternal ? ' ' : translate('MEMBERS.Manage.RoleHintCustomer')}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      data-testid="member-role-select"
    >
      {MEMBER_ROLES.map((role) => (
        <MenuItem key={role} value={role} disabled={!roleAllowedFor(role, { isInternal }).allowed}>
          {translate(roleLabelKey(role))}
        </MenuItem>
      ))}
    </TextField>
  );
}

import { Chip, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MemberInvitation } from '../../../../domain/memberManagement';
import { formatDate } from '../../../../domain/format';

/** "Invited" (until when) or "Invitation expired", for those who manage members. */
export function InvitationChip({ invitation }: { invitation: MemberInvitation }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const until = invitation.expiresAt ? formatDate(invitation.expiresAt, locale) : '';
  const pending = invitation.status === 'pending';
  return (
    <Tooltip title={pending ? translate('MEMBERS.Manage.InvitedUntil', { date: until }) : translate('MEMBERS.Manage.InvitationExpiredHint')}>
      <Chip
        size="small"
        variant="outlined"
        color={pending ? 'info' : 'warning'}
        label={translate(pending ? 'MEMBERS.Manage.InvitedChip' : 'MEMBERS.Manage.ExpiredChip')}
        data-testid="invitation-chip"
        data-status={invitation.status}
      />
    </Tooltip>
  );
}

import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { isLanguage } from '../../../../domain/languages';
import type { MemberAdd, MemberCandidate } from '../../../../domain/memberManagement';
import { memberFullName } from '../../../../domain/members';
import type { MemberRole } from '../../../../domain/projectUnits';
import { messagesOf, ServerMessages } from '../../../../components/ServerMessages';
import { CandidatePicker } from './CandidatePicker';
import { EMAIL_PATTERN, InviteFields, type InviteValues } from './InviteFields';
import { MemberRoleSelect } from './MemberRoleSelect';
import { useMemberChanges } from './useMemberChanges';

type Mode = 'user' | 'email';

/** Adds a user of the tenant, or a person by e-mail (invited when they have no account yet), with a member role. */
export function AddMemberDialog({ rootId, onClose }: { rootId: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { add } = useMemberChanges(rootId);
  const [mode, setMode] = useState<Mode>('user');
  const [candidate, setCandidate] = useState<MemberCandidate | null>(null);
  const [invite, setInvite] = useState<InviteValues>({ email: '', firstName: '', lastName: '', language: isLanguage(locale) ? locale : 'de' });
  const [role, setRole] = useState<MemberRole | ''>('');
  const [messages, setMessages] = useState<string[]>([]);
  // A person invited by e-mail becomes a customer account: steering roles are for staff.
  const isInternal = mode === 'user' ? Boolean(candidate?.isInternal) : false;
  const ready = role !== '' && (mode === 'user' ? candidate !== null : EMAIL_PATTERN.test(invite.email.trim()));

  const submit = async () => {
    if (!ready || add.isPending) return;
    const body: MemberAdd =
      mode === 'user'
        ? { userID: candidate!.userID, memberRoleKey: role as MemberRole }
        : { email: invite.email.trim(), firstName: invite.firstName.trim(), lastName: invite.lastName.trim(), language: invite.language, memberRoleKey: role as MemberRole };
    try {
      const member = await add.mutateAsync(body);
      notify(member.invitation ? 'MEMBERS.Manage.Invited' : 'MEMBERS.Manage.Added', { type: 'success', messageArgs: { name: memberFullName(member) } });
      onClose();
    } catch (error) {
      setMessages(messagesOf(error));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-member-title" data-testid="add-member-dialog">
      <DialogTitle id="add-member-title">{translate('MEMBERS.Manage.AddTitle')}</DialogTitle>
      <DialogContent>
        <ServerMessages messages={messages} />
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup exclusive fullWidth size="small" value={mode} onChange={(_event, next: Mode | null) => next && setMode(next)}>
            <ToggleButton value="user">{translate('MEMBERS.Manage.ModeUser')}</ToggleButton>
            <ToggleButton value="email">{translate('MEMBERS.Manage.ModeEmail')}</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'user' ? <CandidatePicker rootId={rootId} value={candidate} onChange={setCandidate} /> : <InviteFields values={invite} onChange={setInvite} />}
          <MemberRoleSelect value={role} onChange={setRole} isInternal={isInternal} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!ready || add.isPending} data-testid="add-member-submit">
          {translate(mode === 'user' ? 'MEMBERS.Manage.Add' : 'MEMBERS.Manage.Invite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

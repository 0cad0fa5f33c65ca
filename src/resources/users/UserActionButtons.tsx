import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { editableUserFields, type UserRecord } from '../../domain/users';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { messagesText } from '../../providers/http';
import { USERS_RESOURCE } from '../../domain/resources';

/** "Send invitation again": a new set-password link (the old one stops working); not for external logins. */
export function InviteButton() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const [busy, setBusy] = useState(false);
  if (!record || record.deleted || record.isExternalLogin) return null;
  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await dataProvider.inviteUser(record.id);
      notify(messagesText(answer) ?? 'USERS.InvitationSent', { type: 'success', messageArgs: { email: record.email } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={busy ? <CircularProgress size={16} /> : <SendIcon />} onClick={send} disabled={busy}>
      {translate('USERS.SendInvitation')}
    </Button>
  );
}

/** Deactivate (after a confirmation; ends the user's sessions at once) or activate again. */
export function ActiveToggleButton() {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending }] = useUpdate();
  if (!record || record.deleted || !identity) return null;
  const allowed = editableUserFields({ id: Number(identity.id), isAdmin: Boolean(identity.isAdmin) }, record).includes('isActive');
  const setActive = (isActive: boolean) =>
    update(
      USERS_RESOURCE,
      { id: record.id, data: { isActive }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(isActive ? 'USERS.Activated' : 'USERS.Deactivated', { type: 'success', messageArgs: { smart_count: 1 } });
          refresh();
        },
        onError: (error) => {
          setConfirming(false);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  if (!record.isActive) {
    return (
      <Button size="small" color="success" startIcon={<CheckCircleIcon />} disabled={!allowed || isPending} onClick={() => setActive(true)}>
        {translate('USERS.Activate')}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} disabled={!allowed || isPending} onClick={() => setConfirming(true)}>
        {translate('USERS.Deactivate')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="USERS.DeactivateTitle"
        content="USERS.DeactivateText"
        translateOptions={{ smart_count: 1 }}
        confirm="USERS.Deactivate"
        confirmColor="warning"
        onConfirm={() => setActive(false)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

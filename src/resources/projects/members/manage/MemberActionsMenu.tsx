import MoreIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { memberFullName, type Member } from '../../../../domain/members';
import { messagesOf } from '../../../../components/ServerMessages';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { useMemberChanges } from './useMemberChanges';

type Open = 'menu' | 'role' | 'remove' | 'revoke' | null;

/** The manager's actions on one member: change role, re-send or revoke the invitation, remove. */
export function MemberActionsMenu({ rootId, member }: { rootId: number; member: Member }) {
  const translate = useTranslate();
  const notify = useNotify();
  const changes = useMemberChanges(rootId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const name = memberFullName(member);
  const close = () => {
    setOpen(null);
    setAnchor(null);
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success', messageArgs: { name } });
    } catch (error) {
      notify(messagesOf(error).join('\n'), { type: 'error' });
    }
    close();
  };
  const pending = changes.remove.isPending || changes.revoke.isPending || changes.resend.isPending;
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('MEMBERS.Manage.ActionsFor', { name })}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen('menu');
        }}
        data-testid={`member-actions-${member.userID}`}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={open === 'menu'} onClose={close}>
        <MenuItem onClick={() => setOpen('role')}>
          <ListItemText>{translate('MEMBERS.Manage.ChangeRole')}</ListItemText>
        </MenuItem>
        {member.invitation && (
          <MenuItem disabled={pending} onClick={() => void run(() => changes.resend.mutateAsync(member.userID), 'MEMBERS.Manage.InvitationResent')}>
            <ListItemText>{translate('MEMBERS.Manage.ResendInvitation')}</ListItemText>
          </MenuItem>
        )}
        {member.invitation ? (
          <MenuItem onClick={() => setOpen('revoke')}>
            <ListItemText>{translate('MEMBERS.Manage.RevokeInvitation')}</ListItemText>
          </MenuItem>
        ) : (
          <MenuItem onClick={() => setOpen('remove')}>
            <ListItemText>{translate('MEMBERS.Manage.Remove')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {open === 'role' && <ChangeRoleDialog rootId={rootId} member={member} onClose={close} />}
      <Confirm
        isOpen={open === 'remove' || open === 'revoke'}
        loading={pending}
        title={open === 'revoke' ? 'MEMBERS.Manage.RevokeTitle' : 'MEMBERS.Manage.RemoveTitle'}
        content={open === 'revoke' ? 'MEMBERS.Manage.RevokeText' : 'MEMBERS.Manage.RemoveText'}
        translateOptions={{ name }}
        confirmColor="warning"
        onConfirm={() =>
          void (open === 'revoke'
            ? run(() => changes.revoke.mutateAsync(member.userID), 'MEMBERS.Manage.InvitationRevoked')
            : run(() => changes.remove.mutateAsync(member.userID), 'MEMBERS.Manage.Removed'))
        }
        onClose={close}
      />
    </>
  );
}

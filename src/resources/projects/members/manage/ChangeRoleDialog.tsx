import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { memberFullName, type Member } from '../../../../domain/members';
import { MEMBER_ROLES, type MemberRole } from '../../../../domain/projectUnits';
import { messagesOf, ServerMessages } from '../../../../components/ServerMessages';
import { MemberRoleSelect } from './MemberRoleSelect';
import { useMemberChanges } from './useMemberChanges';

const known = (role: string): MemberRole | '' => ((MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : '');

/** Gives a member another role; the server keeps the last sales planner (its message stays in the dialog). */
export function ChangeRoleDialog({ rootId, member, onClose }: { rootId: number; member: Member; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { changeRole } = useMemberChanges(rootId);
  const [role, setRole] = useState<MemberRole | ''>(known(member.memberRoleKey));
  const [messages, setMessages] = useState<string[]>([]);
  const name = memberFullName(member);
  const submit = async () => {
    if (role === '' || changeRole.isPending) return;
    try {
      await changeRole.mutateAsync({ userId: member.userID, role });
      notify('MEMBERS.Manage.RoleChanged', { type: 'success', messageArgs: { name } });
      onClose();
    } catch (error) {
      setMessages(messagesOf(error));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-role-title" data-testid="change-role-dialog">
      <DialogTitle id="change-role-title">{translate('MEMBERS.Manage.ChangeRoleTitle', { name })}</DialogTitle>
      <DialogContent>
        <ServerMessages messages={messages} />
        <MemberRoleSelect value={role} onChange={setRole} isInternal={member.isInternal} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={role === '' || role === member.memberRoleKey || changeRole.isPending} data-testid="change-role-submit">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

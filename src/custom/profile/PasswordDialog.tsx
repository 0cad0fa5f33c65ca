import { Box } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { passwordChangeSchema } from '../../domain/password';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { ProfileFormDialog } from '../../components/ProfileFormDialog';

function Toast({ title, message }: { title: string; message: string }) {
  return (
    <Box>
      <strong>{title}</strong>
      <div>{message}</div>
    </Box>
  );
}

/** Change password: the shared rules in the form; a wrong old password is an error toast, the dialog stays. */
export function PasswordDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const onError = (error: unknown) => {
    const status = (error as HttpError).status;
    const messages = ((error as HttpError).body as { messages?: { code?: string; text: string }[] } | undefined)?.messages ?? [];
    if (messages.some((message) => message.code === 'InvalidPassword')) {
      notify(<Toast title={translate('PROFILE.PasswordDialog.InvalidPassword.Title')} message={translate('PROFILE.PasswordDialog.InvalidPassword.Message')} />, { type: 'error' });
      return true;
    }
    if (status === 403) {
      notify('ERRORMESSAGES.NotAllowed', { type: 'error' });
      return true;
    }
    // Too many wrong passwords, or the server busy: its message says when to try again.
    if (status === 429 && messages[0]) {
      notify(messages[0].text, { type: 'error' });
      return true;
    }
    if (status !== 400) {
      // An error the dialog has no text for still names what the server said (its code), never only "500".
      const said = messages.map((message) => [message.code, message.text].filter(Boolean).join(': ')).join(' ');
      notify(<Toast title={translate('ERRORMESSAGES.Unknown')} message={said || String(status ?? '')} />, { type: 'error' });
      return true;
    }
    return false;
  };
  return (
    <ProfileFormDialog
      title="PROFILE.PasswordDialog.Title"
      fields={[
        { name: 'oldPassword', label: 'PROFILE.PasswordDialog.OldPassword', type: 'password', required: true, autoComplete: 'current-password' },
        { name: 'newPassword', label: 'PROFILE.PasswordDialog.NewPassword', type: 'password', required: true, autoComplete: 'new-password' },
        { name: 'confirmNewPassword', label: 'PROFILE.PasswordDialog.ConfirmNewPassword', type: 'password', required: true, autoComplete: 'new-password' },
      ]}
      schema={passwordChangeSchema}
      initialValues={{ oldPassword: '', newPassword: '', confirmNewPassword: '' }}
      helperText="PROFILE.PasswordDialog.Requirements"
      onSubmit={async (values) => {
        await dataProvider.changePassword(values as { oldPassword: string; newPassword: string; confirmNewPassword: string });
        notify(<Toast title={translate('PROFILE.PasswordDialog.Success.Title')} message={translate('PROFILE.PasswordDialog.Success.Message')} />, { type: 'success' });
      }}
      onError={onError}
      onClose={onClose}
    />
  );
}

import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../../../domain/languages';
import { EMAIL_MAX, USER_NAME_MAX } from '../../../../domain/users';

export interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A person by e-mail: the address (an account with it is added, otherwise a new one invited), name and mail language. */
export function InviteFields({ values, onChange }: { values: InviteValues; onChange: (values: InviteValues) => void }) {
  const translate = useTranslate();
  const set = (field: keyof InviteValues) => (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [field]: event.target.value });
  const badEmail = values.email.trim() !== '' && !EMAIL_PATTERN.test(values.email.trim());
  return (
    <Stack spacing={2}>
      <TextField
        required
        type="email"
        label={translate('MEMBERS.Manage.Email')}
        value={values.email}
        onChange={set('email')}
        error={badEmail}
        helperText={translate(badEmail ? 'VALIDATION.InvalidEmail' : 'MEMBERS.Manage.EmailHint')}
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField fullWidth label={translate('MEMBERS.FirstName')} value={values.firstName} onChange={set('firstName')} slotProps={{ htmlInput: { maxLength: USER_NAME_MAX } }} />
        <TextField fullWidth label={translate('MEMBERS.LastName')} value={values.lastName} onChange={set('lastName')} slotProps={{ htmlInput: { maxLength: USER_NAME_MAX } }} />
      </Stack>
      <TextField select label={translate('MEMBERS.Manage.MailLanguage')} value={values.language} onChange={set('language')}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {translate(`LANGUAGES.${language}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

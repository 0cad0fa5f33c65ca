import { Button, Card, CardActions, CardContent, CardHeader, Checkbox, FormControlLabel, FormHelperText, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../domain/languages';
import { canChangePassword, type Profile } from '../../domain/profile';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { PasswordDialog } from './PasswordDialog';
import { useProfileUpdate } from './profileQueries';

/**
 * react-admin remounts the whole tree when the locale changes, which drops a toast queued before.
 * A notice for after the switch waits here and is shown by the remounted card.
 */
let noticeAfterLanguageSwitch: string | null = null;
export function takeNoticeAfterLanguageSwitch(): string | null {
  const notice = noticeAfterLanguageSwitch;
  noticeAfterLanguageSwitch = null;
  return notice;
}

export function SettingsCard({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const update = useProfileUpdate();
  const dataProvider = usePortalDataProvider();
  const [dailyStatusMail, setDailyStatusMail] = useState(profile.userProfile.dailyStatusMail);
  const [language, setLanguage] = useState<Language>(profile.user.language);
  const [saving, setSaving] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = dailyStatusMail !== profile.userProfile.dailyStatusMail || language !== profile.user.language;

  const save = async () => {
    if (saving || !dirty) return;
    setSaving(true);
    try {
      if (dailyStatusMail !== profile.userProfile.dailyStatusMail) {
        await update((dataProvider) => dataProvider.saveProfileSettings({ dailyStatusMail }));
      }
      if (language !== profile.user.language) {
        noticeAfterLanguageSwitch = 'PROFILE.Saved';
        await update((dataProvider) => dataProvider.saveLanguage(profile.user.userID, language));
      } else {
        notify('PROFILE.Saved', { type: 'success' });
      }
    } catch (error) {
      noticeAfterLanguageSwitch = null;
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const requestDeletion = async () => {
    setConfirmDelete(false);
    try {
      await dataProvider.requestAccountDeletion();
      notify('PROFILE.DeleteAccount.MailSent', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card data-testid="settings-card">
      <CardHeader title={translate('PROFILE.Settings')} />
      <CardContent sx={{ pt: 0 }}>
        <FormControlLabel
          control={<Checkbox checked={dailyStatusMail} onChange={(event) => setDailyStatusMail(event.target.checked)} />}
          label={translate('PROFILE.DailyStatusMail')}
        />
        <FormHelperText sx={{ mt: -0.5, mb: 2, ml: 4 }}>{translate('PROFILE.DailyStatusMailHint')}</FormHelperText>
        <TextField select label={translate('PROFILE.Language')} value={language} onChange={(event) => setLanguage(event.target.value as Language)} sx={{ minWidth: 220 }}>
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {translate(`LANGUAGES.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {canChangePassword(profile) && <Button onClick={() => setPasswordOpen(true)}>{translate('PROFILE.ChangePassword')}</Button>}
        <Button color="error" onClick={() => setConfirmDelete(true)}>
          {translate('PROFILE.DeleteAccountButton')}
        </Button>
        <Button variant="contained" onClick={save} disabled={!dirty || saving} sx={{ ml: 'auto' }}>
          {translate('PROFILE.Save')}
        </Button>
      </CardActions>
      {passwordOpen && <PasswordDialog onClose={() => setPasswordOpen(false)} />}
      <Confirm
        isOpen={confirmDelete}
        title="PROFILE.DeleteAccount.Title"
        content="PROFILE.DeleteAccount.Text"
        confirm="PROFILE.DeleteAccount.Confirm"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={requestDeletion}
        onClose={() => setConfirmDelete(false)}
      />
    </Card>
  );
}

import { Alert, Box, Button, Card, CardContent, CardHeader, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../domain/languages';
import type { SessionUser } from '../../domain/user';
import { loadUser } from '../../providers/authProvider';
import { httpClient } from '../../providers/http';
import { UserAvatar } from '../../layout/PortalUserMenu';

export const PROFILE_PATH = '/profile';

/**
 * react-admin remounts the whole tree when the locale changes, which drops a toast queued before.
 * A notice for after the switch waits here and is shown by the remounted page.
 */
let noticeAfterLanguageSwitch: string | null = null;

function usePendingNotice() {
  const notify = useNotify();
  useEffect(() => {
    if (!noticeAfterLanguageSwitch) return;
    notify(noticeAfterLanguageSwitch, { type: 'success' });
    noticeAfterLanguageSwitch = null;
  }, [notify]);
}

function LanguageSettings({ user, onSaved }: { user: SessionUser; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [language, setLanguage] = useState<Language>(user.language);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await httpClient(`/api/data/planxchange/users/${user.id}`, { method: 'PUT', body: JSON.stringify({ languageKey: language }) });
      await loadUser(true);
      if (language !== user.language) noticeAfterLanguageSwitch = 'PROFILE.Saved';
      else notify('PROFILE.Saved', { type: 'success' });
      onSaved();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card>
      <CardHeader title={translate('PROFILE.Settings')} />
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          label={translate('PROFILE.Language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'language-select' } } }}
        >
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code}>
              {translate(`LANGUAGES.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={save} disabled={saving || language === user.language}>
          {translate('PROFILE.Save')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The user's own account: login name, personal data and interface language. */
export function ProfilePage() {
  const translate = useTranslate();
  const { identity, refetch } = useGetIdentity();
  usePendingNotice();
  const user = identity as unknown as SessionUser | undefined;
  if (!user) return null;
  return (
    <>
      <Title title="PROFILE.Title" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}>
        <Card>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <UserAvatar size={72} />
            <Box>
              <Typography variant="overline" color="text.secondary">
                {translate('PROFILE.LoginName')}
              </Typography>
              <Typography variant="h6" data-testid="profile-login">
                {user.login}
              </Typography>
            </Box>
          </CardContent>
          {user.isExternalLogin && <Alert severity="info" sx={{ mx: 2, mb: 2 }}>{translate('PROFILE.ExternalLogin')}</Alert>}
        </Card>
        <Card>
          <CardHeader title={translate('PROFILE.PersonalData')} />
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {translate('PROFILE.FirstName')}
            </Typography>
            <Typography gutterBottom>{user.firstName || '—'}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('PROFILE.LastName')}
            </Typography>
            <Typography>{user.lastName || '—'}</Typography>
          </CardContent>
        </Card>
        <LanguageSettings key={user.language} user={user} onSaved={() => void refetch()} />
      </Box>
    </>
  );
}

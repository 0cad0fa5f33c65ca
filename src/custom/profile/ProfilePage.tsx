import { Box, LinearProgress, Stack } from '@mui/material';
import { useEffect } from 'react';
import { Title, useNotify } from 'react-admin';
import { AvatarCard } from './AvatarCard';
import { CompanyDataCard, ContactDataCard, PersonalDataCard } from './DataCards';
import { useProfile } from './profileQueries';
import { SettingsCard, takeNoticeAfterLanguageSwitch } from './SettingsCard';

function usePendingNotice() {
  const notify = useNotify();
  useEffect(() => {
    const notice = takeNoticeAfterLanguageSwitch();
    if (notice) notify(notice, { type: 'success' });
  }, [notify]);
}

/** home/app/profile: avatar, personal data, settings, company data and contact data. */
export default function ProfilePage() {
  const { data: profile } = useProfile();
  usePendingNotice();
  if (!profile) return <LinearProgress />;
  // Keyed by the profile's values so that cards start from the saved state after every change.
  const key = `${profile.user.language}-${profile.userProfile.dailyStatusMail}`;
  return (
    <>
      <Title title="PROFILE.Title" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start', mt: 1, maxWidth: 1200 }}>
        <Stack spacing={2}>
          <AvatarCard profile={profile} />
          <PersonalDataCard profile={profile} />
          <ContactDataCard profile={profile} />
        </Stack>
        <Stack spacing={2}>
          <SettingsCard key={key} profile={profile} />
          <CompanyDataCard profile={profile} />
        </Stack>
      </Box>
    </>
  );
}

import { Box, Typography } from '@mui/material';
import { Login, useTranslate } from 'react-admin';
import { PortalLoginForm } from './PortalLoginForm';
import { SingleSignOnButton } from './SingleSignOnButton';

export function PortalLoginPage() {
  const translate = useTranslate();
  return (
    <Login
      sx={{ backgroundImage: 'linear-gradient(135deg, #102540 0%, #1f3a5f 55%, #2f6f5e 100%)' }}
      avatarIcon={<span />}
    >
      <Box sx={{ textAlign: 'center', px: 2, pt: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('APP.Title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('APP.Subtitle')}
        </Typography>
      </Box>
      <PortalLoginForm />
      <SingleSignOnButton />
    </Login>
  );
}

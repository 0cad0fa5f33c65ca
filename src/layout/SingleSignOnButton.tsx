import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Divider } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SSO_LOGIN_PATH } from '../domain/externalSignIn';
import { signInOptions } from '../providers/authProvider';

/** "Sign in with …" below the password form, when an identity provider is configured (external logins). */
export function SingleSignOnButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const location = useLocation();
  const { data } = useQuery({ queryKey: ['signInOptions'], queryFn: signInOptions, staleTime: Infinity });
  if (!data?.enabled) return null;
  // Where react-admin would have gone after the login (a deep link), the provider's answer leads there too.
  const next = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const query = new URLSearchParams({ locale });
  if (next?.nextPathname) query.set('returnTo', `${next.nextPathname}${next.nextSearch ?? ''}`);
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Divider sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>{translate('SIGNIN.Or')}</Divider>
      <Button href={`${SSO_LOGIN_PATH}?${query}`} variant="outlined" fullWidth startIcon={<LoginIcon />} data-testid="sso-sign-in">
        {translate('SIGNIN.SignInWith', { provider: data.displayName })}
      </Button>
    </Box>
  );
}

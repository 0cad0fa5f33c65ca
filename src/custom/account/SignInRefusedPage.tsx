import { Alert, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { isSignInRefusal, REFUSAL_TEXT_KEYS, SIGN_IN_REFUSED_PATH, type SignInRefusal } from '../../domain/externalSignIn';

export { SIGN_IN_REFUSED_PATH };

/** Refusals where signing in with another account at the provider may help. */
const OTHER_ACCOUNT_MAY_HELP = new Set<SignInRefusal>(['unknown', 'unverified', 'notExternal', 'boundElsewhere']);

/** Where the portal sends a sign-in through the identity provider that it cannot accept, with the reason. */
export function SignInRefusedPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const given = params.get('reason');
  // An unknown reason in the address is treated like an unfinished sign-in: start again.
  const reason: SignInRefusal = isSignInRefusal(given) ? given : 'state';
  return (
    <Box sx={{ position: 'fixed', inset: 0, overflow: 'auto', display: 'grid', placeItems: 'center', p: 2, background: 'linear-gradient(135deg, #102540 0%, #1f3a5f 55%, #2f6f5e 100%)' }}>
      <Card sx={{ maxWidth: 520, width: '100%' }} data-testid="sign-in-refused">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('SIGNIN.Refused.Title')}
          </Typography>
          <Alert severity="warning" data-testid="sign-in-refused-reason">
            {translate(REFUSAL_TEXT_KEYS[reason])}
          </Alert>
          {OTHER_ACCOUNT_MAY_HELP.has(reason) && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('SIGNIN.Refused.WrongAccount')}
            </Typography>
          )}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button href="/home/app/login" variant="contained">
            {translate('SIGNIN.Refused.ToLogin')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

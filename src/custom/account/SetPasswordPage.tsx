import { Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Form, HttpError, PasswordInput, useTranslate } from 'react-admin';
import { setPasswordSchema, type SetPassword } from '../../domain/users';
import { zodResolver } from '../../forms/zodResolver';
import { usePortalDataProvider } from '../../providers/dataProvider';

export { SET_PASSWORD_PATH } from './accountPaths';

type State = { kind: 'ask'; error?: string } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

function SubmitButton() {
  const translate = useTranslate();
  const { isValid, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isValid || isSubmitting} data-testid="set-password-submit">
      {isSubmitting && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
      {translate('USERS.SetPassword.Submit')}
    </Button>
  );
}

/** The page behind the invitation link: choose a password (the shared rules), then log in. */
export function SetPasswordPage() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'ask' } : { kind: 'failed', text: translate('USERS.SetPassword.LinkInvalid') });
  const inFlight = useRef(false);

  const submit = async (values: Partial<SetPassword>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await dataProvider.setPassword({ token, password: values.password, confirmPassword: values.confirmPassword });
      // The page's own language: the server answers in the account's language, which the visitor may not read.
      setState({ kind: 'done', text: translate('USERS.SetPassword.Done') });
    } catch (error) {
      // An unknown, used or expired link cannot be fixed by typing again.
      if ((error as HttpError).status === 404) setState({ kind: 'failed', text: translate('USERS.SetPassword.LinkInvalid') });
      else setState({ kind: 'ask', error: (error as Error).message });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: 'linear-gradient(135deg, #102540 0%, #1f3a5f 55%, #2f6f5e 100%)' }}>
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('USERS.SetPassword.PageTitle')}
          </Typography>
          {state.kind === 'done' && <Alert severity="success">{state.text}</Alert>}
          {state.kind === 'failed' && <Alert severity="error">{state.text}</Alert>}
          {state.kind === 'ask' && (
            <Form resolver={zodResolver(setPasswordSchema)} mode="onChange" onSubmit={submit} noValidate>
              <Typography sx={{ mb: 2 }}>{translate('USERS.SetPassword.PageText')}</Typography>
              {state.error && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="set-password-error">
                  {state.error}
                </Alert>
              )}
              <PasswordInput source="password" label="USERS.SetPassword.Password" autoComplete="new-password" helperText="PROFILE.PasswordDialog.Requirements" fullWidth />
              <PasswordInput source="confirmPassword" label="USERS.SetPassword.Confirm" autoComplete="new-password" fullWidth />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <SubmitButton />
              </Box>
            </Form>
          )}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button href="/home/app/login" variant={state.kind === 'done' ? 'contained' : 'text'}>
            {translate('USERS.SetPassword.ToLogin')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

import { Alert, Button, CardContent, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from 'react-admin';

/**
 * react-admin's login form, but a refused login is said inside the form, and the newest answer replaces the last.
 * As toasts (react-admin's LoginForm) every refusal queued behind the one on screen, about five seconds each: after five
 * wrong passwords "Too many failed logins. Please try again in 1 second." appeared 23 s late, long after the second
 * it named. The alert is emptied when the next try starts, so a screen reader announces a repeated answer again.
 */
export function PortalLoginForm() {
  const login = useLogin();
  const translate = useTranslate();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const submit = (values: Record<string, unknown>) => {
    setLoading(true);
    setError(undefined);
    login(values).then(
      () => setLoading(false),
      (reason: unknown) => {
        setLoading(false);
        const message = typeof reason === 'string' ? reason : reason instanceof Error && reason.message ? reason.message : 'ra.auth.sign_in_error';
        setError(translate(message, { _: message }));
      },
    );
  };

  return (
    <Form onSubmit={submit} mode="onChange" noValidate>
      <CardContent sx={{ width: 300, maxWidth: '100%', boxSizing: 'border-box', pb: 2 }}>
        <TextInput autoFocus source="username" label={translate('ra.auth.username')} autoComplete="username" validate={required()} />
        <PasswordInput source="password" label={translate('ra.auth.password')} autoComplete="current-password" validate={required()} />
        {error && (
          <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        )}
        <Button variant="contained" type="submit" color="primary" disabled={loading} fullWidth sx={{ mt: 2 }}>
          {loading ? <CircularProgress size={19} thickness={3} aria-label={translate('ra.auth.sign_in')} /> : translate('ra.auth.sign_in')}
        </Button>
      </CardContent>
    </Form>
  );
}

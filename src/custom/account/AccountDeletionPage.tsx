import { Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { messagesText } from '../../providers/http';

export { ACCOUNT_DELETION_PATH } from './accountPaths';

type State = { kind: 'ask' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** The page behind the link of the deletion mail: one more confirmation, then the account is gone. */
export function AccountDeletionPage() {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'ask' } : { kind: 'failed', text: translate('PROFILE.DeleteAccount.LinkInvalid') });

  const confirm = async () => {
    if (state.kind === 'busy') return;
    setState({ kind: 'busy' });
    try {
      const answer = await dataProvider.confirmAccountDeletion(token);
      setState({ kind: 'done', text: messagesText(answer) ?? translate('PROFILE.DeleteAccount.Deleted') });
    } catch (error) {
      setState({ kind: 'failed', text: (error as Error).message });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, background: 'linear-gradient(135deg, #102540 0%, #1f3a5f 55%, #2f6f5e 100%)' }}>
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('PROFILE.DeleteAccount.PageTitle')}
          </Typography>
          {(state.kind === 'ask' || state.kind === 'busy') && <Typography>{translate('PROFILE.DeleteAccount.PageText')}</Typography>}
          {state.kind === 'done' && <Alert severity="success">{state.text}</Alert>}
          {state.kind === 'failed' && <Alert severity="error">{state.text}</Alert>}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          {(state.kind === 'ask' || state.kind === 'busy') && (
            <Button color="error" variant="contained" onClick={confirm} disabled={state.kind === 'busy'}>
              {state.kind === 'busy' && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
              {translate('PROFILE.DeleteAccount.PageConfirm')}
            </Button>
          )}
          <Button href="/home/app/login">{translate('PROFILE.DeleteAccount.ToLogin')}</Button>
        </CardActions>
      </Card>
    </Box>
  );
}

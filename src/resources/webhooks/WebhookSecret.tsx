import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { usePortalDataProvider } from '../../providers/dataProvider';

/** The endpoint's signing secret (hidden until asked for) and its rotation; the receiver needs it to verify signatures. */
export function WebhookSecret() {
  const record = useRecordContext<{ id: number; secret: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = usePortalDataProvider();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const rotate = async () => {
    if (!window.confirm(translate('WEBHOOKS.RotateConfirm'))) return;
    setBusy(true);
    try {
      await dataProvider.rotateWebhookSecret(record.id);
      notify('WEBHOOKS.Rotated', { type: 'success' });
      setShown(true);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ width: { xs: '100%', md: 360 }, ml: { md: 2 }, mt: { xs: 2, md: 0 } }}>
      <Alert severity="info" icon={false}>
        <Typography variant="subtitle2" gutterBottom>
          {translate('WEBHOOKS.Secret')}
        </Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1 }} data-testid="webhook-secret">
          {shown ? record.secret : '••••••••••••••••'}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('WEBHOOKS.SecretHelp')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setShown((value) => !value)}>
            {translate(shown ? 'WEBHOOKS.HideSecret' : 'WEBHOOKS.ShowSecret')}
          </Button>
          <Button size="small" color="warning" onClick={rotate} disabled={busy}>
            {translate('WEBHOOKS.Rotate')}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}

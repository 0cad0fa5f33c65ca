import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SALES_ORG_REQUEST_FIELDS, salesOrgRequestFromProfile } from '../../domain/salesOrgRequest';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { useProfile } from '../profile/profileQueries';

interface Props {
  salesOrg: { title: string; contactMail: string };
  onClose: () => void;
}

/**
 * Confirms the request for a new root project: shows what the sales organisation will receive (from the
 * profile, missing values as N/A), then queues the mail. Send is disabled while the request is in flight.
 */
export function SalesOrgRequestDialog({ salesOrg, onClose }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const { data: profile, isError } = useProfile();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const request = profile ? salesOrgRequestFromProfile(profile, salesOrg.contactMail) : null;
  const hasEmail = Boolean(profile?.user.email);

  const send = async () => {
    if (!request || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await dataProvider.sendSalesOrgRequest(request);
      notify(translate('DASHBOARD.SalesOrgRequest.Sent', { salesOrg: salesOrg.title }), { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message || 'ERRORMESSAGES.Unknown', { type: 'error' });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="salesorg-request-title">
      <DialogTitle id="salesorg-request-title">{translate('DASHBOARD.SalesOrgRequest.Title')}</DialogTitle>
      <DialogContent dividers>
        {isError && <Alert severity="error">{translate('DASHBOARD.SalesOrgRequest.ProfileFailed')}</Alert>}
        {!profile && !isError && <LinearProgress />}
        {request && (
          <>
            <Typography sx={{ mb: 2 }}>{translate('DASHBOARD.SalesOrgRequest.Intro', { salesOrg: salesOrg.title })}</Typography>
            {!hasEmail && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('DASHBOARD.SalesOrgRequest.NoEmail', { salesOrg: salesOrg.title })}
              </Alert>
            )}
            <Box
              component="dl"
              data-testid="salesorg-request-fields"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1 }}
            >
              <Typography component="dt" color="text.secondary">
                {translate('DASHBOARD.SalesOrgRequest.Recipient')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {salesOrg.contactMail}
              </Typography>
              {SALES_ORG_REQUEST_FIELDS.map((field) => (
                <Box key={field} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {translate(`DASHBOARD.SalesOrgRequest.Fields.${field}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {request[field]}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('DASHBOARD.SalesOrgRequest.Hint')}{' '}
              <Link component={RouterLink} to="/home/app/profile">
                {translate('DASHBOARD.SalesOrgRequest.EditProfile')}
              </Link>
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {translate('COMMON.Cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={!request || !hasEmail || sending} data-testid="salesorg-request-send">
          {sending && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('DASHBOARD.SalesOrgRequest.Send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

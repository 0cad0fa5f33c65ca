import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { WORKSPACE_HEIGHT } from './ModelWorkspace';
import { problemText, type ShownMessage, type ViewerFile } from './viewerQueries';

/** The frame of the tree and the view while the model loads. */
export function ViewerSkeleton() {
  return (
    <Box data-testid="viewer-loading" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' }, height: { md: WORKSPACE_HEIGHT } }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Skeleton width="50%" />
        <Skeleton width="35%" sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={36} sx={{ mb: 2 }} />
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} width={row % 3 === 0 ? '70%' : '55%'} sx={{ ml: row % 3 === 0 ? 0 : 4 }} />
        ))}
      </Paper>
      <Skeleton variant="rounded" animation="wave" sx={{ height: { xs: 360, md: '100%' } }} />
    </Box>
  );
}

/** The server is still reading the model file: a progress bar; the page asks again every second. */
export function ViewerPending({ file }: { file: ViewerFile | null }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="viewer-pending">
      <HourglassTopIcon color="primary" sx={{ fontSize: 44, mb: 1 }} />
      <Typography variant="h6" gutterBottom>
        {translate('VIEWER.Pending.Title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, maxWidth: 520, mx: 'auto' }}>
        {translate('VIEWER.Pending.Text', { name: file?.name ?? '' })}
      </Typography>
      <LinearProgress sx={{ maxWidth: 360, mx: 'auto', borderRadius: 1 }} aria-label={translate('VIEWER.Pending.Title')} />
    </Paper>
  );
}

/** The model file cannot be read: which file, why, and the way back. */
export function ViewerFailed({ file, messages, backTo }: { file: ViewerFile | null; messages: ShownMessage[]; backTo: string | null }) {
  const translate = useTranslate();
  const reason = problemText(messages, translate);
  return (
    <Alert
      severity="error"
      data-testid="viewer-failed"
      action={
        backTo && (
          <Button component={RouterLink} to={backTo} color="inherit" size="small" startIcon={<ArrowBackIcon />}>
            {translate('VIEWER.BackToUnit')}
          </Button>
        )
      }
    >
      <AlertTitle>{translate('VIEWER.Failed.Title')}</AlertTitle>
      {file && <Typography variant="body2">{translate('VIEWER.Failed.File', { name: file.name })}</Typography>}
      {reason && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="viewer-failed-reason">
          {reason}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {translate('VIEWER.Failed.Hint')}
      </Typography>
    </Alert>
  );
}

/** No IFC file applies to the unit or its parents. */
export function ViewerNoModel({ backTo }: { backTo: string | null }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }} data-testid="viewer-no-model">
      <ViewInArIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h6" gutterBottom>
        {translate('VIEWER.NoModelTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: backTo ? 3 : 0 }}>
        {translate('VIEWER.NoModel')}
      </Typography>
      {backTo && (
        <Stack direction="row" sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={backTo} variant="outlined" startIcon={<ArrowBackIcon />}>
            {translate('VIEWER.BackToUnit')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

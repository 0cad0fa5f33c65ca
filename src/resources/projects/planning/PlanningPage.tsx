import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Card, CircularProgress, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { unitPageTitle } from '../../../domain/projectUnits';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { detailsPath, useRefreshUnit, useUnitContext } from '../details/projectQueries';
import { BulkApplyBar } from './BulkApplyBar';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { placeMessages, planningQueryKey, usePlanning, type ServerMessage } from './planningQueries';
import { PlanningTable } from './PlanningTable';
import { usePlanningEdits } from './usePlanningEdits';

/** home/app/project/planning/{root}: staff assign product types and plants to the project's units and enter order numbers. */
export default function PlanningPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const refreshUnit = useRefreshUnit();
  const rootId = Number(useParams().rootId);
  const { data: context } = useUnitContext(rootId);
  const { data, error, isPending, refetch } = usePlanning(rootId);
  const edits = usePlanningEdits(data);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const title = translate('PLANNING.Title');
  const root = context?.root;
  useDocumentTitle(root ? `${title} – ${unitPageTitle(root)}` : title);

  if (isPending) return <LinearProgress />;
  if (error || !data) {
    const notFound = (error as HttpError | null)?.status === 404;
    return (
      <Alert severity={notFound ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="planning-error">
        {notFound ? translate('PROJECTUNIT.NotFound') : (error as Error | null)?.message}
      </Alert>
    );
  }

  const disabled = saving || !data.canEdit;
  const back = detailsPath({ rootProjectUnitID: rootId, projectUnitID: rootId });

  const onSave = async () => {
    if (saving || edits.invalid || !edits.changed.length) return;
    setSaving(true);
    setProblem(null);
    const sent = edits.changed;
    try {
      queryClient.setQueryData(planningQueryKey(rootId), await dataProvider.savePlanning(rootId, sent));
      edits.reset();
      notify('PLANNING.Saved', { type: 'success', messageArgs: { smart_count: sent.length } });
      // The details page (the "Ready for contract" guard, tiles, summary) shows the new assignments at once.
      await refreshUnit();
    } catch (caught) {
      const status = (caught as HttpError).status;
      const messages = ((caught as HttpError).body as { messages?: ServerMessage[] } | undefined)?.messages ?? [{ text: (caught as Error).message }];
      if (status === 409) {
        // Someone else saved meanwhile: nothing was written; show the current values instead of overwriting them.
        setProblem(messages.map((message) => message.text).join('\n'));
        edits.reset();
        await refetch();
      } else {
        const placed = placeMessages(messages, sent);
        edits.setServerErrors(placed.rows);
        setProblem(placed.general.length ? placed.general.join('\n') : translate('PLANNING.FixRows'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Title title={root ? `${title} – ${root.projectUnitNo}` : title} />
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }} data-testid="planning-back">
        {translate('PLANNING.Back')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CategoryOutlinedIcon color="primary" />
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
      </Stack>
      {root && (
        <Typography variant="subtitle1" sx={{ mt: 0.5 }}>
          <Typography component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
            {root.projectUnitNo}
          </Typography>
          {root.title}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: 820 }}>
        {translate('PLANNING.Intro')}
      </Typography>
      {!data.canEdit && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mb: 2 }} data-testid="planning-read-only">
          {translate('PLANNING.ReadOnly')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} role="alert" onClose={() => setProblem(null)} data-testid="planning-problem">
          {problem}
        </Alert>
      )}
      <Card>
        {data.canEdit && <BulkApplyBar data={data} count={edits.selected.size} disabled={disabled} onApply={edits.applyToSelected} />}
        <Divider />
        {data.units.length ? (
          <PlanningTable
            data={data}
            rows={edits.rows}
            selected={edits.selected}
            disabled={disabled}
            onToggle={edits.toggle}
            onToggleAll={edits.toggleAll}
            onChange={edits.update}
          />
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('PLANNING.NoUnits')}
          </Typography>
        )}
        {data.canEdit && (
          <>
            <Divider />
            <Stack direction="row" spacing={1} sx={{ px: 2, py: 1.5, alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="planning-changes">
                {edits.changed.length ? translate('PLANNING.Unsaved', { smart_count: edits.changed.length }) : translate('PLANNING.NoChanges')}
              </Typography>
              <Button onClick={() => navigate(back)} disabled={saving} data-testid="planning-cancel">
                {translate('ra.action.cancel')}
              </Button>
              <Button
                variant="contained"
                startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
                disabled={saving || edits.invalid || !edits.changed.length}
                onClick={onSave}
                data-testid="planning-save"
              >
                {translate('ra.action.save')}
              </Button>
            </Stack>
          </>
        )}
      </Card>
    </Box>
  );
}

import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { appliesTo, type WorkflowDefinition } from '../../domain/workflow';
import type { StateMapping } from '../../domain/workflowVersions';
import { workflowApi } from '../../providers/methods/workflowDefinition';

interface Impact {
  inForceVersion: number;
  revision: number;
  problems: string[];
  removedStates: { unitType: string; tenantType: 'standard' | 'ccl'; state: string; units: number }[];
  taskRoleChanges: { unitType: string; tenantType: string; state: string; units: number; before: string[]; after: string[] }[];
  escalationChanges: { unitType: string; tenantType: string; state: string; units: number; before: number | null; after: number | null }[];
}

/** Publish: the impact on units under way first (read from the server), the required mapping, then one publish call. */
export function PublishDialog({ version, draft, onClose, onPublished }: { version: number; draft: WorkflowDefinition; onClose: () => void; onPublished: (version: number) => void }) {
  const translate = useTranslate();
  const [impact, setImpact] = useState<Impact | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    workflowApi.impact<Impact>(version).then(setImpact, (failure: Error) => setError(failure.message));
  }, [version]);
  const stranded = impact?.removedStates.filter((entry) => entry.units > 0) ?? [];
  const id = (entry: { unitType: string; tenantType: string; state: string }) => `${entry.unitType}.${entry.tenantType}.${entry.state}`;
  const ready = !!impact && !impact.problems.length && stranded.every((entry) => mapping[id(entry)]);
  const publish = async () => {
    if (!impact) return;
    const body: { inForceVersion: number; revision: number; mapping: StateMapping[] } = {
      inForceVersion: impact.inForceVersion,
      revision: impact.revision,
      mapping: stranded.map((entry) => ({ unitType: entry.unitType as StateMapping['unitType'], tenantType: entry.tenantType, state: entry.state, to: mapping[id(entry)] })),
    };
    try {
      const published = await workflowApi.publish(version, body);
      onPublished(published.version);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="publish-title" fullWidth maxWidth="sm">
      <DialogTitle id="publish-title">{translate('WORKFLOW.Editor.PublishTitle', { version })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {impact?.problems.map((problem) => (
            <Alert key={problem} severity="error">
              {problem}
            </Alert>
          ))}
          {impact && !impact.problems.length && !stranded.length && !impact.taskRoleChanges.length && !impact.escalationChanges.length && <Typography>{translate('WORKFLOW.Editor.NoImpact')}</Typography>}
          {stranded.map((entry) => (
            <Stack key={id(entry)} spacing={1}>
              <Typography variant="body2">{translate('WORKFLOW.Editor.Stranded', { units: entry.units, state: entry.state, unitType: entry.unitType, tenantType: entry.tenantType })}</Typography>
              <TextField
                select
                size="small"
                label={translate('WORKFLOW.Editor.MoveTo')}
                value={mapping[id(entry)] ?? ''}
                onChange={(event) => setMapping((previous) => ({ ...previous, [id(entry)]: event.target.value }))}
                slotProps={{ htmlInput: { "data-testid": `mapping-${entry.state}` } }}
              >
                {draft.states.filter((state) => appliesTo(state, entry.unitType, entry.tenantType)).map((state) => (
                  <MenuItem key={state.key} value={state.key}>
                    {state.key}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ))}
          {impact?.taskRoleChanges.map((entry) => (
            <Typography key={`t${id(entry)}`} variant="body2">
              {translate('WORKFLOW.Editor.TaskRolesChange', { units: entry.units, state: entry.state, unitType: entry.unitType, before: entry.before.join(', ') || '—', after: entry.after.join(', ') || '—' })}
            </Typography>
          ))}
          {impact?.escalationChanges.map((entry) => (
            <Typography key={`e${id(entry)}`} variant="body2">
              {translate('WORKFLOW.Editor.EscalationMoves', { units: entry.units, state: entry.state, unitType: entry.unitType, before: entry.before ?? '—', after: entry.after ?? '—' })}
            </Typography>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!ready} onClick={publish} data-testid="publish-confirm">
          {translate('WORKFLOW.Editor.Publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import type { ControlChanges } from '../../domain/questionnaire/builder';

const GROUPS: { kind: keyof ControlChanges; icon: ReactElement; color: 'success' | 'error' | 'info' }[] = [
  { kind: 'added', icon: <AddIcon fontSize="small" />, color: 'success' },
  { kind: 'removed', icon: <RemoveIcon fontSize="small" />, color: 'error' },
  { kind: 'changed', icon: <EditIcon fontSize="small" />, color: 'info' },
];

/** The summary above the line diff: which controls (fields) version B adds, removes or changes. */
export function ControlChangesCard({ changes }: { changes: ControlChanges }) {
  const translate = useTranslate();
  const none = GROUPS.every(({ kind }) => changes[kind].length === 0);
  return (
    <Card data-testid="diff-summary">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {translate('QUESTIONNAIRE_SHEETS.Diff.SummaryTitle')}
        </Typography>
        {none ? (
          <Typography variant="body2" color="text.secondary">
            {translate('QUESTIONNAIRE_SHEETS.Diff.NoControlChanges')}
          </Typography>
        ) : (
          <Grid container spacing={2}>
            {GROUPS.map(({ kind, icon, color }) => (
              <Grid key={kind} size={{ xs: 12, md: 4 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Chip size="small" color={color} icon={icon} label={changes[kind].length} data-testid={`diff-count-${kind}`} />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {translate(`QUESTIONNAIRE_SHEETS.Diff.Controls.${kind}`, { smart_count: changes[kind].length })}
                  </Typography>
                </Stack>
                <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflow: 'auto' }} data-testid={`diff-controls-${kind}`}>
                  {changes[kind].map((path) => (
                    <Typography component="li" variant="body2" key={path} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {path}
                    </Typography>
                  ))}
                </Box>
              </Grid>
            ))}
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}

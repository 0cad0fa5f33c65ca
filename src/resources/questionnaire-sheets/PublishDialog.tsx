import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { useProblemText } from './ProblemList';
import type { SheetRecord } from './sheets';

/** What `GET …/{id}/impact` answers. */
export interface PublishImpactView {
  onOlderVersions: { version: number; projects: number }[];
  noLongerValid: { path: string; key: string; projects: number }[];
  dropped: { path: string; key: string; projects: number }[];
  together: { id: number; name: string; version: number }[];
  problems: { pointer: string; key: string; params?: Record<string, unknown> }[];
}

/**
 * Publishing shows its impact first (issue #34): projects on older versions, what moving them would break, the drafts
 * of other sheets published in the same step, and what blocks publishing.
 */
export function PublishDialog({ record, open, publishing, onClose, onPublish }: { record: SheetRecord; open: boolean; publishing: boolean; onClose: () => void; onPublish: (together: number[]) => void }) {
  const translate = useTranslate();
  const problemText = useProblemText();
  const dataProvider = usePortalDataProvider();
  const [impact, setImpact] = useState<PublishImpactView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setImpact(null);
    setFailed(null);
    dataProvider
      .sheetImpact<PublishImpactView>(record.id)
      .then(setImpact)
      .catch((error: Error) => setFailed(error.message));
  }, [open, record.id, dataProvider]);
  const args = { name: record.name, version: record.version };
  const blocked = !impact || impact.problems.length > 0;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="publish-dialog">
      <DialogTitle>{translate('QUESTIONNAIRE_SHEETS.PublishTitle', args)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('QUESTIONNAIRE_SHEETS.PublishQuestion', args)}</DialogContentText>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!impact && !failed && <CircularProgress size={24} aria-label={translate('SHEET_BUILDER.ImpactLoading')} />}
        {impact && (
          <div data-testid="publish-impact">
            <Typography variant="subtitle2" component="h3">
              {translate('SHEET_BUILDER.ImpactTitle')}
            </Typography>
            {impact.onOlderVersions.length === 0 ? (
              <Typography variant="body2">{translate('SHEET_BUILDER.ImpactNone')}</Typography>
            ) : (
              <List dense disablePadding>
                {impact.onOlderVersions.map((entry) => (
                  <ListItem key={entry.version} disableGutters>
                    <ListItemText primary={translate('SHEET_BUILDER.ImpactOnVersion', { smart_count: entry.projects, version: entry.version })} />
                  </ListItem>
                ))}
              </List>
            )}
            {(impact.noLongerValid.length > 0 || impact.dropped.length > 0) && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {translate('SHEET_BUILDER.ImpactIfMoved')}
                </Typography>
                <List dense disablePadding>
                  {impact.dropped.map((entry) => (
                    <ListItem key={`d${entry.path}`} disableGutters>
                      <ListItemText primary={translate('SHEET_BUILDER.ImpactDropped', { path: entry.path, smart_count: entry.projects })} />
                    </ListItem>
                  ))}
                  {impact.noLongerValid.map((entry) => (
                    <ListItem key={`i${entry.path}${entry.key}`} disableGutters>
                      <ListItemText primary={translate('SHEET_BUILDER.ImpactInvalid', { path: entry.path, smart_count: entry.projects })} secondary={translate(entry.key)} />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {impact.together.length > 0 && (
              <Alert severity="info" sx={{ mt: 1 }} data-testid="publish-together">
                {translate('SHEET_BUILDER.PublishTogether', { names: impact.together.map((sheet) => `${sheet.name} v${sheet.version}`).join(', ') })}
              </Alert>
            )}
            {impact.problems.length > 0 && (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="publish-blocked">
                {translate('SHEET_BUILDER.PublishBlocked')}
                <ul>
                  {impact.problems.slice(0, 10).map((problem, index) => (
                    <li key={index}>{problemText({ key: problem.key, params: problem.params ?? {} })}</li>
                  ))}
                </ul>
              </Alert>
            )}
          </div>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('COMMON.Cancel')}</Button>
        <Button variant="contained" disabled={blocked || publishing} onClick={() => impact && onPublish(impact.together.map((sheet) => sheet.id))} data-testid="publish-confirm">
          {translate('QUESTIONNAIRE_SHEETS.Publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

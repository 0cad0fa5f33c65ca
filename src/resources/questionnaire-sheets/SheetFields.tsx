import EditNoteIcon from '@mui/icons-material/EditNote';
import StarIcon from '@mui/icons-material/Star';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SheetStatus } from './sheets';

/** Draft (still editable) or published (immutable), in the colours of the portal's other state chips. */
export function SheetStatusChip({ status }: { status: SheetStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'draft' ? 'outlined' : 'filled'}
      color={status === 'draft' ? 'warning' : 'success'}
      icon={status === 'draft' ? <EditNoteIcon /> : <TaskAltIcon />}
      label={translate(`QUESTIONNAIRE_SHEETS.Status.${status}`)}
      data-testid="sheet-status"
    />
  );
}

/** Marks the highest version of a sheet name: the one new projects get once it is published. */
export function LatestMarker({ latest }: { latest: boolean }) {
  const translate = useTranslate();
  if (!latest) return null;
  return (
    <Tooltip title={translate('QUESTIONNAIRE_SHEETS.LatestHint')}>
      <Chip size="small" color="primary" variant="outlined" icon={<StarIcon />} label={translate('QUESTIONNAIRE_SHEETS.Latest')} data-testid="sheet-latest" />
    </Tooltip>
  );
}

/** "v3": how versions read everywhere in the editor. */
export const versionLabel = (version: number) => `v${version}`;

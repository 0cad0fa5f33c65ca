import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The mark of a row someone else changed or deleted while this user edits it (live updates, orderRows.ts
 * `changedMeanwhile`): saving it will be refused, undo shows their version.
 */
export function ChangedMeanwhileMark({ pos, deleted }: { pos: number; deleted: boolean }) {
  const translate = useTranslate();
  const text = translate(deleted ? 'ORDERS.DeletedMeanwhile' : 'ORDERS.ChangedMeanwhile', { pos });
  return (
    <Tooltip title={text}>
      <SyncProblemIcon role="img" aria-label={text} color="warning" fontSize="small" data-testid="row-changed-meanwhile" sx={{ verticalAlign: 'middle', ml: 0.5 }} />
    </Tooltip>
  );
}

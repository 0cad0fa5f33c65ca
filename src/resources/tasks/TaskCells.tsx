import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { Task } from '../../domain/tasks';

/** The task's name; a key the translations do not know shows as the key itself. */
export const taskTitle = (translate: TranslateFunction, taskKey: string) => translate(`TASKS.Keys.${taskKey}.Title`, { _: taskKey });
export const stateLabel = (translate: TranslateFunction, stateKey: string) => translate(`STATES.${stateKey}`, { _: stateKey });

/** Opening the info dialog must not also open the project (the row and the card are links). */
const stop = (open: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  event.preventDefault();
  open();
};

/** The state as a link that opens the task-info dialog. */
export function StateLink({ task, onInfo }: { task: Task; onInfo: (task: Task) => void }) {
  const translate = useTranslate();
  return (
    <Link component="button" type="button" variant="body2" underline="hover" onClick={stop(() => onInfo(task))} sx={{ textAlign: 'left' }} data-testid="task-state">
      {stateLabel(translate, task.stateKey)}
    </Link>
  );
}

export function InfoButton({ task, onInfo }: { task: Task; onInfo: (task: Task) => void }) {
  const translate = useTranslate();
  const label = translate('TASKS.InfoFor', { task: taskTitle(translate, task.taskKey) });
  return (
    <Tooltip title={label}>
      <IconButton size="small" color="primary" aria-label={label} onClick={stop(() => onInfo(task))} data-testid="task-info">
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export function DelayedChip() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('TASKS.DelayedHint')}>
      <Chip size="small" color="warning" icon={<HourglassBottomIcon />} label={translate('TASKS.Delayed')} data-testid="task-delayed" />
    </Tooltip>
  );
}

/** Parent and unit: the parent's title above the unit's; a root's task concerns the whole project. */
export function UnitCell({ task }: { task: Task }) {
  const translate = useTranslate();
  if (task.projectUnitID === task.rootProjectUnitID) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('TASKS.WholeProject')}
      </Typography>
    );
  }
  return (
    <>
      {task.parentUnitTitle && (
        <Typography variant="caption" color="text.secondary" component="div">
          {task.parentUnitTitle}
        </Typography>
      )}
      <Typography variant="body2">{task.unitTitle}</Typography>
    </>
  );
}

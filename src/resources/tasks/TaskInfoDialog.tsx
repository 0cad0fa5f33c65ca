import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { unitDetailsPath } from '../../domain/search';
import type { Task } from '../../domain/tasks';
import { relativeTime } from '../projects/ProjectCells';
import { stateLabel, taskTitle } from './TaskCells';
import { TaskExplanation } from './TaskExplanation';
import { helpTopicOfTask } from '../../domain/help';
import { HelpPageButton } from '../../components/HelpPageButton';
import { formatDate } from '../../domain/format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </>
  );
}

/** Where the task is: project, unit, state and since when. */
function TaskFacts({ task }: { task: Task }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const since = new Date(task.changedOn);
  const isRoot = task.projectUnitID === task.rootProjectUnitID;
  const unitPath = [task.parentUnitTitle, task.unitTitle].filter(Boolean).join(' › ');
  return (
    <Box
      component="dl"
      sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'grey.50', border: 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {isRoot ? (
        <Fact label={translate('TASKS.Dialog.Project')}>
          {task.projectUnitNo} · {task.rootUnitTitle}
        </Fact>
      ) : (
        <>
          <Fact label={translate('TASKS.Dialog.Project')}>{task.rootUnitTitle}</Fact>
          <Fact label={translate('TASKS.Dialog.Unit')}>
            {task.projectUnitNo} · {unitPath}
          </Fact>
        </>
      )}
      <Fact label={translate('TASKS.Dialog.State')}>{stateLabel(translate, task.stateKey)}</Fact>
      <Fact label={translate('TASKS.Dialog.Since')}>
        {formatDate(since, locale)} ({relativeTime(task.changedOn, locale)})
      </Fact>
    </Box>
  );
}

/**
 * The task-info dialog of My Tasks and the project details page: what the task means and a way to its
 * project. Needs nothing but the task (as `GET /api/tasks` answers it).
 */
export function TaskInfoDialog({ task, open, onClose }: { task: Task | null; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const goToProject = () => {
    if (!task) return;
    onClose();
    navigate(unitDetailsPath(task));
  };
  return (
    <Dialog open={open && !!task} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: 640 } } }} aria-labelledby="task-info-title">
      {task && (
        <>
          <DialogTitle id="task-info-title">{taskTitle(translate, task.taskKey)}</DialogTitle>
          <DialogContent dividers data-testid="task-info-dialog">
            <TaskFacts task={task} />
            {task.delayed && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {translate('TASKS.DelayedHint')}
              </Alert>
            )}
            <TaskExplanation taskKey={task.taskKey} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            {helpTopicOfTask(task.taskKey) && (
              <Box sx={{ mr: 'auto' }}>
                <HelpPageButton topic={helpTopicOfTask(task.taskKey)} />
              </Box>
            )}
            <Button onClick={onClose}>{translate('TASKS.Dialog.Close')}</Button>
            <Button variant="contained" onClick={goToProject} autoFocus>
              {translate('TASKS.Dialog.GoToProject')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

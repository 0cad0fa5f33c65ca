import { Box, Card, CardActionArea, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { unitDetailsPath } from '../../domain/search';
import type { Task } from '../../domain/tasks';
import { SinceText } from '../projects/ProjectCells';
import { DelayedChip, InfoButton, StateLink, taskTitle } from './TaskCells';

/** The grid view (wider screens): one card per task; the card opens the project, the footer explains the task. */
export function TaskGrid({ tasks, onInfo }: { tasks: Task[]; onInfo: (task: Task) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(270px, 1fr))' }}>
      {tasks.map((task) => {
        const isRoot = task.projectUnitID === task.rootProjectUnitID;
        return (
          <Card key={task.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="task-card">
            <CardActionArea component={RouterLink} to={unitDetailsPath(task)} sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
              <Box sx={{ px: 2, py: 1.25, bgcolor: 'grey.50', borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="subtitle2" sx={{ fontWeight: 700, color: 'primary.main' }}>
                  {taskTitle(translate, task.taskKey)}
                </Typography>
              </Box>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  {task.projectUnitNo}
                </Typography>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                  {isRoot ? task.rootUnitTitle : task.unitTitle}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {isRoot ? translate('TASKS.WholeProject') : [task.rootUnitTitle, task.parentUnitTitle].filter((title, index, all) => title && all.indexOf(title) === index).join(' › ')}
                </Typography>
                <SinceText iso={task.changedOn} inline />
              </CardContent>
            </CardActionArea>
            <CardActions sx={{ px: 2, justifyContent: 'space-between', borderTop: 1, borderColor: 'divider' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                <StateLink task={task} onInfo={onInfo} />
                {task.delayed && <DelayedChip />}
              </Stack>
              <InfoButton task={task} onInfo={onInfo} />
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}

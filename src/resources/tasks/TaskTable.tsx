import { Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { unitDetailsPath } from '../../domain/search';
import type { Task } from '../../domain/tasks';
import { SinceText } from '../projects/ProjectCells';
import { DelayedChip, InfoButton, StateLink, taskTitle, UnitCell } from './TaskCells';

/** Columns that phones leave out (the number and the change date are in the dialog too). */
const wide = { display: { xs: 'none', md: 'table-cell' } };

/** The task table: a row opens the task's project; the state link and the info icon open the task's dialog. */
export function TaskTable({ tasks, onInfo }: { tasks: Task[]; onInfo: (task: Task) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Table aria-label={translate('TASKS.Title')}>
      <TableHead>
        <TableRow>
          <TableCell sx={wide}>{translate('TASKS.Columns.ProjectNo')}</TableCell>
          <TableCell>{translate('TASKS.Columns.Project')}</TableCell>
          <TableCell>{translate('TASKS.Columns.Unit')}</TableCell>
          <TableCell>{translate('TASKS.Columns.State')}</TableCell>
          <TableCell>{translate('TASKS.Columns.Task')}</TableCell>
          <TableCell sx={{ ...wide, width: 170 }}>{translate('TASKS.Columns.Changed')}</TableCell>
          <TableCell sx={{ width: 56 }} align="center">
            <span style={visuallyHidden}>{translate('TASKS.Columns.Info')}</span>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} hover onClick={() => navigate(unitDetailsPath(task))} sx={{ cursor: 'pointer' }} data-testid="task-row">
            <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
              <Typography variant="body2" color="text.secondary">
                {task.projectUnitNo}
              </Typography>
            </TableCell>
            <TableCell>
              <Link component={RouterLink} to={unitDetailsPath(task)} underline="hover" sx={{ fontWeight: 600 }} onClick={(event) => event.stopPropagation()}>
                {task.rootUnitTitle}
              </Link>
            </TableCell>
            <TableCell>
              <UnitCell task={task} />
            </TableCell>
            <TableCell>
              <StateLink task={task} onInfo={onInfo} />
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2">{taskTitle(translate, task.taskKey)}</Typography>
                {task.delayed && <DelayedChip />}
              </Stack>
            </TableCell>
            <TableCell sx={wide}>
              <SinceText iso={task.changedOn} />
            </TableCell>
            <TableCell align="center">
              <InfoButton task={task} onInfo={onInfo} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

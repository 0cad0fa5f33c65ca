import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import type { Task } from '../../domain/tasks';
import { lazyView } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** My Tasks (API `tasks`, one per unit awaiting the user) at the spec's home/app/task-list. */
export default {
  list: lazyView(() => import('./TaskList')),
  icon: AssignmentOutlinedIcon,
  recordRepresentation: (task: Task) => `${task.projectUnitNo} ${task.unitTitle}`,
  options: { label: 'TASKS.Title', menu: [{ section: 'main', order: 20, label: 'MENU.MyTasks' }] } satisfies PortalResourceOptions,
};

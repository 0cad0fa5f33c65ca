import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazyView } from '../../layout/lazyView';

/**
 * The Workflows page (home/app/project/workflows) shows two resources side by side: new delivery data
 * (`workflow-notifications`) and delayed workflows (`workflow-rows`), each a react-admin list of its own.
 */
export const WorkflowsPage = lazyView(() => import('./WorkflowsPage'));

export const workflowNotifications = { icon: LocalShippingIcon, options: { label: 'WORKFLOWS.Notifications.Title' } };
export const workflowRows = { icon: HourglassBottomIcon, options: { label: 'WORKFLOWS.Rows.Title' } };

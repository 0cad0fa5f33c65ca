import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { lazyView } from '../../layout/lazyView';

/**
 * The planned deliveries of a root project: the list view with the done action (and the 3D panel) exists only
 * inside a project, so it is a child route of the project resource at the spec's path
 * home/app/project/delivery-overview/{root} (the API refuses a list without its root).
 */
export const DeliveryOverviewList = lazyView(() => import('./DeliveryOverviewPage'));

export default {
  icon: LocalShippingIcon,
  recordRepresentation: 'title',
  options: { label: 'DELIVERY.Overview' },
};

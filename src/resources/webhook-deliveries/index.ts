import SendIcon from '@mui/icons-material/Send';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./DeliveryList'), 'DeliveryList'),
  show: lazyNamed(() => import('./DeliveryShow'), 'DeliveryShow'),
  icon: SendIcon,
  recordRepresentation: 'webhookId',
  options: { label: 'MENU.WebhookDeliveries', menu: [{ section: 'admin', order: 130, label: 'MENU.WebhookDeliveries' }] } satisfies PortalResourceOptions,
};

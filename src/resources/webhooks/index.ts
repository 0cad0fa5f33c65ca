import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export { WEBHOOKS_RESOURCE } from '../../domain/resources';

export default {
  list: lazyNamed(() => import('./WebhookPages'), 'WebhookList'),
  create: lazyNamed(() => import('./WebhookPages'), 'WebhookCreate'),
  edit: lazyNamed(() => import('./WebhookPages'), 'WebhookEdit'),
  icon: WebhookIcon,
  recordRepresentation: 'url',
  options: { label: 'MENU.Webhooks', menu: [{ section: 'admin', order: 120, label: 'MENU.Webhooks' }] } satisfies PortalResourceOptions,
};

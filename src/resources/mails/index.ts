import MailIcon from '@mui/icons-material/Mail';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./MailList'), 'MailList'),
  show: lazyNamed(() => import('./MailShow'), 'MailShow'),
  icon: MailIcon,
  recordRepresentation: 'subject',
  options: { label: 'MENU.Outbox', menu: [{ section: 'admin', order: 110, label: 'MENU.Outbox' }] } satisfies PortalResourceOptions,
};

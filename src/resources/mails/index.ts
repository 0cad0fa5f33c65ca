import MailIcon from '@mui/icons-material/Mail';
import { MailList } from './MailList';
import { MailShow } from './MailShow';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: MailList,
  show: MailShow,
  icon: MailIcon,
  recordRepresentation: 'subject',
  options: { label: 'MENU.Outbox', menu: [{ section: 'admin', order: 110, label: 'MENU.Outbox' }] } satisfies PortalResourceOptions,
};

import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./BannerNotificationList'), 'BannerNotificationList'),
  icon: CampaignIcon,
  recordRepresentation: 'title',
  options: { label: 'MENU.BannerNotifications', menu: [{ section: 'admin', order: 10, label: 'MENU.BannerNotifications' }] } satisfies PortalResourceOptions,
};

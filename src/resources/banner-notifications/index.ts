import CampaignIcon from '@mui/icons-material/Campaign';
import { BannerNotificationList } from './BannerNotificationList';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: BannerNotificationList,
  icon: CampaignIcon,
  recordRepresentation: 'title',
  options: { label: 'MENU.BannerNotifications', menu: [{ section: 'admin', order: 10, label: 'MENU.BannerNotifications' }] } satisfies PortalResourceOptions,
};

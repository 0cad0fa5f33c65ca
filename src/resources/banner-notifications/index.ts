import CampaignIcon from '@mui/icons-material/Campaign';
import { BannerNotificationList } from './BannerNotificationList';

export default {
  list: BannerNotificationList,
  icon: CampaignIcon,
  recordRepresentation: 'title',
};

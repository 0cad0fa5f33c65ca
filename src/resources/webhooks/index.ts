import WebhookIcon from '@mui/icons-material/Webhook';
import { WebhookCreate, WebhookEdit, WebhookList } from './WebhookPages';

export { WEBHOOKS_RESOURCE } from './constants';

export default { list: WebhookList, create: WebhookCreate, edit: WebhookEdit, icon: WebhookIcon, recordRepresentation: 'url' };

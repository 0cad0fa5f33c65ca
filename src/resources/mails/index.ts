import MailIcon from '@mui/icons-material/Mail';
import { MailList } from './MailList';
import { MailShow } from './MailShow';

export default { list: MailList, show: MailShow, icon: MailIcon, recordRepresentation: 'subject' };

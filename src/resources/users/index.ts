import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'login',
  options: { label: 'USERS.Menu', menu: [{ section: 'admin', order: 20, label: 'USERS.Menu' }] } satisfies PortalResourceOptions,
};

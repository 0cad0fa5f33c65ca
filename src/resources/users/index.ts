import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  create: lazyNamed(() => import('./UserCreate'), 'UserCreate'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  icon: PeopleIcon,
  recordRepresentation: 'login',
  options: { label: 'USERS.Menu', menu: [{ section: 'admin', order: 20, label: 'USERS.Menu' }] } satisfies PortalResourceOptions,
};

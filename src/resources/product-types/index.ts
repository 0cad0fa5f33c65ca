import CategoryIcon from '@mui/icons-material/Category';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


const pages = () => import('./ProductTypePages');

export default {
  list: lazyNamed(pages, 'ProductTypeList'),
  create: lazyNamed(pages, 'ProductTypeCreate'),
  edit: lazyNamed(pages, 'ProductTypeEdit'),
  icon: CategoryIcon,
  recordRepresentation: 'title',
  options: { label: 'ADMIN.Menu.ProductTypes', menu: [{ section: 'admin', order: 60, label: 'ADMIN.Menu.ProductTypes' }] } satisfies PortalResourceOptions,
};

import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


const pages = () => import('./SalesOrgPages');

export default {
  list: lazyNamed(pages, 'SalesOrgList'),
  create: lazyNamed(pages, 'SalesOrgCreate'),
  edit: lazyNamed(pages, 'SalesOrgEdit'),
  icon: StorefrontIcon,
  recordRepresentation: 'title',
  options: { label: 'ADMIN.Menu.SalesOrgs', menu: [{ section: 'admin', order: 40, label: 'ADMIN.Menu.SalesOrgs' }] } satisfies PortalResourceOptions,
};

import BusinessIcon from '@mui/icons-material/Business';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


const pages = () => import('./TenantPages');

export default {
  list: lazyNamed(pages, 'TenantList'),
  create: lazyNamed(pages, 'TenantCreate'),
  edit: lazyNamed(pages, 'TenantEdit'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
  options: { label: 'ADMIN.Menu.Tenants', menu: [{ section: 'admin', order: 30, label: 'ADMIN.Menu.Tenants' }] } satisfies PortalResourceOptions,
};

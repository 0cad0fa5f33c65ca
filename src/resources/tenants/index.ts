import BusinessIcon from '@mui/icons-material/Business';
import { TenantCreate, TenantEdit, TenantList } from './TenantPages';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Route and react-admin name; the API resource is `tenants` (admins only). */
export const TENANTS_RESOURCE = 'admin/tenants';

export default {
  list: TenantList,
  create: TenantCreate,
  edit: TenantEdit,
  icon: BusinessIcon,
  recordRepresentation: 'name',
  options: { label: 'ADMIN.Menu.Tenants', menu: [{ section: 'admin', order: 30, label: 'ADMIN.Menu.Tenants' }] } satisfies PortalResourceOptions,
};

import StorefrontIcon from '@mui/icons-material/Storefront';
import { SalesOrgCreate, SalesOrgEdit, SalesOrgList } from './SalesOrgPages';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Route and react-admin name; the API resource is `salesorganisations` (read by every user, changed by admins). */
export const SALES_ORGS_RESOURCE = 'admin/salesorganisations';

export default {
  list: SalesOrgList,
  create: SalesOrgCreate,
  edit: SalesOrgEdit,
  icon: StorefrontIcon,
  recordRepresentation: 'title',
  options: { label: 'ADMIN.Menu.SalesOrgs', menu: [{ section: 'admin', order: 40, label: 'ADMIN.Menu.SalesOrgs' }] } satisfies PortalResourceOptions,
};

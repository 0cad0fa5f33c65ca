import StorefrontIcon from '@mui/icons-material/Storefront';
import { SalesOrgCreate, SalesOrgEdit, SalesOrgList } from './SalesOrgPages';

/** Route and react-admin name; the API resource is `salesorganisations` (read by every user, changed by admins). */
export const SALES_ORGS_RESOURCE = 'admin/salesorganisations';

export default {
  list: SalesOrgList,
  create: SalesOrgCreate,
  edit: SalesOrgEdit,
  icon: StorefrontIcon,
  recordRepresentation: 'title',
};

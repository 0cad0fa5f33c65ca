import CategoryIcon from '@mui/icons-material/Category';
import { ProductTypeCreate, ProductTypeEdit, ProductTypeList } from './ProductTypePages';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Route and react-admin name; the API resource is `producttypes`. */
export const PRODUCT_TYPES_RESOURCE = 'admin/producttypes';

export default {
  list: ProductTypeList,
  create: ProductTypeCreate,
  edit: ProductTypeEdit,
  icon: CategoryIcon,
  recordRepresentation: 'title',
  options: { label: 'ADMIN.Menu.ProductTypes', menu: [{ section: 'admin', order: 60, label: 'ADMIN.Menu.ProductTypes' }] } satisfies PortalResourceOptions,
};

import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import { LintelProductCreate, LintelProductEdit } from './LintelProductForms';
import { LintelProductList } from './LintelProductList';

/** Route and react-admin name; the data provider drops the `admin/` prefix for the API (`lintelproducts`). */
export const LINTEL_PRODUCTS_RESOURCE = 'admin/lintelproducts';

export default {
  list: LintelProductList,
  create: LintelProductCreate,
  edit: LintelProductEdit,
  icon: HorizontalRuleIcon,
  recordRepresentation: 'title',
};

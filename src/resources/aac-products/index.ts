import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { AacProductCreate, AacProductEdit } from './AacProductForms';
import { AacProductList } from './AacProductList';

/** Route and react-admin name; the data provider drops the `admin/` prefix for the API (`aacproducts`). */
export const AAC_PRODUCTS_RESOURCE = 'admin/aacproducts';

export default {
  list: AacProductList,
  create: AacProductCreate,
  edit: AacProductEdit,
  icon: ViewQuiltIcon,
  recordRepresentation: 'title',
};

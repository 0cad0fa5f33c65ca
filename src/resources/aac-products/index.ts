import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Route and react-admin name; the data provider drops the `admin/` prefix for the API (`aacproducts`). */
export const AAC_PRODUCTS_RESOURCE = 'admin/aacproducts';

export default {
  list: lazyNamed(() => import('./AacProductList'), 'AacProductList'),
  create: lazyNamed(() => import('./AacProductForms'), 'AacProductCreate'),
  edit: lazyNamed(() => import('./AacProductForms'), 'AacProductEdit'),
  icon: ViewQuiltIcon,
  recordRepresentation: 'title',
  options: { label: 'CATALOGUE.Aac.Menu', menu: [{ section: 'admin', order: 90, label: 'CATALOGUE.Aac.Menu' }] } satisfies PortalResourceOptions,
};

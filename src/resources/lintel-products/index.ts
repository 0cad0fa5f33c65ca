import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


export default {
  list: lazyNamed(() => import('./LintelProductList'), 'LintelProductList'),
  create: lazyNamed(() => import('./LintelProductForms'), 'LintelProductCreate'),
  edit: lazyNamed(() => import('./LintelProductForms'), 'LintelProductEdit'),
  icon: HorizontalRuleIcon,
  recordRepresentation: 'title',
  options: { label: 'CATALOGUE.Lintel.Menu', menu: [{ section: 'admin', order: 100, label: 'CATALOGUE.Lintel.Menu' }] } satisfies PortalResourceOptions,
};

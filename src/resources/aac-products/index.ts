import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


export default {
  list: lazyNamed(() => import('./AacProductList'), 'AacProductList'),
  create: lazyNamed(() => import('./AacProductForms'), 'AacProductCreate'),
  edit: lazyNamed(() => import('./AacProductForms'), 'AacProductEdit'),
  icon: ViewQuiltIcon,
  recordRepresentation: 'title',
  options: { label: 'CATALOGUE.Aac.Menu', menu: [{ section: 'admin', order: 90, label: 'CATALOGUE.Aac.Menu' }] } satisfies PortalResourceOptions,
};

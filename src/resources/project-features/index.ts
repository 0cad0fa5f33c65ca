import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./ProjectFeatureList'), 'ProjectFeatureList'),
  edit: lazyNamed(() => import('./ProjectFeatureEdit'), 'ProjectFeatureEdit'),
  icon: ToggleOnIcon,
  recordRepresentation: 'title',
  options: { label: 'MENU.ProjectFeatures', menu: [{ section: 'admin', order: 70, label: 'MENU.ProjectFeatures' }] } satisfies PortalResourceOptions,
};

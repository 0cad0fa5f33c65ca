import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { ProjectFeatureEdit } from './ProjectFeatureEdit';
import { ProjectFeatureList } from './ProjectFeatureList';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: ProjectFeatureList,
  edit: ProjectFeatureEdit,
  icon: ToggleOnIcon,
  recordRepresentation: 'title',
  options: { label: 'MENU.ProjectFeatures', menu: [{ section: 'admin', order: 70, label: 'MENU.ProjectFeatures' }] } satisfies PortalResourceOptions,
};

import FactoryIcon from '@mui/icons-material/Factory';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';


const pages = () => import('./PlantPages');

export default {
  list: lazyNamed(pages, 'PlantList'),
  create: lazyNamed(pages, 'PlantCreate'),
  edit: lazyNamed(pages, 'PlantEdit'),
  icon: FactoryIcon,
  recordRepresentation: 'name',
  options: { label: 'ADMIN.Menu.Plants', menu: [{ section: 'admin', order: 50, label: 'ADMIN.Menu.Plants' }] } satisfies PortalResourceOptions,
};

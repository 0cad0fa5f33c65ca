import FactoryIcon from '@mui/icons-material/Factory';
import { PlantCreate, PlantEdit, PlantList } from './PlantPages';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Route and react-admin name; the data provider drops the `admin/` prefix for the API (`plants`). */
export const PLANTS_RESOURCE = 'admin/plants';

export default {
  list: PlantList,
  create: PlantCreate,
  edit: PlantEdit,
  icon: FactoryIcon,
  recordRepresentation: 'name',
  options: { label: 'ADMIN.Menu.Plants', menu: [{ section: 'admin', order: 50, label: 'ADMIN.Menu.Plants' }] } satisfies PortalResourceOptions,
};

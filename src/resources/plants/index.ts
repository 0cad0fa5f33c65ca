import FactoryIcon from '@mui/icons-material/Factory';
import { PlantCreate, PlantEdit, PlantList } from './PlantPages';

/** Route and react-admin name; the data provider drops the `admin/` prefix for the API (`plants`). */
export const PLANTS_RESOURCE = 'admin/plants';

export default {
  list: PlantList,
  create: PlantCreate,
  edit: PlantEdit,
  icon: FactoryIcon,
  recordRepresentation: 'name',
};

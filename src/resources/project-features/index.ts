import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { ProjectFeatureEdit } from './ProjectFeatureEdit';
import { ProjectFeatureList } from './ProjectFeatureList';

export default { list: ProjectFeatureList, edit: ProjectFeatureEdit, icon: ToggleOnIcon, recordRepresentation: 'title' };

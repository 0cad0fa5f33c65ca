import SearchIcon from '@mui/icons-material/Search';
import { lazyView } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';
import { useSearchAvailability } from './useSearchAvailability';

/** The menu offers the search where a tenant of the user has AdvancedSearch. */
const useSearchAvailable = () => useSearchAvailability().data === true;

/** The project search (API `projectunitssearch`) at the spec's home/app/project/search: a read-only list. */
export default {
  list: lazyView(() => import('./SearchList')),
  icon: SearchIcon,
  recordRepresentation: 'title',
  options: {
    label: 'SEARCH.Title',
    menu: [{ section: 'main', order: 70, label: 'SEARCH.Menu', useVisible: useSearchAvailable }],
  } satisfies PortalResourceOptions,
};

import HistoryIcon from '@mui/icons-material/History';
import type { JournalRecord } from '../../domain/journal';
import { lazyView } from '../../layout/lazyView';

/**
 * The journal of a project's unit: its list view (`JournalPage` around the react-admin `<List>`) exists only
 * inside a project, so it is a child route of the project resource at the spec's path
 * home/app/project/details/{root}/{unit}/journal (the API refuses a journal list without its root).
 */
export const JournalList = lazyView(() => import('./JournalPage'));

export default {
  icon: HistoryIcon,
  recordRepresentation: (record: JournalRecord) => `${record.projectUnitNo} ${record.projectUnitName}`,
  options: { label: 'JOURNAL.Title' },
};

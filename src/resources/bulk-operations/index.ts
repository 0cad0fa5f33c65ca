import HistoryIcon from '@mui/icons-material/History';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

export default {
  list: lazyNamed(() => import('./BulkOperationList'), 'BulkOperationList'),
  icon: HistoryIcon,
  options: { label: 'BULK.Operations.Menu', menu: [{ section: 'admin', order: 115, label: 'BULK.Operations.Menu' }] } satisfies PortalResourceOptions,
};

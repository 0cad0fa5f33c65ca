import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { lazyView } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

/** Preliminary days per plant and product type (API `productplantpreliminarydays`): an editable list. */
export default {
  list: lazyView(() => import('./PreliminaryDaysList')),
  icon: EventRepeatIcon,
  options: { label: 'PRELIMINARY.Title', menu: [{ section: 'admin', order: 80, label: 'PRELIMINARY.Menu' }] } satisfies PortalResourceOptions,
};

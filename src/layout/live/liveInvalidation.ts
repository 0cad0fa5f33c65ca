import type { LiveEvent } from '../../domain/liveEvents';
import { BANNER_RESOURCE, DELIVERY_OVERVIEW_RESOURCE, JOURNAL_RESOURCE, PROJECTS_RESOURCE, TASKS_RESOURCE } from '../../domain/resources';

type QueryKey = readonly unknown[];

/** The notifications of the bell. */
export const NOTIFICATIONS_QUERY = ['notifications'] as const;
/** The unit pages, lists, tasks (My Tasks and its menu counter) and dashboard counters a state change touches. */
const UNIT_KEYS: QueryKey[] = [[PROJECTS_RESOURCE], [TASKS_RESOURCE], ['tasks'], ['dashboard'], [JOURNAL_RESOURCE]];

/**
 * The react-query keys a change makes stale: only the affected ones. The order table, the information sheet and the
 * structure keep their own working copies (their pages decide what an outside change does to unsaved edits); a
 * "reload" event (too much missed) makes everything stale.
 */
export function staleKeys(event: Pick<LiveEvent, 'resource' | 'ids' | 'root'>): QueryKey[] | 'all' {
  switch (event.resource) {
    case 'projects':
    case 'workflow':
      return UNIT_KEYS;
    case 'members':
      return [...UNIT_KEYS, ['projectmembers', event.root]];
    case 'journal':
      return [[JOURNAL_RESOURCE]];
    case 'files':
      return [['project-files', event.root], ['project-file-tree', event.root]];
    case 'materials':
      return [['lot-materials'], ['delivery-data', event.root]];
    case 'deliveries':
      return [[DELIVERY_OVERVIEW_RESOURCE], ['delivery-data', event.root]];
    case 'orders':
      return [[PROJECTS_RESOURCE]];
    case 'banner-notifications':
      return [['active-banners'], [BANNER_RESOURCE]];
    case 'notifications':
      return [NOTIFICATIONS_QUERY];
    default:
      return [];
  }
}

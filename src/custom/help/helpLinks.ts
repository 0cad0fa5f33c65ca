import { helpPath, type HelpLocationState, type HelpTopic } from '../../domain/helpTopics';
import { PROJECT_LIST_PATHS, TASK_LIST_PATH } from '../../domain/projectLists';
import { deliveryOverviewPath, structurePagePath } from '../../domain/routes';

export interface HelpAppLink {
  label: string;
  to: string;
  id: string;
}

/** The page a help link was followed from, if it is a page of the portal outside the help centre. */
export function helpOrigin(state: unknown): string | null {
  const from = (state as HelpLocationState | null | undefined)?.helpFrom;
  if (typeof from !== 'string' || !from.startsWith('/home/app/') || from.startsWith(helpPath())) return null;
  return from;
}

const projectRootOf = (path: string) => {
  const match = /^\/home\/app\/project\/(?:details|structure|delivery-overview)\/(\d{1,10})(?:[/?]|$)/.exec(path);
  return match ? Number(match[1]) : null;
};

/**
 * Where a reader goes from a topic: back where they came from, the project page the topic is about (when they
 * came from a project), and the lists where the work starts.
 */
export function helpAppLinks(topic: HelpTopic, origin: string | null): HelpAppLink[] {
  const links: HelpAppLink[] = [];
  const rootId = origin ? projectRootOf(origin) : null;
  if (origin) links.push({ id: 'back', label: rootId !== null ? 'HELP.Links.Project' : 'HELP.Links.Back', to: origin });
  if (rootId !== null && topic === 'structuring') links.push({ id: 'structure', label: 'STRUCTURE.Title', to: structurePagePath(rootId) });
  if (rootId !== null && topic === 'delivery') links.push({ id: 'delivery-overview', label: 'DELIVERY.Overview', to: deliveryOverviewPath(rootId) });
  if (topic !== 'delivery') links.push({ id: 'tasks', label: 'MENU.MyTasks', to: `/home/app${TASK_LIST_PATH}` });
  links.push({ id: 'projects', label: 'MENU.CurrentProjects', to: `/home/app${PROJECT_LIST_PATHS.current}` });
  return links;
}

import { RootProjectCreate } from './RootProjectCreate';

/** react-admin resource `projects` (API resource of the same name): for now its create view, the new root project. */
export const PROJECTS_RESOURCE = 'projects';

export default {
  create: RootProjectCreate,
};

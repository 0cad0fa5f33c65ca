import { useLocation } from 'react-router-dom';
import { parentFromSource } from './projectQueries';
import { ProjectShowBase } from './ProjectShow';
import { RootProjectCreate } from '../RootProjectCreate';

/**
 * The project resource's create view. home/app/project/create?source={"parentProjectUnitID":…}: the unit creation
 * dialog over the parent's details page (deep-linkable; Back closes it); without a parent, home/app/project/create:
 * a new root project (project planners only).
 */
export default function ProjectCreate() {
  const parent = parentFromSource(useLocation().search);
  if (parent === null) return <RootProjectCreate />;
  return <ProjectShowBase unitId={parent} rootId={null} createView />;
}

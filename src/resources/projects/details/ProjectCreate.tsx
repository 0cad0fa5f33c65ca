import { useLocation } from 'react-router-dom';
import { parentFromSource } from './projectQueries';
import { ProjectShowBase } from './ProjectShow';

/**
 * home/app/project/create?source={"parentProjectUnitID":…}: the project resource's create view, the unit creation
 * dialog over the parent's details page (deep-linkable; Back closes it).
 */
export default function ProjectCreate() {
  const parent = parentFromSource(useLocation().search);
  return <ProjectShowBase unitId={parent} rootId={null} createView />;
}

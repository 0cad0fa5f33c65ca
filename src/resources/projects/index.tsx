import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';
import { Navigate, useParams } from 'react-router-dom';
import { lazyView } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';
import { PROJECT_LIST_PATHS } from '../../domain/projectLists';
import type { ProjectUnit } from '../../domain/projectUnits';

const ProjectListView = lazyView(() => import('./ProjectList'));
/** The details page of a unit: the spec's home/app/project/details/{root}[/{unit}] and react-admin's …/project/{id}/show. */
export const ProjectShow = lazyView(() => import('./details/ProjectShow'));
const ProjectCreate = lazyView(() => import('./details/ProjectCreate'));
/** home/app/project/memberprofile/{root}/{user}: a member's profile, a page of the project. */
export const MemberProfilePage = lazyView(() => import('./members/MemberProfilePage'));

/**
 * The list at the resource's own path (home/app/project: the current projects, as at the spec's
 * home/app/current-projects-list). `project/*` holds the spec's pages of a project, so an unknown path below it
 * leads to the dashboard as anywhere else in the portal.
 */
function ProjectListRoute() {
  const rest = useParams()['*'];
  if (rest) return <Navigate to="/home/app/dash" replace />;
  return <ProjectListView kind="current" />;
}

/** The spec's list paths: the resource's list with the state filter current or closed. */
export const CurrentProjectList = () => <ProjectListView key="current" kind="current" />;
export const ClosedProjectList = () => <ProjectListView key="closed" kind="closed" />;

/** A unit record (list row) or a unit's page context (show record). */
const recordRepresentation = (record: ProjectUnit | { unit: ProjectUnit }) => {
  const unit = 'unit' in record ? record.unit : record;
  return `${unit.projectUnitNo} | ${unit.title}`;
};

/**
 * The project resource (API `projects`): list = the current and closed project lists, show = the details page,
 * create = the unit creation dialog. Its nested pages (details, journal, delivery overview, member profile) are
 * children routes declared in App.tsx.
 */
export default {
  list: ProjectListRoute,
  show: ProjectShow,
  create: ProjectCreate,
  icon: WorkOutlinedIcon,
  recordRepresentation,
  options: {
    label: 'LISTS.Current.Title',
    menu: [
      { section: 'main', order: 30, label: 'MENU.CurrentProjects', to: PROJECT_LIST_PATHS.current },
      { section: 'main', order: 40, label: 'MENU.ClosedProjects', to: PROJECT_LIST_PATHS.closed, icon: <Inventory2OutlinedIcon /> },
    ],
  } satisfies PortalResourceOptions,
};

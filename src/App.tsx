import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { Dashboard, DASHBOARD_PATH } from './custom/dashboard/Dashboard';

import { PortalLayout } from './layout/PortalLayout';
import { PortalLoginPage } from './layout/PortalLoginPage';
import { PortalNotification } from './layout/PortalNotification';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import bannerNotifications from './resources/banner-notifications';
import aacProducts, { AAC_PRODUCTS_RESOURCE } from './resources/aac-products';
import lintelProducts, { LINTEL_PRODUCTS_RESOURCE } from './resources/lintel-products';
import mails from './resources/mails';
import plants from './resources/plants';
import productTypes from './resources/product-types';
import salesOrganisations from './resources/sales-organisations';
import tenants from './resources/tenants';
import users from './resources/users';
import { USERS_RESOURCE } from './resources/users/constants';
import projectFeatures from './resources/project-features';
import projects, { PROJECTS_RESOURCE } from './resources/projects';
import questionnaireSheets from './custom/questionnaire-sheets';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from './custom/questionnaire-sheets/sheetsApi';
import { BANNER_RESOURCE } from './resources/banner-notifications/constants';
import { theme } from './theme';
import { QUESTIONNAIRE_DETAILS_ROUTE, QUESTIONNAIRE_ROUTE } from './custom/project/questionnaire/questionnairePaths';
import { QuestionnaireRedirect } from './custom/project/questionnaire/QuestionnaireRedirect';
import { SEARCH_PATH } from './domain/search';
import { PLANNING_PATH } from './domain/assignments';
import { NEWS_PATH, PROJECT_LIST_PATHS, TASK_LIST_PATH, WORKFLOWS_PATH } from './domain/projectLists';
import { HELP_PATH, HELP_TOPIC_ROUTE } from './domain/help';

export const APP_BASENAME = '/home/app';
export const PROFILE_PATH = '/profile';
// Pages with heavy parts (the avatar cropper) load when first opened.
const ProfilePage = lazy(() => import('./custom/profile/ProfilePage'));
const ProjectDetailsPage = lazy(() => import('./custom/project/details/ProjectDetailsPage'));
const ProjectStructurePage = lazy(() => import('./custom/project/structure/ProjectStructurePage'));
const QuestionnairePage = lazy(() => import('./custom/project/questionnaire/QuestionnairePage'));
const JournalPage = lazy(() => import('./custom/project/journal/JournalPage'));
const DeliveryOverviewPage = lazy(() => import('./custom/project/deliveries/DeliveryOverviewPage'));
const AacOrderPage = lazy(() => import('./custom/orders/aac/AacOrderPage'));
const LintelOrderPage = lazy(() => import('./custom/orders/lintel/LintelOrderPage'));
const MemberProfilePage = lazy(() => import('./custom/project/members/MemberProfilePage'));
const ProjectSearchPage = lazy(() => import('./custom/project/search/ProjectSearchPage'));
const PlanningPage = lazy(() => import('./custom/project/planning/PlanningPage'));
const PreliminaryDaysPage = lazy(() => import('./custom/admin/PreliminaryDaysPage'));
const ProjectListPage = lazy(() => import('./custom/lists/ProjectListPage'));
const NewsPage = lazy(() => import('./custom/news/NewsPage'));
const TaskListPage = lazy(() => import('./custom/tasks/TaskListPage'));
const WorkflowsPage = lazy(() => import('./custom/workflows/WorkflowsPage'));
// The viewer page and its three.js scene are chunks of their own (three.js must not be in the first bundle).
const ViewerPage = lazy(() => import('./custom/viewer/ViewerPage'));
const HelpPage = lazy(() => import('./custom/help/HelpPage'));
const lazyPage = (page: React.ReactNode) => <Suspense fallback={<LinearProgress />}>{page}</Suspense>;
const GoToDashboard = () => <Navigate to={`${APP_BASENAME}${DASHBOARD_PATH}`} replace />;

/** The portal under home/app: every page, resource and provider in one place. */
export function PortalAdmin({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      basename={APP_BASENAME}
      title="planXchange"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={PortalLayout}
      loginPage={PortalLoginPage}
      dashboard={GoToDashboard}
      catchAll={GoToDashboard}
      notification={PortalNotification}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name={BANNER_RESOURCE} {...bannerNotifications} />
      <Resource name={USERS_RESOURCE} {...users} />
      <Resource name="admin/projectfeatures" {...projectFeatures} />
      <Resource name="admin/mails" {...mails} />
      <Resource name="admin/tenants" {...tenants} />
      <Resource name="admin/salesorganisations" {...salesOrganisations} />
      <Resource name="admin/plants" {...plants} />
      <Resource name="admin/producttypes" {...productTypes} />
      <Resource name={AAC_PRODUCTS_RESOURCE} {...aacProducts} />
      <Resource name={LINTEL_PRODUCTS_RESOURCE} {...lintelProducts} />
      <Resource name={QUESTIONNAIRE_SHEETS_RESOURCE} {...questionnaireSheets} />
      <Resource name={PROJECTS_RESOURCE} {...projects} />
      <CustomRoutes>
        <Route path={DASHBOARD_PATH} element={<Dashboard />} />
        <Route path={PROFILE_PATH} element={lazyPage(<ProfilePage />)} />
        <Route path="/project/details/:rootId" element={lazyPage(<ProjectDetailsPage />)} />
        <Route path="/project/structure/:rootId" element={lazyPage(<ProjectStructurePage />)} />
        <Route path={QUESTIONNAIRE_ROUTE} element={lazyPage(<QuestionnairePage />)} />
        <Route path={QUESTIONNAIRE_DETAILS_ROUTE} element={<QuestionnaireRedirect />} />
        <Route path="/project/details/:rootId/:unitId" element={lazyPage(<ProjectDetailsPage />)} />
        <Route path="/project/details/:rootId/:unitId/journal" element={lazyPage(<JournalPage />)} />
        <Route path="/project/delivery-overview/:rootId" element={lazyPage(<DeliveryOverviewPage />)} />
        <Route path="/project/aac-order/:rootId/:unitId" element={lazyPage(<AacOrderPage />)} />
        <Route path="/project/lintel-order/:rootId/:unitId" element={lazyPage(<LintelOrderPage />)} />
        <Route path="/project/memberprofile/:rootUnitId/:userId" element={lazyPage(<MemberProfilePage />)} />
        <Route path={SEARCH_PATH} element={lazyPage(<ProjectSearchPage />)} />
        <Route path={PLANNING_PATH} element={lazyPage(<PlanningPage />)} />
        <Route path="/admin/preliminary-days" element={lazyPage(<PreliminaryDaysPage />)} />
        <Route path={PROJECT_LIST_PATHS.current} element={lazyPage(<ProjectListPage key="current" kind="current" />)} />
        <Route path={PROJECT_LIST_PATHS.closed} element={lazyPage(<ProjectListPage key="closed" kind="closed" />)} />
        <Route path={NEWS_PATH} element={lazyPage(<NewsPage />)} />
        <Route path={TASK_LIST_PATH} element={lazyPage(<TaskListPage />)} />
        <Route path={WORKFLOWS_PATH} element={lazyPage(<WorkflowsPage />)} />
        <Route path="/viewer/:rootId/:unitId/view" element={lazyPage(<ViewerPage />)} />
        <Route path={HELP_PATH} element={lazyPage(<HelpPage />)} />
        <Route path={HELP_TOPIC_ROUTE} element={lazyPage(<HelpPage />)} />
      </CustomRoutes>
    </Admin>
  );
}

import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { Dashboard, DASHBOARD_PATH } from './custom/dashboard/Dashboard';
import { QUESTIONNAIRE_DETAILS_ROUTE, QUESTIONNAIRE_ROUTE } from './resources/projects/questionnaire/questionnairePaths';
import { QuestionnaireRedirect } from './resources/projects/questionnaire/QuestionnaireRedirect';
import { PLANNING_PATH } from './domain/routes';
import { HELP_PATH, HELP_TOPIC_ROUTE } from './domain/helpTopics';
import { NEWS_PATH, PROJECT_LIST_PATHS, WORKFLOWS_PATH } from './domain/projectLists';
import { adminResource } from './layout/adminGuard';
import { lazyView } from './layout/lazyView';
import { PortalLayout } from './layout/PortalLayout';
import { PortalLoginPage } from './layout/PortalLoginPage';
import { PortalNotification } from './layout/PortalNotification';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import aacProducts from './resources/aac-products';
import bannerNotifications from './resources/banner-notifications';
import deliveryOverview, { DeliveryOverviewList } from './resources/delivery-overview';
import journal, { JournalList } from './resources/journal';
import lintelProducts from './resources/lintel-products';
import mails from './resources/mails';
import bulkOperations from './resources/bulk-operations';
import webhooks from './resources/webhooks';
import webhookDeliveries from './resources/webhook-deliveries';
import plants from './resources/plants';
import preliminaryDays from './resources/preliminary-days';
import productTypes from './resources/product-types';
import projectFeatures from './resources/project-features';
import projects, { ClosedProjectList, CurrentProjectList, MemberProfilePage, ProjectShow } from './resources/projects';
import questionnaireSheets from './resources/questionnaire-sheets';
import salesOrganisations from './resources/sales-organisations';
import search from './resources/search';
import tasks from './resources/tasks';
import tenants from './resources/tenants';
import users from './resources/users';
import { workflowNotifications, WorkflowsPage, workflowRows } from './resources/workflows';
import { theme } from './theme';
import {
  AAC_PRODUCTS_RESOURCE,
  BANNER_RESOURCE,
  BULK_OPERATIONS_RESOURCE,
  DELIVERY_OVERVIEW_RESOURCE,
  JOURNAL_RESOURCE,
  LINTEL_PRODUCTS_RESOURCE,
  MAIL_RESOURCE,
  PLANTS_RESOURCE,
  PRELIMINARY_DAYS_RESOURCE,
  PRODUCT_TYPES_RESOURCE,
  PROJECT_FEATURES_RESOURCE,
  PROJECTS_RESOURCE,
  PROJECT_SEARCH_RESOURCE,
  QUESTIONNAIRE_SHEETS_RESOURCE,
  SALES_ORGS_RESOURCE,
  TASKS_RESOURCE,
  TENANTS_RESOURCE,
  USERS_RESOURCE,
  WEBHOOKS_RESOURCE,
  WEBHOOK_DELIVERIES_RESOURCE,
  WORKFLOW_NOTIFICATIONS_RESOURCE,
  WORKFLOW_ROWS_RESOURCE,
} from './domain/resources';

export const APP_BASENAME = '/home/app';
export const PROFILE_PATH = '/profile';
// Custom pages load when first opened (the avatar cropper, rjsf, three.js and the order tables stay out of the first bundle).
const ProfilePage = lazyView(() => import('./custom/profile/ProfilePage'));
const ProjectStructurePage = lazyView(() => import('./resources/projects/structure/ProjectStructurePage'));
const QuestionnairePage = lazyView(() => import('./resources/projects/questionnaire/QuestionnairePage'));
const AacOrderPage = lazyView(() => import('./resources/projects/orders/aac/AacOrderPage'));
const LintelOrderPage = lazyView(() => import('./resources/projects/orders/lintel/LintelOrderPage'));
const PlanningPage = lazyView(() => import('./resources/projects/planning/PlanningPage'));
const NewsPage = lazyView(() => import('./custom/news/NewsPage'));
// The viewer page and its three.js scene are chunks of their own (three.js must not be in the first bundle).
const ViewerPage = lazyView(() => import('./resources/projects/viewer/ViewerPage'));
const HelpPage = lazyView(() => import('./custom/help/HelpPage'));
// The configurers' workflow editor (diagram library and layout in its own chunk).
const WorkflowEditorPage = lazyView(() => import('./resources/workflow-editor/WorkflowEditorPage'));
const GoToDashboard = () => <Navigate to={`${APP_BASENAME}${DASHBOARD_PATH}`} replace />;

/**
 * The portal under home/app: every resource, custom page and provider in one place. Resources routed in the app
 * are named by their path (the spec's paths are their own routes); see docs/architecture.md for the list.
 */
const queryClient = createQueryClient();

export function PortalAdmin({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      queryClient={queryClient}
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
      {/* The project resource: home/app/project (list), …/project/create (the unit creation dialog), …/project/{id}/show. */}
      <Resource name={PROJECTS_RESOURCE} {...projects}>
        {/* The spec's paths of a unit's page and of the pages nested in a project. */}
        <Route path="details/:rootId" element={<ProjectShow />} />
        <Route path="details/:rootId/:unitId" element={<ProjectShow />} />
        <Route path="details/:rootId/:unitId/journal" element={<JournalList />} />
        <Route path="delivery-overview/:rootId" element={<DeliveryOverviewList />} />
        <Route path="memberprofile/:rootUnitId/:userId" element={<MemberProfilePage />} />
      </Resource>
      <Resource name={JOURNAL_RESOURCE} {...journal} />
      <Resource name={DELIVERY_OVERVIEW_RESOURCE} {...deliveryOverview} />
      <Resource name={PROJECT_SEARCH_RESOURCE} {...search} />
      <Resource name={TASKS_RESOURCE} {...tasks} />
      <Resource name={WORKFLOW_NOTIFICATIONS_RESOURCE} {...workflowNotifications} />
      <Resource name={WORKFLOW_ROWS_RESOURCE} {...workflowRows} />
      <Resource name={QUESTIONNAIRE_SHEETS_RESOURCE} {...questionnaireSheets} />
      <Resource name={BANNER_RESOURCE} {...adminResource(BANNER_RESOURCE, bannerNotifications)} />
      <Resource name={PRELIMINARY_DAYS_RESOURCE} {...adminResource(PRELIMINARY_DAYS_RESOURCE, preliminaryDays)} />
      <Resource name={USERS_RESOURCE} {...adminResource(USERS_RESOURCE, users)} />
      <Resource name={PROJECT_FEATURES_RESOURCE} {...adminResource(PROJECT_FEATURES_RESOURCE, projectFeatures)} />
      <Resource name={MAIL_RESOURCE} {...adminResource(MAIL_RESOURCE, mails)} />
      <Resource name={BULK_OPERATIONS_RESOURCE} {...adminResource(BULK_OPERATIONS_RESOURCE, bulkOperations)} />
      <Resource name={WEBHOOKS_RESOURCE} {...adminResource(WEBHOOKS_RESOURCE, webhooks)} />
      <Resource name={WEBHOOK_DELIVERIES_RESOURCE} {...adminResource(WEBHOOK_DELIVERIES_RESOURCE, webhookDeliveries)} />
      <Resource name={TENANTS_RESOURCE} {...adminResource(TENANTS_RESOURCE, tenants)} />
      <Resource name={SALES_ORGS_RESOURCE} {...adminResource(SALES_ORGS_RESOURCE, salesOrganisations)} />
      <Resource name={PLANTS_RESOURCE} {...adminResource(PLANTS_RESOURCE, plants)} />
      <Resource name={PRODUCT_TYPES_RESOURCE} {...adminResource(PRODUCT_TYPES_RESOURCE, productTypes)} />
      <Resource name={AAC_PRODUCTS_RESOURCE} {...adminResource(AAC_PRODUCTS_RESOURCE, aacProducts)} />
      <Resource name={LINTEL_PRODUCTS_RESOURCE} {...adminResource(LINTEL_PRODUCTS_RESOURCE, lintelProducts)} />
      <CustomRoutes>
        <Route path={DASHBOARD_PATH} element={<Dashboard />} />
        {/* The spec's project lists: the project resource's list with its state filter. */}
        <Route path={PROJECT_LIST_PATHS.current} element={<CurrentProjectList />} />
        <Route path={PROJECT_LIST_PATHS.closed} element={<ClosedProjectList />} />
        <Route path={NEWS_PATH} element={<NewsPage />} />
        <Route path={WORKFLOWS_PATH} element={<WorkflowsPage />} />
        <Route path={PROFILE_PATH} element={<ProfilePage />} />
        <Route path="/project/structure/:rootId" element={<ProjectStructurePage />} />
        <Route path={QUESTIONNAIRE_ROUTE} element={<QuestionnairePage />} />
        <Route path={QUESTIONNAIRE_DETAILS_ROUTE} element={<QuestionnaireRedirect />} />
        <Route path="/project/aac-order/:rootId/:unitId" element={<AacOrderPage />} />
        <Route path="/project/lintel-order/:rootId/:unitId" element={<LintelOrderPage />} />
        <Route path={PLANNING_PATH} element={<PlanningPage />} />
        <Route path="/viewer/:rootId/:unitId/view" element={<ViewerPage />} />
        <Route path={HELP_PATH} element={<HelpPage />} />
        <Route path={HELP_TOPIC_ROUTE} element={<HelpPage />} />
        <Route path="/workflow-editor" element={<WorkflowEditorPage />} />
      </CustomRoutes>
    </Admin>
  );
}

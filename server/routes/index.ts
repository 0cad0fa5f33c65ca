// The API's route table: which router answers under which path of /api. server/app.ts puts the middleware around it
// (CORS, CSRF, the session) and calls publicApiRoutes before the session is required and sessionApiRoutes after.
// Order matters where two routers share a prefix: the first that matches answers.
import type { Hono } from 'hono';
import type { AppConfig, AppEnv } from '../lib/context.js';
import { authRoutes } from './auth.js';
import { oidcRoutes } from './oidc.js';
import { bannerExtraRoutes, bannerNotificationsResource } from './banner-notifications.js';
import { salesOrganisationsResource } from './sales-organisations.js';
import { emailRoutes } from './email.js';
import { userRoutes } from './users.js';
import { accountPublicRoutes, accountRoutes } from './account.js';
import { mailsResource } from './mails.js';
import { profileRoutes } from './profile.js';
import { dashboardRoutes, projectUnitStateRoutes, taskRoutes, workflowDefinitionRoutes } from './workflow.js';
import { projectsResource } from './projects.js';
import { projectUnitParamsResource } from './project-unit-params.js';
import { projectFileRoutes } from './project-files.js';
import { ifcStructureRoutes } from './ifc-structure.js';
import { viewerRoutes } from './viewer.js';
import { structureRoutes, structureTaskRoutes } from './structure.js';
import { deliveryDataRoutes, materialRoutes } from './materials.js';
import { orderProposalRoutes } from './order-proposal.js';
import { orderRoutes } from './orders.js';
import { cclScheduleRoutes, deliveryOverviewResource } from './deliveries.js';
import { questionnaireRoutes } from './questionnaire.js';
import { questionnaireSheetsResource, questionnaireSheetValidateRoutes } from './questionnaire-sheets.js';
import { projectMemberRoutes } from './project-members.js';
import { projectMemberChangeRoutes } from './project-member-changes.js';
import { rootProjectRoutes } from './root-projects.js';
import { projectSearchResource } from './project-search.js';
import { assignmentsResource } from './assignments.js';
import { planningRoutes } from './planning.js';
import { journalResource } from './journal.js';
import { workflowsRoutes } from './workflows.js';
import { workflowDraftRoutes, workflowLabelRoutes } from './workflow-versions.js';
import { tenantFileRoutes } from './tenant-files.js';
import { projectToolRoutes, siteRoutes } from './site.js';
import { catalogueRoutes } from './admin-catalogues.js';
import { masterDataRoutes } from './admin-master-data.js';
import { preliminaryDaysRoutes } from './admin-preliminary-days.js';
import { tenantsResource } from './admin-tenants.js';
import { projectFeatureRoutes } from './admin-projects.js';
import { invitationPublicRoutes } from './invitations.js';
import { webhookDeliveryRoutes, webhookRoutes } from './webhooks.js';
import { exportRoutes } from './exports.js';
import { bulkRoutes } from './bulk.js';
import { bulkOperationsResource } from './bulk-operations.js';
import { openApiRoutes } from './openapi.js';
import { eventRoutes } from './events.js';
import { notificationRoutes } from './notifications.js';

/** What answers without a session: the contract, sign-in, single sign-on, links that carry their own token. */
export function publicApiRoutes(api: Hono<AppEnv>): void {
  // The published contract (OpenAPI 3.1) and its reference page: public, like the route table in the app's code.
  api.route('/', openApiRoutes);
  api.route('/auth', authRoutes);
  // Single sign-on for external logins: GET api/auth/oidc, …/login, …/callback (no session needed).
  api.route('/auth/oidc', oidcRoutes);
  // The account-deletion link is followed without a session: the token authenticates.
  api.route('/account', accountPublicRoutes);
  // Setting the first password from an invitation link: the token authenticates.
  api.route('/account', invitationPublicRoutes);
  // The workflow's labels are texts of the app like the translation files, loaded before sign-in (issue 35).
  api.route('/workflow-labels', workflowLabelRoutes);
}

/** Everything else: mounted after requireSession. */
export function sessionApiRoutes(api: Hono<AppEnv>, settings: AppConfig): void {
  api.route('/account', accountRoutes);
  api.route('/data/planxchange', profileRoutes);
  api.route('/data/planxchange/mails', mailsResource);
  api.route('/data/planxchange/projects', projectsResource);
  api.route('/data/planxchange/projectunitparams', projectUnitParamsResource);
  api.route('/data/planxchange/projectunitstates', projectUnitStateRoutes);
  api.route('/tasks', structureTaskRoutes);
  api.route('/tasks', taskRoutes);
  api.route('/structure', structureRoutes);
  api.route('/materials', materialRoutes);
  api.route('/orders', orderRoutes);
  api.route('/orders', orderProposalRoutes);
  api.route('/delivery-data', deliveryDataRoutes);
  api.route('/data/planxchange/delivery-overview', deliveryOverviewResource);
  api.route('/questionnaire', cclScheduleRoutes);
  // The information sheet: GET/PUT /api/questionnaire/{root}, …/{root}/material-types (after the CCL schedule's paths).
  api.route('/questionnaire', questionnaireRoutes);
  api.route('/data/planxchange/questionnaire-sheets', questionnaireSheetsResource);
  api.route('/questionnaire-sheets', questionnaireSheetValidateRoutes);
  api.route('/data/planxchange/dashboard', dashboardRoutes);
  api.route('/workflow-definition', workflowDefinitionRoutes);
  // Mounted after the definition's routes: their configurer check (`use('*')`) runs first for the drafts too.
  api.route('/workflow-definition/drafts', workflowDraftRoutes);
  // Project files: GET/POST api/file/projectFiles/{root}, GET api/file/projectFiles/download/{id}, GET/POST api/file/{root}/{unit}
  api.route('/file', projectFileRoutes);
  // The structure an IFC file of a root suggests: GET api/file/{root}/{file}/ifcstructure
  api.route('/file', ifcStructureRoutes);
  // The 3D viewer: GET api/view/{root}/{unit}.json, …/{unit}.bin and …/{unit}/status
  api.route('/view', viewerRoutes);
  // Members: GET api/data/planxchange/projectmembers/{root} and …/{root}/{user}; changes, candidates and invitations
  api.route('/data/planxchange/projectmembers', projectMemberChangeRoutes);
  api.route('/data/planxchange/projectmembers', projectMemberRoutes);
  // What the root project form offers (tenants, sales organisations, countries); the root itself is POST …/projects
  api.route('/root-projects', rootProjectRoutes);
  api.route('/data/planxchange/projectunitssearch', projectSearchResource);
  // Product type and plant assignments (the spec's resource) and the planning screen's one-call save
  api.route('/data/planxchange/projectunitproducttypeassignments', assignmentsResource);
  api.route('/planning', planningRoutes);
  api.route('/data/planxchange/project-unit-journal', journalResource);
  // The Workflows page: workflow-notifications, workflow-rows and dashboard/workflowCount
  api.route('/data/planxchange', workflowsRoutes);
  api.route('/data/planxchange', siteRoutes);
  api.route('/project-tools', projectToolRoutes);
  // Administration: plants, product types, tenants, preliminary days (master data) and the catalogues.
  api.route('/data/planxchange', masterDataRoutes);
  api.route('/data/planxchange/tenants', tenantsResource);
  api.route('/data/planxchange', catalogueRoutes);
  api.route('/data/planxchange/productplantpreliminarydays', preliminaryDaysRoutes);
  api.route('/data/planxchange/projectfeatures', projectFeatureRoutes);
  // Tenant logos (tenantfiles/{tenantID or tenantID_salesOrgID}/thumbnail.png) and GET api/tenant-infos/{root}
  api.route('/', tenantFileRoutes);
  api.route('/data/planxchange/banner-notifications', bannerNotificationsResource);
  api.route('/banner-notifications', bannerExtraRoutes);
  api.route('/data/planxchange/salesorganisations', salesOrganisationsResource);
  // The dashboard's request to a sales organisation for a new root project: POST …/email/send
  api.route('/data/planxchange/email', emailRoutes);
  api.route('/data/planxchange/users', userRoutes);
  // Bulk administration: imports (preview, apply), bulk edits and unlimited exports; the record of them (admins).
  api.route('/bulk', bulkRoutes);
  api.route('/data/planxchange/bulkoperations', bulkOperationsResource);
  // Integration: webhook endpoints and their deliveries (admin), the placed-orders export (admins, internal staff).
  api.route('/data/planxchange/webhooks', webhookRoutes(settings));
  api.route('/data/planxchange/webhook-deliveries', webhookDeliveryRoutes);
  api.route('/exports', exportRoutes);
  // Live: the browser's event stream (Server-Sent Events) and the bell's notifications (issue #37).
  api.route('/events', eventRoutes);
  api.route('/notifications', notificationRoutes);
}

/**
 * The resource names, in one module (issue #38). It imports nothing, so the first load (App.tsx, the menus, the data
 * provider) and the server can read it.
 *
 * A resource routed under /home/app is named by its path there, so that its own routes are the spec's paths
 * (`admin/<name>` for the administration); src/providers/resourceNames.ts translates these app names to the API's
 * (`apiResource`: `admin/` dropped, the four names of API_NAME_OF below) for the data provider and canAccess.
 * Resources shown only inside other pages keep the API's name. The API serves every one of them under
 * `/api/data/planxchange/<API name>` (server/routes/index.ts).
 */

// The project feature.
/** Project units (API `projects`). */
export const PROJECTS_RESOURCE = 'project';
/** The project search (API `projectunitssearch`). */
export const PROJECT_SEARCH_RESOURCE = 'project/search';
/** The journal (history) of a project (spec project-hierarchy §2). */
export const JOURNAL_RESOURCE = 'project-unit-journal';
export const DELIVERY_OVERVIEW_RESOURCE = 'delivery-overview';
/** My Tasks (API `tasks`). */
export const TASKS_RESOURCE = 'task-list';
/** The two lists of the Workflows page. */
export const WORKFLOW_NOTIFICATIONS_RESOURCE = 'workflow-notifications';
export const WORKFLOW_ROWS_RESOURCE = 'workflow-rows';
/** The configurers' sheet versions (route home/app/questionnaire-sheets; the API's name too). */
export const QUESTIONNAIRE_SHEETS_RESOURCE = 'questionnaire-sheets';
/** The workflow editor's definition (a permission name; its calls are `/api/workflow-definition`). */
export const WORKFLOW_DEFINITION_RESOURCE = 'workflow-definition';

// The administration (routes /home/app/admin/<name>, API <name>).
/** The editable datagrid of preliminary days (API `productplantpreliminarydays`). */
export const PRELIMINARY_DAYS_RESOURCE = 'admin/preliminary-days';
export const BANNER_RESOURCE = 'admin/banner-notifications';
export const USERS_RESOURCE = 'admin/users';
/** API `tenants` (administrators only); until it answers, forms show tenants by id. */
export const TENANTS_RESOURCE = 'admin/tenants';
/** The administration's sales organisations; the API's `salesorganisations` (read by every user, changed by admins). */
export const SALES_ORGS_RESOURCE = 'admin/salesorganisations';
export const PLANTS_RESOURCE = 'admin/plants';
export const PRODUCT_TYPES_RESOURCE = 'admin/producttypes';
export const AAC_PRODUCTS_RESOURCE = 'admin/aacproducts';
export const LINTEL_PRODUCTS_RESOURCE = 'admin/lintelproducts';
export const PROJECT_FEATURES_RESOURCE = 'admin/projectfeatures';
export const MAIL_RESOURCE = 'admin/mails';
export const BULK_OPERATIONS_RESOURCE = 'admin/bulkoperations';
export const WEBHOOKS_RESOURCE = 'admin/webhooks';
export const WEBHOOK_DELIVERIES_RESOURCE = 'admin/webhook-deliveries';

// API names (what server/routes/index.ts routes under /api/data/planxchange), where the app reads a resource by that name.
export const PROJECTS_API_RESOURCE = 'projects';
export const TASKS_API_RESOURCE = 'tasks';
/** The project search's API name (its availability call, the server's route). */
export const SEARCH_RESOURCE = 'projectunitssearch';
export const PRELIMINARY_DAYS_API_RESOURCE = 'productplantpreliminarydays';
/**
 * The sales organisations as every signed-in user reads them (the dashboard's cards, the user form's choices): the
 * API's name, outside the administration's `admin/` routes (whose permission rule lets only administrators in).
 */
export const SALES_ORGS_API_RESOURCE = 'salesorganisations';
/** A root project's members (`/api/data/planxchange/projectmembers/{root}[/{user}]`, with candidates and changes). */
export const PROJECT_MEMBERS_API_RESOURCE = 'projectmembers';
/** A unit's state transitions (`/api/data/planxchange/projectunitstates/{id}`). */
export const PROJECT_UNIT_STATES_API_RESOURCE = 'projectunitstates';
/** The spec's resource: one record per unit that carries a product type (what the PendingValidation guard counts). */
export const ASSIGNMENTS_RESOURCE = 'projectunitproducttypeassignments';

/** The app names whose API name is not the app name without `admin/`. */
export const API_NAME_OF: Readonly<Record<string, string>> = {
  [PROJECTS_RESOURCE]: PROJECTS_API_RESOURCE,
  [PROJECT_SEARCH_RESOURCE]: SEARCH_RESOURCE,
  [PRELIMINARY_DAYS_RESOURCE]: PRELIMINARY_DAYS_API_RESOURCE,
  [TASKS_RESOURCE]: TASKS_API_RESOURCE,
};

import { canConfirmDeliveries } from './deliveryRoles';
import { workflowAvailable } from './tasks';
import type { SessionUser } from './user';

/**
 * The one answer to "may this user do X to Y", used by the react-admin authProvider,
 * by <CanAccess> in the UI and by every API route.
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'access';

/** Resources (and areas) that only administrators reach. */
export const ADMIN_RESOURCES = ['banner-notifications', 'mails', 'projectfeatures', 'admin', 'tenants', 'aacproducts', 'lintelproducts', 'productplantpreliminarydays', 'webhooks', 'webhook-deliveries', 'bulkoperations'] as const;

export interface AccessRequest {
  action: Action | string;
  resource: string;
  record?: unknown;
}

export type PermissionUser = Pick<SessionUser, 'isAdmin' | 'isInternal' | 'isConfigurer' | 'isExternalLogin'> & { id?: number };

function isAdminResource(resource: string): boolean {
  const name = resource.replace(/^admin\//, '');
  return resource.startsWith('admin/') || (ADMIN_RESOURCES as readonly string[]).includes(name);
}

type UnitRules = { can?: { create?: Record<string, { allowed: boolean } | undefined>; edit?: { allowed: boolean }; delete?: { allowed: boolean } } };

function unitRule({ action, record }: AccessRequest): boolean {
  const can = (record as UnitRules | undefined)?.can;
  if (!can) return true;
  if (action === 'create') return Object.values(can.create ?? {}).some((rule) => rule?.allowed);
  if (action === 'edit') return can.edit?.allowed ?? false;
  if (action === 'delete') return can.delete?.allowed ?? false;
  return true;
}

export function canAccess(user: PermissionUser | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  if (isAdminResource(request.resource)) return user.isAdmin;
  switch (request.resource) {
    // Every signed-in user may read the sales organisations (dashboard cards) and their banners.
    case 'salesorganisations':
      return request.action === 'list' || request.action === 'show' || user.isAdmin;
    case 'active-banners':
      return request.action === 'list';
    case 'profile':
      return true;
    // The product catalogues are read by every signed-in user of the tenant (row scope in the API).
    case 'catalogue':
      return request.action === 'list' || request.action === 'show';
    // Plants and product types: administrators maintain them; internal staff read those of their tenants (row scope in the API).
    case 'plants':
    case 'producttypes':
      return user.isAdmin || (user.isInternal && (request.action === 'list' || request.action === 'show'));
    // Project units: every signed-in user lists and opens the units the API's row scope lets them see. Whether one
    // unit may get children, be edited or deleted is that unit's rule (projectUnits.ts), which the API checks and
    // sends along with the unit's context (`can`); given such a record, the answer is the unit's.
    case 'projects':
      return unitRule(request);
    // The caller's own tasks (derived per user by the API): read-only.
    case 'tasks':
      return request.action === 'list' || request.action === 'show';
    // The project search is a read-only list; which units it shows is the API's row scope.
    case 'projectunitssearch':
      return request.action === 'list';
    // Product type assignments are read by the project's users (row scope in the API); planners and administrators
    // assign them, which the API checks per project (canAssignProductTypes).
    case 'projectunitproducttypeassignments':
      return request.action === 'list' || request.action === 'show' || ((request.action === 'edit' || request.action === 'delete') && (user.isInternal || user.isAdmin));
    // The journal is read-only; the API shows it only to internal staff of projects with HasJournal (404 otherwise).
    case 'project-unit-journal':
      return request.action === 'list' || request.action === 'show';
    // The delivery overview is read by the project's users (the API checks visibility and the DeliveryOverview
    // feature); marking a delivery done is for those who confirm deliveries.
    case 'delivery-overview':
      return request.action === 'list' || request.action === 'show' || (request.action === 'edit' && canConfirmDeliveries(user));
    // The Workflows page's lists (new delivery data, delayed workflows) are read-only, for the provider's staff.
    case 'workflow-notifications':
    case 'workflow-rows':
      return workflowAvailable(user) && (request.action === 'list' || request.action === 'show');
    // Questionnaire sheet versions (schemas, drafts, publishing) are the configurers' work alone.
    case 'questionnaire-sheets':
      return user.isConfigurer;
    // The workflow definition (drafts, the editor, publishing): configurers and administrators (canManageWorkflow).
    case 'workflow-definition':
      return user.isConfigurer || user.isAdmin;
    // Project units: lists and pages for everyone (row scope in the API); a new root project for the provider's staff,
    // of whom the project planners may (canCreateRootProject: the create page asks the API whether this user is one).
    case 'projects':
      return request.action === 'list' || request.action === 'show' || (request.action === 'create' && user.isInternal);
    // A user's own account; administrators reach every account.
    case 'users':
      return user.isAdmin || (request.record as { id?: number } | undefined)?.id === user.id;
    default:
      return false;
  }
}

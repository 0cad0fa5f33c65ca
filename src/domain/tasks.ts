/**
 * Tasks are derived, never stored: a unit whose state the workflow definition gives a task, for a user
 * whose roles on the project match that task's roles (see src/domain/workflow.ts).
 */

/** A task as `GET /api/tasks` and `GET /api/tasks/{id}` answer it (id = projectUnitID). */
export interface Task {
  id: number;
  projectUnitID: number;
  rootProjectUnitID: number;
  projectUnitNo: string;
  rootUnitTitle: string;
  /** The parent's title; null for a root project. */
  parentUnitTitle: string | null;
  unitTitle: string;
  projectUnitType: string;
  stateKey: string;
  taskKey: string;
  /** When the unit entered its state (ISO). */
  changedOn: string;
  tenantID: number;
  salesOrgID: number | null;
  /** The escalation rule the state has overrun, if any. */
  delayed: boolean;
}

/** The task keys of the default workflow; a configurer's definition may add more (shown with a generic text). */
export const TASK_KEYS = [
  'Structuring',
  'PendingValidation',
  'PendingContract',
  'ReviewBIMFiles',
  'ProvideFiles',
  'Preparing',
  'ReviewDrawings',
  'ReviseDrawings',
  'Finalized',
  'PlaceOrder',
  'CheckData',
  'DrawingJob',
] as const;

/** Task keys with their own explanatory dialog (the spec's three); the others use a title and a description. */
export const TASK_DIALOG_KEYS = ['PlaceOrder', 'PendingValidation', 'PendingContract'] as const;

/** The workflow panel and page (escalations and delivery-data notifications) are for the provider's staff. */
export function workflowAvailable(user: { isInternal: boolean; isAdmin: boolean } | null | undefined): boolean {
  return !!user && (user.isInternal || user.isAdmin);
}

/** The longest search text My Tasks sends (the API refuses longer ones). */
export const TASK_SEARCH_MAX = 200;

/** Page sizes of My Tasks and the project lists; the default (20) is shared through local storage. */
export const LIST_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_STORAGE_KEY = 'px.list.pageSize';
export const LIST_STYLE_STORAGE_KEY = 'px.list.style';

/** Workflows page tables. */
export const WORKFLOW_PAGE_SIZES = [5, 10, 20] as const;

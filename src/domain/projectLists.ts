import { DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from './tasks';

/**
 * The current and closed project lists (spec: home/app/current-projects-list and closed-projects-list):
 * root projects only, by `stateSince` descending; Closed and Archived count as closed, all else as current.
 */
export type ProjectListKind = 'current' | 'closed';

export const PROJECT_LIST_PATHS: Record<ProjectListKind, string> = {
  current: '/current-projects-list',
  closed: '/closed-projects-list',
};
export const NEWS_PATH = '/news';
/** Pages of other areas the dashboard and the menu link to. */
export const TASK_LIST_PATH = '/task-list';
export const WORKFLOWS_PATH = '/project/workflows';

export const PROJECT_LIST_SORT = { field: 'stateSince', order: 'DESC' } as const;

/** Table or grid; the grid is offered on wider screens only. */
export type ListStyle = 'table' | 'grid';
export const DEFAULT_LIST_STYLE: ListStyle = 'table';

export function parseListStyle(raw: string | null | undefined): ListStyle {
  return raw === 'grid' ? 'grid' : DEFAULT_LIST_STYLE;
}

/** A stored page size counts only if it is one of the offered sizes (10, 20, 50); else the default 20. */
export function parsePageSize(raw: string | null | undefined): number {
  const size = Number(raw);
  return (LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The `page` query parameter is zero-based; anything that is not a whole number ≥ 0 means the first page. */
export function parsePageParam(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^\d{1,6}$/.test(raw)) return 0;
  return Number(raw);
}

/** The last zero-based page for `total` records (0 when there are none). */
export function lastPage(total: number, perPage: number): number {
  return Math.max(0, Math.ceil(total / perPage) - 1);
}

/** The spec's logo id: tenantID, or tenantID_salesOrgID when the project has a sales organisation. */
export function projectLogoId(project: { tenantID: number; salesOrgID: number | null }): string {
  return project.salesOrgID ? `${project.tenantID}_${project.salesOrgID}` : String(project.tenantID);
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useGetList, useGetOne } from 'react-admin';
import type { ProjectUnit } from '../../../domain/projectUnits';
import { UNIT_CONTEXT_META } from '../../../providers/dataProvider';
import type { UnitPageContext } from '../../../providers/methods/projects';
import { PROJECTS_RESOURCE, TASKS_RESOURCE } from '../../../domain/resources';

export type { UnitPageContext };

/** The unit's page context as the project resource's record (`getOne('project', {id, meta: context})`). */
export type UnitContextRecord = UnitPageContext & { id: number };

/** react-admin's cache key of a unit's context (the key useGetOne gives it). */
export const unitContextQueryKey = (unitId: number) => [PROJECTS_RESOURCE, 'getOne', { id: String(unitId), meta: UNIT_CONTEXT_META }];

export function useUnitContext(unitId: number) {
  return useGetOne<UnitContextRecord>(PROJECTS_RESOURCE, { id: unitId, meta: UNIT_CONTEXT_META }, { retry: false, enabled: unitId > 0 });
}

/** The children of a unit in number order (one page of up to 1000: a unit never has more). */
export function useChildUnits(unitId: number, enabled: boolean) {
  return useGetList<ProjectUnit>(
    PROJECTS_RESOURCE,
    { filter: { parentProjectUnitID: unitId }, sort: { field: 'projectUnitNo', order: 'ASC' }, pagination: { page: 1, perPage: 1000 } },
    { enabled },
  );
}

/**
 * After a change: contexts, children, lists and site data are read again, the cached pages of other units too
 * (refetchType 'all'), so navigating to the parent never shows the unit that was just deleted.
 */
export function useRefreshUnit() {
  const queryClient = useQueryClient();
  // Records a list put into the cache (react-admin fills `getOne` from `getList`) have no query of their own to run:
  // they are marked stale, and read when a page asks for them.
  const runnable = (query: { options: { queryFn?: unknown } }) => typeof query.options.queryFn === 'function';
  return () =>
    Promise.all(
      [[PROJECTS_RESOURCE], ['site']].map(async (queryKey) => {
        await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
        await queryClient.refetchQueries({ queryKey, type: 'all', predicate: runnable });
      }),
    );
}

/**
 * The tasks after a transition or an order: cached single tasks are dropped, not read again (the task of the old
 * state is gone: a refetch would only answer 404); what is shown is read at once, the rest when next opened.
 */
export function refreshTasks(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: [TASKS_RESOURCE, 'getOne'] });
  return queryClient.invalidateQueries({ queryKey: [TASKS_RESOURCE], refetchType: 'active' });
}

/** After a workflow transition: the unit's pages, the tasks and the dashboard counters. */
export function useRefreshAfterTransition() {
  const queryClient = useQueryClient();
  const refreshUnit = useRefreshUnit();
  return () => Promise.all([refreshUnit(), refreshTasks(queryClient), queryClient.invalidateQueries({ queryKey: ['dashboard'], refetchType: 'active' })]);
}

export function detailsPath(unit: Pick<ProjectUnit, 'rootProjectUnitID' | 'projectUnitID'>): string {
  return unit.rootProjectUnitID === unit.projectUnitID
    ? `/home/app/project/details/${unit.rootProjectUnitID}`
    : `/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`;
}

/**
 * The project resource's create view for a child of `parent` (react-admin's `source` query parameter names the
 * parent): the unit creation dialog over the parent's details page.
 */
export function createUnitPath(parent: Pick<ProjectUnit, 'projectUnitID'>): string {
  return `/home/app/${PROJECTS_RESOURCE}/create?source=${encodeURIComponent(JSON.stringify({ parentProjectUnitID: parent.projectUnitID }))}`;
}

/** The parent named by the create view's `source` query parameter, else null. */
export function parentFromSource(search: string): number | null {
  try {
    const parent = (JSON.parse(new URLSearchParams(search).get('source') ?? 'null') as { parentProjectUnitID?: unknown } | null)?.parentProjectUnitID;
    return typeof parent === 'number' && Number.isInteger(parent) && parent > 0 ? parent : null;
  } catch {
    return null;
  }
}

import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider, type GetListParams, type GetListResult, type GetOneParams, type GetOneResult, type RaRecord } from 'react-admin';
import { accountMethods, profileMethods } from './methods/profile';
import { adminMethods } from './methods/admin';
import { bulkMethods } from './methods/bulk';
import { isBulkResource } from '../domain/bulk/names';
import { dashboardMethods } from './methods/dashboard';
import { deliveryMethods } from './methods/deliveries';
import { fileMethods } from './methods/files';
import { integrationMethods } from './methods/integration';
import { memberMethods } from './methods/members';
import { orderMethods } from './methods/orders';
import { planningMethods } from './methods/planning';
import { projectMethods } from './methods/projects';
import { questionnaireMethods } from './methods/questionnaire';
import { API_BASE, getJson } from './methods/request';
import { sheetMethods } from './methods/sheets';
import { structureMethods } from './methods/structure';
import { viewerMethods } from './methods/viewer';
import { httpClient } from './http';
import { apiResource } from './resourceNames';
import { projectMemberMethods } from './methods/memberChanges';
import { orderProposalMethods } from './methods/orderProposal';
import { liveMethods, notificationMethods } from './methods/live';
import { PROJECTS_API_RESOURCE, TASKS_API_RESOURCE } from '../domain/resources';

export { API_BASE };
export { apiResource };

/**
 * What a PUT sends: the fields of `data` that differ from `previous`, and the record's `version` as read, so that the
 * server refuses (409) the save when someone else changed the record meanwhile.
 */
export function updateBody(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const changes = changedFields(data, previous);
  return previous?.version === undefined ? changes : { ...changes, version: previous.version };
}

/** The fields of `data` that differ from `previous` (PUT sends only changed fields). */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (JSON.stringify(value) !== JSON.stringify(previous[key])) changes[key] = value;
  }
  return changes;
}

/** `getOne('project', {id, meta: UNIT_CONTEXT_META})` reads the unit's page context (`projects/{id}/context`). */
export const UNIT_CONTEXT_META = { view: 'context' } as const;

/** Records of a list the API answers whole (no paging parameters), paged here as react-admin asks. */
function pageOf<T extends RaRecord>(records: T[], params: GetListParams): GetListResult<T> {
  const { page = 1, perPage = records.length } = params.pagination ?? {};
  return { data: records.slice((page - 1) * perPage, page * perPage), total: records.length };
}

const base = simpleRestProvider(API_BASE, httpClient);
/** Lists of the same contract outside API_BASE (`GET /api/tasks`). */
const apiRoot = simpleRestProvider('/api', httpClient);
const ROOT_LISTS = new Set([TASKS_API_RESOURCE]);

/** Lists whose API is not the simple-rest contract: read whole, without query parameters. */
const WHOLE_LISTS: Record<string, () => Promise<RaRecord[]>> = {
  // The table is read whole (plants × product types); the API refuses paging parameters.
  productplantpreliminarydays: () => getJson<RaRecord[]>(`${API_BASE}/productplantpreliminarydays`),
};

const crud = {
  ...base,
  getList: async <RecordType extends RaRecord = RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<RecordType>> => {
    const name = apiResource(resource);
    if (ROOT_LISTS.has(name)) return apiRoot.getList<RecordType>(name, params);
    const whole = WHOLE_LISTS[name];
    return whole ? (pageOf(await whole(), params) as GetListResult<RecordType>) : base.getList<RecordType>(name, params);
  },
  getOne: async <RecordType extends RaRecord = RaRecord>(resource: string, params: GetOneParams<RecordType>): Promise<GetOneResult<RecordType>> => {
    const name = apiResource(resource);
    if (name === PROJECTS_API_RESOURCE && params.meta?.view === UNIT_CONTEXT_META.view) {
      const context = await projectMethods.getUnitContext(Number(params.id));
      return { data: { ...context, id: context.unit.id } as unknown as RecordType };
    }
    if (name === TASKS_API_RESOURCE) return { data: (await projectMethods.getTask(Number(params.id))) as unknown as RecordType };
    return base.getOne<RecordType>(name, params);
  },
  getMany: (resource, params) => base.getMany(apiResource(resource), params),
  getManyReference: (resource, params) => base.getManyReference(apiResource(resource), params),
  create: (resource, params) => base.create(apiResource(resource), params),
  update: (resource, params) =>
    base.update(apiResource(resource), {
      ...params,
      data: updateBody(params.data as Record<string, unknown>, params.previousData as Record<string, unknown> | undefined),
    }),
  // The administration's lists change selected rows in one request and one transaction (api/bulk/{resource}/update).
  updateMany: async (resource, params) => {
    const name = apiResource(resource);
    if (!isBulkResource(name)) return base.updateMany(name, params);
    return bulkMethods.bulkUpdate(name, params.ids, params.data as Record<string, unknown>);
  },
  delete: (resource, params) => base.delete(apiResource(resource), params),
  deleteMany: (resource, params) => base.deleteMany(apiResource(resource), params),
} satisfies DataProvider;

/**
 * The one data layer of the app: react-admin's CRUD over ra-data-simple-rest, plus custom methods for every call
 * that is not CRUD (react-admin's convention: `dataProvider.placeOrder(...)` through `useDataProvider`). Errors,
 * auth redirects (401), notifications and caching then behave the same everywhere, and tests fake this one object.
 */
export const dataProvider = {
  ...crud,
  ...projectMethods,
  ...memberMethods,
  ...projectMemberMethods,
  ...fileMethods,
  ...deliveryMethods,
  ...structureMethods,
  ...questionnaireMethods,
  ...planningMethods,
  ...orderMethods,
  ...orderProposalMethods,
  ...profileMethods,
  ...accountMethods,
  ...adminMethods,
  ...bulkMethods,
  ...sheetMethods,
  ...dashboardMethods,
  ...viewerMethods,
  ...integrationMethods,
  // react-admin's realtime convention (subscribe / unsubscribe / publish) over GET /api/events, and the bell.
  ...liveMethods,
  ...notificationMethods,
};

export type PortalDataProvider = typeof dataProvider;

/** The data provider with its custom methods (react-admin's proxy: a 401 signs the user out). */
export const usePortalDataProvider = () => useDataProvider<PortalDataProvider>();

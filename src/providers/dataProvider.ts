import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './http';
import { orderProposalMethods, type OrderProposalMethods } from './orderProposal';

export const API_BASE = '/api/data/planxchange';

/** react-admin resource names may carry the route prefix (admin/…); the API knows them without it. */
export function apiResource(resource: string): string {
  return resource.replace(/^admin\//, '');
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

const base = simpleRestProvider(API_BASE, httpClient);

/** The portal's data provider: the REST resources and the custom methods of the screens that are not CRUD. */
export type PortalDataProvider = DataProvider & OrderProposalMethods;

export const dataProvider: PortalDataProvider = {
  ...base,
  ...orderProposalMethods,
  getList: (resource, params) => base.getList(apiResource(resource), params),
  getOne: (resource, params) => base.getOne(apiResource(resource), params),
  getMany: (resource, params) => base.getMany(apiResource(resource), params),
  getManyReference: (resource, params) => base.getManyReference(apiResource(resource), params),
  create: (resource, params) => base.create(apiResource(resource), params),
  update: (resource, params) =>
    base.update(apiResource(resource), {
      ...params,
      data: changedFields(params.data as Record<string, unknown>, params.previousData as Record<string, unknown> | undefined),
    }),
  updateMany: (resource, params) => base.updateMany(apiResource(resource), params),
  delete: (resource, params) => base.delete(apiResource(resource), params),
  deleteMany: (resource, params) => base.deleteMany(apiResource(resource), params),
};

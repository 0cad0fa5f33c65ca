import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiResource, changedFields, dataProvider, UNIT_CONTEXT_META, updateBody } from '../../src/providers/dataProvider';
import { messagesText } from '../../src/providers/http';
import { permissionResource } from '../../src/providers/resourceNames';

describe('dataProvider helpers', () => {
  it('drops the admin/ route prefix for the API', () => {
    expect(apiResource('admin/banner-notifications')).toBe('banner-notifications');
    expect(apiResource('salesorganisations')).toBe('salesorganisations');
  });

  it('PUT sends only the fields that changed', () => {
    const previous = { id: 1, title: 'A', salesOrgs: [1, 2], level: 'info' };
    expect(changedFields({ ...previous, title: 'B' }, previous)).toEqual({ title: 'B' });
    expect(changedFields({ ...previous, salesOrgs: [2] }, previous)).toEqual({ salesOrgs: [2] });
    expect(changedFields(previous, previous)).toEqual({});
    expect(changedFields({ title: 'x' }, undefined)).toEqual({ title: 'x' });
  });

  it('PUT names the version the record was read with, changed or not', () => {
    const previous = { id: 1, name: 'Werk A', version: 4 };
    expect(updateBody({ ...previous, name: 'Werk B' }, previous)).toEqual({ name: 'Werk B', version: 4 });
    expect(updateBody({ ...previous, name: 'Werk B', version: 9 }, previous)).toEqual({ name: 'Werk B', version: 4 });
    expect(updateBody({ title: 'x' }, { title: 'y' })).toEqual({ title: 'x' });
  });

  it('joins the server messages into one text', () => {
    expect(messagesText({ status: 400, messages: [{ type: 'error', text: 'A' }, { type: 'error', text: 'B' }] })).toBe('A\nB');
    expect(messagesText({})).toBeUndefined();
    expect(messagesText('plain')).toBeUndefined();
  });
});

describe('resource names', () => {
  it('resources named by their path reach the API under its names', () => {
    expect(apiResource('project')).toBe('projects');
    expect(apiResource('project/search')).toBe('projectunitssearch');
    expect(apiResource('admin/preliminary-days')).toBe('productplantpreliminarydays');
    expect(apiResource('task-list')).toBe('tasks');
    expect(apiResource('project-unit-journal')).toBe('project-unit-journal');
    expect(apiResource('delivery-overview')).toBe('delivery-overview');
  });

  it('permissions see the API’s names, except the administration keeps its prefix', () => {
    expect(permissionResource('project')).toBe('projects');
    expect(permissionResource('admin/salesorganisations')).toBe('admin/salesorganisations');
  });
});

describe('the data provider', () => {
  const calls: { url: string; init?: RequestInit }[] = [];
  const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));
  const stub = (respond: (url: string, init?: RequestInit) => Promise<Response>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        calls.push({ url, init });
        return respond(url, init);
      }),
    );
  afterEach(() => {
    calls.length = 0;
    vi.unstubAllGlobals();
  });

  it('reads the preliminary days whole (the API refuses paging parameters) and pages them as react-admin asks', async () => {
    const rows = [1, 2, 3].map((id) => ({ id, preliminaryDays: id }));
    stub(() => answer(rows));
    const result = await dataProvider.getList('admin/preliminary-days', { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0].url).toBe('/api/data/planxchange/productplantpreliminarydays');
    expect(result).toEqual({ data: [rows[2]], total: 3 });
  });

  it('lists other resources by the simple-rest contract under the API’s name', async () => {
    stub(() => answer([{ id: 3, title: 'A' }], 200, { 'Content-Range': 'projects 0-0/1' }));
    const result = await dataProvider.getList('project', { pagination: { page: 1, perPage: 20 }, sort: { field: 'stateSince', order: 'DESC' }, filter: { state: 'current' } });
    const url = new URL(calls[0].url, 'http://portal');
    expect(url.pathname).toBe('/api/data/planxchange/projects');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ state: 'current' });
    expect(result.total).toBe(1);
  });

  it('reads a unit’s page context as the project record of the show view', async () => {
    stub(() => answer({ unit: { id: 7 }, root: { id: 5 } }));
    const { data } = await dataProvider.getOne('project', { id: 7, meta: UNIT_CONTEXT_META });
    expect(calls[0].url).toBe('/api/data/planxchange/projects/7/context');
    expect(data).toEqual({ id: 7, unit: { id: 7 }, root: { id: 5 } });
  });

  it('custom methods keep the API’s paths and bodies; errors carry the server’s messages', async () => {
    stub((url) => (url.endsWith('/items/9?version=4') ? answer({ status: 409, messages: [{ type: 'error', text: 'Changed meanwhile' }] }, 409) : answer({ stateKey: 'Ordered' })));
    await dataProvider.placeOrder({ projectUnitID: 12, version: 3 }, { action: 'PlaceOrder', requirements: [] });
    expect(calls[0].url).toBe('/api/data/planxchange/projectunitstates/12');
    expect(calls[0].init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ projectUnitID: 12, action: 'PlaceOrder', requirements: [], version: 3 });
    const failure = await dataProvider.deleteOrderItem(12, 9, 4).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(409);
    expect((failure as HttpError).message).toBe('Changed meanwhile');
  });
});

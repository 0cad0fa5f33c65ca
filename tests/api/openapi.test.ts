import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import type { Db } from '../../server/db/client.js';
import { checkResponse, checkWebhookBody, ContractViolation } from './contract.js';
import { createTestContext, type TestContext } from './helpers.js';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[] }>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

let ctx: TestContext;
let document: Document;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  const response = await ctx.request('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(async () => ctx?.close());

/** Method and path of every route the app answers (Hono's route table; `ALL` entries are middleware and catch-alls). */
function routeTable(): string[] {
  const app = createApp({} as Db);
  const routes = app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, public, and documents the events as webhooks', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual(['delivery.fixed', 'drawings.approved', 'order.placed', 'structure.finished', 'unit.transitioned']);
    expect(document.paths['/api/openapi.json'].get.security).toEqual([]);
    expect(document.paths['/api/data/planxchange/webhooks'].post.security).toEqual([{ session: [] }]);
  });

  it('documents every route of the app and no route the app does not have', () => {
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const routes = routeTable();
    expect(routes.filter((route) => !documented.includes(route)), 'routes missing from the document (add them in server/openapi/paths-*.ts)').toEqual([]);
    expect(documented.filter((route) => !routes.includes(route)), 'stale entries of the document').toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
  });

  it('serves a reference page over the document from the portal itself (no CDN)', async () => {
    const page = await ctx.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const init = await (await ctx.request('GET', '/api/docs/init.js')).text();
    expect(init).toContain("url: '/api/openapi.json'");
    const bundle = await ctx.request('GET', '/api/docs/swagger-ui-bundle.js');
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await ctx.request('GET', '/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('the response check of the API suite', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('accepts a documented answer and the error shape', async () => {
    await checkResponse('GET', '/api/data/planxchange/dashboard/taskCount', json({ count: 3 }));
    await checkResponse('GET', '/api/orders/12', json({ status: 404, messages: [{ type: 'error', text: 'Not found' }] }, 404));
  });

  it('catches a changed shape, an undocumented status, a wrong error shape and an undocumented route', async () => {
    await expect(checkResponse('GET', '/api/data/planxchange/dashboard/taskCount', json({ count: '3' }))).rejects.toThrow(ContractViolation);
    await expect(checkResponse('GET', '/api/tasks/12', json({ id: 12 }))).rejects.toThrow(/does not match/);
    await expect(checkResponse('GET', '/api/data/planxchange/dashboard/taskCount', json({ count: 1 }, 201))).rejects.toThrow(/not documented/);
    await expect(checkResponse('GET', '/api/orders/12', json({ error: 'x' }, 409))).rejects.toThrow(ContractViolation);
    await expect(checkResponse('GET', '/api/reports/weekly', json([]))).rejects.toThrow(/not in the OpenAPI document/);
  });

  it('checks webhook bodies against the documented events', () => {
    expect(() => checkWebhookBody('delivery.fixed', { type: 'delivery.fixed', timestamp: '2026-01-01T00:00:00Z', data: { projectUnitID: 1 } })).toThrow(ContractViolation);
    expect(() => checkWebhookBody('order.shipped', {})).toThrow(/not documented/);
  });
});

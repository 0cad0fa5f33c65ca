import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import type { Db } from '../../server/db/client.js';
import { DEFAULT_BODY_LIMIT, UPLOAD_LIMITS } from '../../server/lib/body-limit.js';
import { JSON_MAX_DEPTH } from '../../server/lib/json-body.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

/** Hostile bodies on every write route: bounded size, bounded depth, JSON only as application/json in UTF-8. */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
});
afterAll(async () => t.close());

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write route the app has (from Hono's route list, read from an app built without a database, since the
 * test table is made before the test database exists), with its path parameters filled in.
 */
function writeRoutes(): [string, string][] {
  const seen = new Set<string>();
  const routes: [string, string][] = [];
  for (const route of createApp(undefined as unknown as Db).routes) {
    if (!WRITE_METHODS.has(route.method)) continue;
    const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, '1');
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push([route.method, path]);
  }
  return routes;
}

const deepArrays = '['.repeat(5000) + ']'.repeat(5000);
const deepInObject = (inner: string) => `{"title":"x","data":${inner},"uiSchema":${inner},"showFrom":${inner}}`;

describe('the route list the sweep covers', () => {
  it('holds every write route, the three that broke included', () => {
    const routes = writeRoutes().map(([method, path]) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContain('POST /api/data/planxchange/banner-notifications');
    expect(routes).toContain('PUT /api/data/planxchange/questionnaire-sheets/1');
    expect(routes).toContain('POST /api/project-tools/execute');
    expect(routes).toContain('POST /api/auth/login');
  });
});

describe('deep JSON on every write route', () => {
  it.each(writeRoutes())('%s %s: 5,000-deep arrays → 400, as a value too', async (method, path) => {
    for (const raw of [deepArrays, deepInObject(deepArrays)]) {
      const messages = await expectErrorShape(await t.request(method, path, { cookie: admin, raw }), 400);
      expect(messages[0]).toMatchObject({ key: 'ERRORMESSAGES.JsonTooDeep' });
    }
  });
});

describe('JSON only as application/json in UTF-8, on every write route', () => {
  it.each(writeRoutes())('%s %s: application/jsonx and a UTF-16 charset → 415', async (method, path) => {
    const jsonx = await expectErrorShape(await t.request(method, path, { cookie: admin, raw: '{}', headers: { 'content-type': 'application/jsonx' } }), 415);
    expect(jsonx[0].key).toBe('ERRORMESSAGES.JsonRequired');
    const utf16 = await expectErrorShape(await t.request(method, path, { cookie: admin, raw: '{}', headers: { 'content-type': 'application/json; charset=utf-16' } }), 415);
    expect(utf16[0].key).toBe('ERRORMESSAGES.JsonCharset');
  });

  it.each(writeRoutes())('%s %s: JSON over 1 MB → 413', async (method, path) => {
    const raw = JSON.stringify({ title: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const messages = await expectErrorShape(await t.request(method, path, { cookie: admin, raw }), 413);
    expect(messages[0].key).toBe('ERRORMESSAGES.PayloadTooLarge');
  });
});

describe('what still counts as JSON', () => {
  it('takes charset=utf-8 in any spelling and a JSON nested up to the bound', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'Application/JSON']) {
      const response = await t.request('POST', '/api/auth/login', { raw: JSON.stringify({ username: 'nobody', password: 'x' }), headers: { 'content-type': type } });
      expect(response.status).toBe(401);
    }
    const nested = '['.repeat(JSON_MAX_DEPTH - 1) + ']'.repeat(JSON_MAX_DEPTH - 1);
    const response = await t.request('PUT', '/api/data/planxchange/banner-notifications/1', { cookie: admin, raw: `{"title":${nested}}` });
    expect(response.status).toBe(400);
    expect((await response.json()).messages[0].key).not.toBe('ERRORMESSAGES.JsonTooDeep');
  });

  it('refuses bytes that are not UTF-8 with 400', async () => {
    const response = await t.app.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect((await expectErrorShape(response, 400))[0].key).toBe('ERRORMESSAGES.MalformedJson');
  });

  it('bounds the depth of JSON query parameters too', async () => {
    const filter = encodeURIComponent('{"q":' + '['.repeat(3000) + ']'.repeat(3000) + '}');
    const messages = await expectErrorShape(await t.request('GET', `/api/data/planxchange/banner-notifications?filter=${filter}`, { cookie: admin }), 400);
    expect(messages[0]).toMatchObject({ key: 'ERRORMESSAGES.JsonTooDeep', reference: 'filter' });
  });
});

describe('one body-limit policy', () => {
  const multipart = (size: number) => ({
    raw: 'x'.repeat(size),
    headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(size) },
  });

  it.each(UPLOAD_LIMITS.map((limit) => [limit.path, limit] as const))('%s: a declared length over its limit → 413 with its own message', async (path, limit) => {
    const messages = await expectErrorShape(await t.request('POST', path.replace(/:[A-Za-z]+/g, '1'), { cookie: admin, headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(limit.maxBytes + 1) } }), 413);
    expect(messages[0]).toMatchObject({ key: limit.message.key });
  });

  it.each(UPLOAD_LIMITS.map((limit) => [limit.path, limit] as const))('%s: a streamed body without a length is stopped at its limit → 413', async (path, limit) => {
    let produced = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced > limit.maxBytes * 4) return controller.close();
        produced += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await t.app.request(`http://localhost${path.replace(/:[A-Za-z]+/g, '1')}`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=b' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect((await expectErrorShape(response, 413))[0].key).toBe(limit.message.key);
    // Read no further than just past the limit.
    expect(produced).toBeLessThan(limit.maxBytes + 256 * 1024);
  });

  it('multipart to any other route is held to the default 1 MB', async () => {
    const messages = await expectErrorShape(await t.request('POST', '/api/data/planxchange/banner-notifications', { cookie: admin, ...multipart(DEFAULT_BODY_LIMIT + 1) }), 413);
    expect(messages[0].key).toBe('ERRORMESSAGES.PayloadTooLarge');
    // Outside the API as well.
    await expectErrorShape(await t.request('POST', '/Account/SignOut', { ...multipart(DEFAULT_BODY_LIMIT + 1) }), 413);
  });
});

import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { mails, projectUnits, users } from '../../server/db/schema.js';
import { createLogger } from '../../server/lib/logging.js';
import { latestMigration } from '../../server/lib/readiness.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

/** Request ids, log lines, readiness and /metrics of the app (the server's start and stop: server-lifecycle.test.ts). */

const TOKEN = 'metrics-token-for-tests-0123456789';
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logger = createLogger({ level: 'debug', destination: capture });

let t: TestContext;
let customer: string;
let customerId: number;
let root: number;

beforeAll(async () => {
  t = await createTestContext({ config: { logger, metricsToken: TOKEN } });
  // A route that fails unexpectedly, behind the app's own middleware and error handler (before the first request).
  t.app.get('/test/unexpected', () => {
    throw new Error('database on fire');
  });
  customer = await t.login('customer');
  [{ id: customerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'customer'));
  [{ id: root }] = await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, 'Wohnpark Weserblick'));
});
afterAll(async () => t.close());

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);

describe('request ids', () => {
  it('every answer carries X-Request-Id, every error body the same id', async () => {
    const ok = await t.request('GET', '/api/health');
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.request('GET', '/api/data/planxchange/users');
    const id = refused.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(ok.headers.get('x-request-id'));
    expect(((await refused.clone().json()) as { requestId: string }).requestId).toBe(id);
    await expectErrorShape(refused, 401);
    const missing = await t.request('GET', `/api/file/${root}/999999`, { cookie: customer });
    expect(((await missing.json()) as { requestId: string }).requestId).toBe(missing.headers.get('x-request-id'));
  });

  it('keeps the id a proxy sent, replaces one that is not an id', async () => {
    const kept = await t.request('GET', '/api/auth/me', { headers: { 'x-request-id': 'proxy-1234abcd' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-1234abcd');
    const replaced = await t.request('GET', '/api/auth/me', { headers: { 'x-request-id': 'x"; drop' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unexpected error is a 500 naming the id, logged with the id and the error', async () => {
    const response = await t.request('GET', '/test/unexpected');
    const id = response.headers.get('x-request-id')!;
    const body = (await response.json()) as { requestId: string; messages: { text: string }[] };
    expect(response.status).toBe(500);
    expect(body.requestId).toBe(id);
    expect(body.messages[0].text).toContain(id);
    expect(JSON.stringify(body)).not.toContain('on fire');
    const logged = linesOf(id);
    expect(logged.find((line) => line.msg === 'unexpected error')).toMatchObject({ level: 'error', err: { message: 'database on fire' } });
  });
});

describe('request log', () => {
  it('writes one line per request with id, method, route pattern, path, status, duration and user', async () => {
    const response = await t.request('GET', `/api/file/${root}/${root}`, { cookie: customer });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    const logged = linesOf(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'info',
      reqId: id,
      method: 'GET',
      route: '/api/file/:rootId/:unitId',
      path: `/api/file/${root}/${root}`,
      status: 200,
      userId: customerId,
      durationMs: expect.any(Number),
    });
  });

  it('logs refusals without a user, and probes at debug level', async () => {
    const refused = await t.request('GET', '/api/data/planxchange/users');
    expect(linesOf(refused.headers.get('x-request-id')!)[0]).toMatchObject({ level: 'info', status: 401, userId: null });
    const probe = await t.request('GET', '/api/ready');
    expect(linesOf(probe.headers.get('x-request-id')!)[0]).toMatchObject({ level: 'debug', route: '/api/ready', status: 200 });
  });
});

describe('health and readiness', () => {
  it('/api/health answers while the process lives; /api/ready checks the database and its migrations', async () => {
    expect(await (await t.request('GET', '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready on a database that lacks the newest migration', async () => {
    await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${latestMigration}`);
    try {
      const response = await t.request('GET', '/api/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await t.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latestMigration} where created_at = ${latestMigration - 1}`);
    }
    expect((await t.request('GET', '/api/ready')).status).toBe(200);
  });
});

describe('/metrics', () => {
  const scrape = async () => {
    const response = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : undefined;
  };

  it('needs the token: 401 without or with a wrong one', async () => {
    const without = await t.request('GET', '/metrics');
    await expectErrorShape(without, 401);
    expect(without.headers.get('www-authenticate')).toContain('Bearer');
    await expectErrorShape(await t.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } }), 401);
    await expectErrorShape(await t.request('GET', '/metrics', { cookie: await t.login('admin') }), 401);
  });

  it('does not exist without a configured token', async () => {
    const other = createApp(t.db, {}, t.files);
    await expectErrorShape(await other.request('http://localhost/metrics', { headers: { authorization: 'Bearer anything' } }), 404);
  });

  it('counts requests and their time per route pattern, not per path', async () => {
    const series = 'planxchange_http_requests_total{method="GET",route="/api/file/:rootId/:unitId",status="200"}';
    const notFound = 'planxchange_http_requests_total{method="GET",route="/api/file/:rootId/:unitId",status="404"}';
    const first = await scrape();
    const before = value(first, series) ?? 0;
    const notFoundBefore = value(first, notFound) ?? 0;
    const units = await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.rootId, root));
    for (const unit of units.slice(0, 3)) expect((await t.request('GET', `/api/file/${root}/${unit.id}`, { cookie: customer })).status).toBe(200);
    await t.request('GET', `/api/file/${root}/999999`, { cookie: customer });
    const text = await scrape();
    expect(value(text, series)).toBe(before + 3);
    expect(value(text, notFound)).toBe(notFoundBefore + 1);
    expect(value(text, 'planxchange_http_request_duration_seconds_count{method="GET",route="/api/file/:rootId/:unitId",status="200"}')).toBe(before + 3);
    expect(text).toMatch(/planxchange_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/file\/:rootId\/:unitId",status="200"\} \d+/);
    expect(text).not.toContain(`/api/file/${root}/`);
  });

  it('reports the mail outbox (backlog, retrying, failed) and the IFC extraction queue', async () => {
    const [{ queued }] = (await t.db.select({ queued: sql<number>`count(*)::int` }).from(mails).where(eq(mails.status, 'queued'))) as { queued: number }[];
    expect(queued).toBeGreaterThan(0);
    let text = await scrape();
    expect(value(text, 'planxchange_mail_outbox{state="queued"}')).toBe(queued);
    expect(value(text, 'planxchange_mail_outbox{state="retrying"}')).toBe(0);
    const [first] = await t.db.select({ id: mails.id }).from(mails).where(eq(mails.status, 'queued')).limit(1);
    await t.db.update(mails).set({ attempts: 2, lastError: 'connection refused' }).where(eq(mails.id, first.id));
    text = await scrape();
    expect(value(text, 'planxchange_mail_outbox{state="retrying"}')).toBe(1);
    expect(value(text, 'planxchange_mail_outbox{state="failed"}')).toBe(0);
    expect(value(text, 'planxchange_ifc_extraction_queue')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'planxchange_ifc_models_pending')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE planxchange_mail_delivery_attempts_total counter');
  });
});

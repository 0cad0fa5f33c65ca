import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, projectUnits, webhookDeliveries } from '../../server/db/schema.js';
import { dispatchWebhooks, postSigned, type WebhookSettings } from '../../server/services/webhook-dispatcher.js';
import { webhookUrlRefusal } from '../../server/lib/webhook-url.js';
import { checkWebhookBody } from './contract.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { startReceiver } from './webhook-receiver.js';

const settings: WebhookSettings = { retryDelaysMs: [150, 150], leaseMs: 5000, timeoutMs: 2000, batchSize: 20, allowLoopback: true, allowPrivate: false };
const WEBHOOKS = '/api/data/planxchange/webhooks';
const DELIVERIES = '/api/data/planxchange/webhook-deliveries';

let ctx: TestContext;
const cookies: Record<string, string> = {};
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let tenantId: number;

const call = (method: string, login: string, path: string, body?: unknown) => ctx.request(method, path, { cookie: cookies[login], body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};
async function unit(title: string) {
  const [row] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.title, title));
  return row;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface EndpointRecord { id: number; secret: string; url: string; eventTypes: string[]; enabled: boolean; tenantID: number; failedCount: number }
interface DeliveryRecord { id: number; status: string; attempts: number; webhookId: string; eventType: string; projectUnitID: number; attemptLog: { statusCode: number | null; error: string | null }[]; payload: Record<string, unknown> }

async function createEndpoint(eventTypes: string[], url = receiver.url) {
  return json<EndpointRecord>(await call('POST', 'admin', WEBHOOKS, { tenantID: tenantId, url, eventTypes, description: 'ERP' }), 201);
}
const deliveriesOf = async (endpointId: number) =>
  json<DeliveryRecord[]>(await call('GET', 'admin', `${DELIVERIES}?filter=${encodeURIComponent(JSON.stringify({ endpointID: endpointId }))}&sort=["id","ASC"]`));

/** Rounds of the dispatcher until nothing is pending any more (waiting for due retries), at most 20 s. */
async function dispatchUntilSettled() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const counts = await dispatchWebhooks(ctx.db, settings);
    const [pending] = await ctx.db.select({ n: sql<number>`count(*)` }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    if (Number(pending.n) === 0) return;
    if (counts.succeeded + counts.retried + counts.failed === 0) await sleep(50);
  }
  throw new Error('deliveries still pending after 20 s');
}

beforeAll(async () => {
  ctx = await createTestContext({ config: { webhookPolicy: { allowLoopback: true, allowPrivate: false } } });
  receiver = await startReceiver();
  for (const login of ['admin', 'customer', 'staff']) cookies[login] = await ctx.login(login);
  tenantId = (await unit('Wandelemente Bauabschnitt 1')).tenantId;
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

describe('webhook endpoints (admin)', () => {
  it('registers an endpoint with a generated Standard Webhooks secret', async () => {
    const endpoint = await createEndpoint(['order.placed']);
    expect(endpoint).toMatchObject({ url: receiver.url, eventTypes: ['order.placed'], enabled: true, tenantID: tenantId });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const rotated = await json<EndpointRecord>(await call('POST', 'admin', `${WEBHOOKS}/${endpoint.id}/rotate-secret`));
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect((await call('DELETE', 'admin', `${WEBHOOKS}/${endpoint.id}`)).status).toBe(200);
  });

  it('refuses URLs that are not http(s), carry credentials or name refused addresses (400 on url)', async () => {
    for (const url of ['ftp://erp.example.com/x', 'https://user:pw@erp.example.com/hooks', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/hooks', 'not a url']) {
      const messages = await expectErrorShape(await call('POST', 'admin', WEBHOOKS, { tenantID: tenantId, url, eventTypes: ['order.placed'] }), 400);
      expect(messages[0].reference).toBe('url');
    }
    const messages = await expectErrorShape(await call('POST', 'admin', WEBHOOKS, { tenantID: tenantId, url: 'https://erp.example.com/h', eventTypes: [] }), 400);
    expect(messages[0]).toMatchObject({ reference: 'eventTypes', key: 'VALIDATION.AtLeastOne' });
    await expectErrorShape(await call('POST', 'admin', WEBHOOKS, { tenantID: tenantId, url: 'https://erp.example.com/h', eventTypes: ['order.shipped'] }), 400);
  });

  it('refuses loopback addresses unless the server allows them, also when a name resolves to one at connect time', async () => {
    const strict = { ...settings, allowLoopback: false };
    expect(webhookUrlRefusal('http://127.0.0.1:9/hooks', strict)).toBe('WEBHOOKS.Errors.AddressNotAllowed');
    expect(webhookUrlRefusal('http://localhost/hooks', strict)).toBe('WEBHOOKS.Errors.AddressNotAllowed');
    expect(webhookUrlRefusal('http://[::ffff:127.0.0.1]/hooks', strict)).toBe('WEBHOOKS.Errors.AddressNotAllowed');
    expect(webhookUrlRefusal('http://10.1.2.3/hooks', { ...strict, allowPrivate: true })).toBeNull();
    expect(webhookUrlRefusal('http://169.254.169.254/', { ...settings, allowPrivate: true })).toBe('WEBHOOKS.Errors.AddressNotAllowed');
    // A name (not a literal) that resolves to loopback is refused by the guarded lookup when connecting.
    const count = receiver.received.length;
    const result = await postSigned(receiver.url.replace('127.0.0.1', 'localhost.'), '{}', {}, strict);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/not allowed|AddressNotAllowed/);
    expect(receiver.received.length).toBe(count);
  });

  it('is for administrators only: customers and staff get 403 on every route', async () => {
    for (const login of ['customer', 'staff']) {
      await expectErrorShape(await call('GET', login, WEBHOOKS), 403);
      await expectErrorShape(await call('POST', login, WEBHOOKS, { tenantID: tenantId, url: receiver.url, eventTypes: ['order.placed'] }), 403);
      await expectErrorShape(await call('GET', login, DELIVERIES), 403);
      await expectErrorShape(await call('POST', login, `${DELIVERIES}/1/redeliver`), 403);
    }
  });
});

describe('events and signed deliveries', () => {
  it('writes the events in the transition’s transaction and none for a refused one', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)` }).from(events);
    const lot = await unit('Wandelemente Haus B');
    // No items: the guard refuses, nothing is written.
    expect((await call('PUT', 'customer', `/api/data/planxchange/projectunitstates/${lot.id}`, { projectUnitID: lot.id, action: 'PlaceOrder' })).status).toBe(409);
    const after = await ctx.db.select({ n: sql<number>`count(*)` }).from(events);
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('delivers order.placed with the order lines, a verifiable signature and a retry after a 500', async () => {
    const endpoint = await createEndpoint(['order.placed', 'unit.transitioned']);
    const lot = await unit('Wandelemente Bauabschnitt 1');
    receiver.answers.push(500);
    expect((await call('PUT', 'customer', `/api/data/planxchange/projectunitstates/${lot.id}`, { projectUnitID: lot.id, action: 'PlaceOrder' })).status).toBe(200);
    const written = await ctx.db.select().from(events).where(eq(events.unitId, lot.id));
    expect(written.map((event) => event.type)).toEqual(['unit.transitioned', 'order.placed']);

    // First round: unit.transitioned answers 500; order.placed (same unit) waits behind it.
    await dispatchWebhooks(ctx.db, settings);
    let deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attempts])).toEqual([['unit.transitioned', 'pending', 1], ['order.placed', 'pending', 0]]);
    expect(deliveries[0].attemptLog).toEqual([expect.objectContaining({ statusCode: 500, error: 'HTTP 500' })]);
    expect(receiver.received).toHaveLength(1);

    await dispatchUntilSettled();
    deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attempts])).toEqual([['unit.transitioned', 'succeeded', 2], ['order.placed', 'succeeded', 1]]);
    // In order per unit: the retried transition first, then the order.
    expect(receiver.received.map((r) => r.json.type)).toEqual(['unit.transitioned', 'unit.transitioned', 'order.placed']);

    const placed = receiver.received[2];
    const verified = new Webhook(endpoint.secret).verify(placed.body, placed.headers as Record<string, string>) as Received['json'];
    expect(verified.type).toBe('order.placed');
    expect(placed.headers['webhook-id']).toBe(deliveries[1].webhookId);
    expect(Number(placed.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(verified.data).toMatchObject({ projectUnitID: lot.id, stateKey: 'Ordered', oldState: 'PlaceOrder', kind: 'aac' });
    const lines = verified.data.lines as { qty: number; productNo: number; lengthMm: number }[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toEqual(expect.objectContaining({ qty: expect.any(Number), productNo: expect.any(Number), lengthMm: expect.any(Number) }));
    // Every body a receiver got is what the contract documents for its event.
    for (const request of receiver.received) checkWebhookBody(request.json.type, request.json);
    // A tampered body does not verify.
    expect(() => new Webhook(endpoint.secret).verify(placed.body.replace('Ordered', 'Cancelled'), placed.headers as Record<string, string>)).toThrow();
    // The retried request carried the same idempotency id.
    expect(receiver.received[0].headers['webhook-id']).toBe(receiver.received[1].headers['webhook-id']);

    // Re-delivery (replay) by the admin: same webhook-id, a new signature.
    const replay = await json<DeliveryRecord>(await call('POST', 'admin', `${DELIVERIES}/${deliveries[1].id}/redeliver`));
    expect(replay).toMatchObject({ status: 'pending', attempts: 0 });
    await expectErrorShape(await call('POST', 'admin', `${DELIVERIES}/${deliveries[1].id}/redeliver`), 409);
    await dispatchUntilSettled();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3].headers['webhook-id']).toBe(placed.headers['webhook-id']);
    expect(receiver.received[3].body).toBe(placed.body);
    const again = await json<DeliveryRecord>(await call('GET', 'admin', `${DELIVERIES}/${deliveries[1].id}`));
    expect(again).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(again.attemptLog).toHaveLength(2);
    await call('DELETE', 'admin', `${WEBHOOKS}/${endpoint.id}`);
  });

  it('marks a delivery failed when the receiver stays down for the whole window, with every attempt visible', async () => {
    const endpoint = await createEndpoint(['unit.transitioned']);
    receiver.setFallback(503);
    const count = receiver.received.length;
    const lot = await unit('Stürze Bauabschnitt 1');
    expect((await call('PUT', 'customer', `/api/data/planxchange/projectunitstates/${lot.id}`, { projectUnitID: lot.id, action: 'PlaceOrder' })).status).toBe(200);
    await dispatchUntilSettled();
    receiver.setFallback(204);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, eventType: 'unit.transitioned' });
    expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503]);
    expect(receiver.received.length - count).toBe(3);
    const listed = await json<EndpointRecord[]>(await call('GET', 'admin', `${WEBHOOKS}?filter=${encodeURIComponent(JSON.stringify({ id: endpoint.id }))}`));
    expect(listed[0].failedCount).toBe(1);
    const failed = await json<DeliveryRecord[]>(await call('GET', 'admin', `${DELIVERIES}?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`));
    expect(failed.map((d) => d.id)).toContain(delivery.id);
    await call('PUT', 'admin', `${WEBHOOKS}/${endpoint.id}`, { enabled: false });
    await expectErrorShape(await call('POST', 'admin', `${DELIVERIES}/${delivery.id}/redeliver`), 409);
  });

  it('lets only one process deliver at a time: another process’s live lease holds the others back', async () => {
    const endpoint = await createEndpoint(['drawings.approved', 'unit.transitioned', 'delivery.fixed']);
    const [{ payload }] = await ctx.db.select().from(events).where(eq(events.type, 'unit.transitioned')).limit(1);
    const [delivery] = await ctx.db
      .insert(events)
      .values({ type: 'unit.transitioned', tenantId, unitId: (await unit('Wandelemente Haus B')).id, rootId: (await unit('Wandelemente Haus B')).rootId!, payload })
      .returning();
    const [row] = await ctx.db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: delivery.id, unitId: delivery.unitId }).returning();
    await ctx.db.update(webhookDeliveries).set({ leaseUntil: new Date(Date.now() + 60_000), leasedBy: 'other-process' }).where(eq(webhookDeliveries.id, row.id));
    const [second] = await ctx.db.insert(events).values({ type: 'unit.transitioned', tenantId, unitId: delivery.unitId, rootId: delivery.rootId, payload }).returning();
    await ctx.db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, unit_id) values (${endpoint.id}, ${second.id}, ${second.unitId})`);
    expect(await dispatchWebhooks(ctx.db, settings)).toEqual({ succeeded: 0, retried: 0, failed: 0 });
    // The lease runs out (the other process died): this process takes over and delivers both, in order.
    await ctx.db.update(webhookDeliveries).set({ leaseUntil: new Date(Date.now() - 1) }).where(eq(webhookDeliveries.id, row.id));
    await dispatchUntilSettled();
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    await call('DELETE', 'admin', `${WEBHOOKS}/${endpoint.id}`);
  });
});

describe('the demo data', () => {
  it('shows an inactive endpoint with delivered, retried and failed deliveries whose events match the contract', async () => {
    const endpoints = await json<EndpointRecord[]>(await call('GET', 'admin', `${WEBHOOKS}?filter=${encodeURIComponent(JSON.stringify({ enabled: false }))}`));
    const demo = endpoints.find((endpoint) => endpoint.url === 'https://erp.nordstein.example/planxchange/webhooks')!;
    expect(demo).toMatchObject({ enabled: false, failedCount: 1 });
    const deliveries = await deliveriesOf(demo.id);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attemptLog.length])).toEqual([
      ['unit.transitioned', 'succeeded', 1],
      ['drawings.approved', 'succeeded', 2],
      ['delivery.fixed', 'failed', 11],
    ]);
    for (const event of await ctx.db.select().from(events)) checkWebhookBody(event.type, { type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
  });
});

type Received = Awaited<ReturnType<typeof startReceiver>>['received'][number];

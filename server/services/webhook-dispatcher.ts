import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf, type Db, type Tx } from '../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { logger } from '../lib/logging.js';
import { guardedLookup, webhookUrlRefusal, type AddressPolicy } from '../lib/webhook-url.js';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The scheduler's kind of lock: only one process claims (and so delivers) at a time. */
const LOCK_WEBHOOKS = 74_210_003;
/** This process, as the holder of the leases it takes. */
export const PROCESS_ID = randomUUID();

export interface WebhookSettings extends AddressPolicy {
  /** Wait before the 2nd, 3rd … attempt; after the last one fails the delivery is `failed`. */
  retryDelaysMs: number[];
  /** How long a claimed delivery is reserved for this process (longer than `timeoutMs`). */
  leaseMs: number;
  timeoutMs: number;
  batchSize: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 11 attempts over about 24 hours: 10 s, 1, 5, 15, 30 min, 1, 2, 4, 8, 8 h. */
export const DEFAULT_RETRY_DELAYS_MS = [10 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 8 * HOUR];

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  leaseMs: 2 * MINUTE,
  timeoutMs: 10 * SECOND,
  batchSize: 20,
  allowPrivate: false,
  allowLoopback: false,
};

/** WEBHOOK_RETRY_DELAYS_MS (comma list), WEBHOOK_LEASE_MS, WEBHOOK_TIMEOUT_MS, WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOW_LOOPBACK. */
export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv): WebhookSettings {
  const number = (name: string, fallback: number) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : fallback);
  const delays = (env.WEBHOOK_RETRY_DELAYS_MS ?? '').split(',').map(Number).filter((value) => Number.isFinite(value) && value > 0);
  return {
    retryDelaysMs: delays.length ? delays : DEFAULT_RETRY_DELAYS_MS,
    leaseMs: number('WEBHOOK_LEASE_MS', DEFAULT_WEBHOOK_SETTINGS.leaseMs),
    timeoutMs: number('WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_SETTINGS.timeoutMs),
    batchSize: DEFAULT_WEBHOOK_SETTINGS.batchSize,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true',
  };
}

async function tryLock(tx: Tx, key: number): Promise<boolean> {
  const rows = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`));
  return !!rows[0]?.locked;
}

/**
 * Claims due deliveries under the advisory lock: none while another process still holds a lease (one process
 * delivers at a time), and per endpoint and unit only the oldest pending event (events of a unit arrive in order).
 */
async function claimDue(db: Db, settings: WebhookSettings, owner: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx, LOCK_WEBHOOKS))) return [];
    const busy = rowsOf(await tx.execute(sql`select 1 from webhook_deliveries where lease_until > now() and leased_by <> ${owner} limit 1`));
    if (busy.length) return [];
    const claimed = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update webhook_deliveries set lease_until = now() + ${settings.leaseMs} * interval '1 millisecond', leased_by = ${owner}
        where id in (
          select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now()) and e.enabled
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.unit_id = d.unit_id and p.event_id < d.event_id and p.status = 'pending')
          order by d.event_id limit ${settings.batchSize})
        returning id`),
    );
    return claimed.map((row) => Number(row.id));
  });
}

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One POST without redirects, through the guarded lookup, bounded by the timeout; the answer's body is discarded. */
export function postSigned(url: string, body: string, headers: Record<string, string>, settings: WebhookSettings): Promise<SendResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({ statusCode, error, durationMs: Math.round(performance.now() - started) });
  const refusal = webhookUrlRefusal(url, settings);
  if (refusal) return Promise.resolve(done(null, refusal));
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'planXchange-Webhooks/1', ...headers },
        lookup: guardedLookup(settings),
        timeout: settings.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(done(response.statusCode ?? null, null)));
        response.on('error', (error) => resolve(done(response.statusCode ?? null, error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)));
    request.on('error', (error: Error & { code?: string }) => resolve(done(null, error.code ? `${error.code}: ${error.message}` : error.message)));
    request.end(body);
  });
}

/** The body receivers get (Standard Webhooks): type, the event's time and its data. */
export function webhookBody(event: { type: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
}

/** Signs and sends one claimed delivery, then records the attempt and the outcome (outside any long transaction). */
async function deliverOne(db: Db, deliveryId: number, settings: WebhookSettings): Promise<'succeeded' | 'retried' | 'failed'> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: events, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // The endpoint was deleted meanwhile (its deliveries with it): nothing to send.
  if (!row) return 'failed';
  const body = webhookBody(row.event);
  const messageId = `msg_${row.event.messageId}`;
  const sentAt = new Date();
  const signature = new Webhook(row.endpoint.secret).sign(messageId, sentAt, body);
  const result = await postSigned(row.endpoint.url, body, { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature }, settings);
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempts = row.delivery.attempts + 1;
  const outcome = ok ? 'succeeded' : attempts > settings.retryDelaysMs.length ? 'failed' : 'retried';
  const error = ok ? null : (result.error ?? `HTTP ${result.statusCode}`);
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId, attemptedAt: sentAt, statusCode: result.statusCode, error, durationMs: result.durationMs });
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'retried' ? 'pending' : outcome,
        attempts,
        lastStatusCode: result.statusCode,
        lastError: error,
        deliveredAt: ok ? new Date() : null,
        nextAttemptAt: outcome === 'retried' ? new Date(Date.now() + settings.retryDelaysMs[attempts - 1]) : row.delivery.nextAttemptAt,
        leaseUntil: null,
        leasedBy: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  return outcome;
}

/** One round: claim what is due and send it (in parallel: at most one delivery per endpoint and unit is claimed). */
export async function dispatchWebhooks(db: Db, settings: WebhookSettings, owner = PROCESS_ID): Promise<Record<'succeeded' | 'retried' | 'failed', number>> {
  const counts = { succeeded: 0, retried: 0, failed: 0 };
  const ids = await claimDue(db, settings, owner);
  const outcomes = await Promise.all(ids.map((id) => deliverOne(db, id, settings)));
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}

/** Delivers every `intervalMs` (and again at once while a round found work); returns a stop function. */
export function startWebhookDispatcher(db: Db, settings: WebhookSettings, intervalMs = 2000): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      for (let rounds = 0; rounds < 50 && !stopped; rounds++) {
        const counts = await dispatchWebhooks(db, settings);
        if (counts.succeeded + counts.retried + counts.failed === 0) break;
      }
    } catch (error) {
      if (!stopped) logger.error({ err: error }, 'webhook delivery failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}


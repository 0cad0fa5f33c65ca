import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Handler, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Db } from '../db/client.js';
import { viewerExtractionPool } from '../services/ifc-viewer-pool.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { logger } from './logging.js';

type Labels = 'method' | 'route' | 'status';

export interface Metrics {
  registry: Registry;
  requests: Counter<Labels>;
  duration: Histogram<Labels>;
  /** Delivery attempts of this process's mail worker, by result (sent, failed). */
  mailDeliveries: Counter<'result'>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);


/**
 * The Prometheus registry of one app: requests per route pattern (never the raw path, so the label set
 * stays small), the mail outbox and the IFC extraction queue, read when scraped.
 */
export function createMetrics(db: Db, options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'planxchange_' });
  const requests = new Counter({
    name: 'planxchange_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'planxchange_http_request_duration_seconds',
    help: 'Time until the answer started, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailDeliveries = new Counter({
    name: 'planxchange_mail_delivery_attempts_total',
    help: 'Mail delivery attempts of this process, by result (sent, failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'planxchange_mail_outbox',
    help: 'Mails in the outbox: queued (the backlog), retrying (queued after a failed attempt), failed',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const [row] = rowsOf<{ queued: number; retrying: number; failed: number }>(
          await db.execute(sql`select count(*) filter (where status = 'queued')::int as queued,
            count(*) filter (where status = 'queued' and attempts > 0)::int as retrying,
            count(*) filter (where status = 'failed')::int as failed from mails`),
        );
        for (const state of ['queued', 'retrying', 'failed'] as const) this.set({ state }, Number(row?.[state] ?? 0));
      } catch (error) {
        logger.warn({ err: error }, 'metrics: the mail outbox could not be read');
      }
    },
  });
  new Gauge({
    name: 'planxchange_ifc_extraction_queue',
    help: 'IFC models this process is extracting or has queued for extraction',
    registers: [registry],
    collect() {
      this.set(viewerExtractionPool.load);
    },
  });
  new Gauge({
    name: 'planxchange_ifc_models_pending',
    help: 'IFC models waiting for their extraction, in all processes',
    registers: [registry],
    async collect() {
      try {
        const [row] = rowsOf<{ pending: number }>(await db.execute(sql`select count(*)::int as pending from ifc_models where status = 'pending'`));
        this.set(Number(row?.pending ?? 0));
      } catch (error) {
        logger.warn({ err: error }, 'metrics: the IFC models could not be read');
      }
    },
  });
  return { registry, requests, duration, mailDeliveries };
}

/** Counts every answer and its time by route pattern (`/api/file/:rootId/:unitId`), method and status. */
export function metricsMiddleware(metrics: Metrics): MiddlewareHandler<AppEnv> {
  // prom-client hashes the label set on every call; the children per method, route and status are kept instead
  // (bounded: route patterns and statuses are finite).
  const children = new Map<string, { requests: { inc(): void }; duration: { observe(value: number): void } }>();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const route = routePath(c) || 'unmatched';
      const status = String(c.res.status);
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status };
        children.set(key, (child = { requests: metrics.requests.labels(labels), duration: metrics.duration.labels(labels) }));
      }
      child.requests.inc();
      child.duration.observe((performance.now() - started) / 1000);
    }
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`; without a configured token the
 * endpoint does not exist (404).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): Handler<AppEnv> {
  const expected = token ? digest(token) : null;
  return async (c) => {
    if (!expected) throw ApiError.notFound();
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new ApiError(401, [{ key: 'ERRORMESSAGES.NotAuthenticated' }], { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  };
}

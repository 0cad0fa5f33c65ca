import { and, asc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  canRedeliver,
  DELIVERY_STATUSES,
  EVENT_TYPES,
  webhookCreateSchema,
  webhookUpdateSchema,
  WEBHOOK_MESSAGE,
  type WebhookCreateInput,
  type WebhookUpdateInput,
} from '../../src/domain/webhooks.js';
import type { Db, Tx } from '../db/client.js';
import { events, tenants, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { AppEnv, AppConfig } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { sessionUser } from '../lib/request.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { webhookUrlRefusal } from '../lib/webhook-url.js';
import { newWebhookSecret } from '../services/webhook-dispatcher.js';
import { keepTenant, requireTenant } from '../services/master-data.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect & { tenantName: string; pendingCount: number; failedCount: number };
type DeliveryRow = typeof webhookDeliveries.$inferSelect & { endpointUrl: string; tenantId: number; eventType: string; messageId: string; rootId: number; eventCreatedAt: Date; payload: unknown };

function checkUrl(config: AppConfig, url: string | undefined) {
  if (url === undefined) return;
  const refusal = webhookUrlRefusal(url, config.webhookPolicy ?? { allowLoopback: false, allowPrivate: false });
  if (refusal) throw ApiError.badRequest(refusal, 'url');
}

const endpointRecord = (row: EndpointRow) => ({
  id: row.id,
  webhookID: row.id,
  tenantID: row.tenantId,
  tenantName: row.tenantName,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  enabled: row.enabled,
  secret: row.secret,
  version: row.version,
  pendingCount: Number(row.pendingCount),
  failedCount: Number(row.failedCount),
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

// Correlated subqueries name the outer table explicitly: drizzle renders a column inside `sql` unqualified.
const endpointColumns = () => ({
  tenantName: sql<string>`(select t.name from ${tenants} t where t.id = "webhook_endpoints"."tenant_id")`,
  pendingCount: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" and d.status = 'pending')`,
  failedCount: sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id" and d.status = 'failed')`,
});

async function endpointById(db: Db, id: number) {
  const [row] = await db.select({ ...getTableColumns(webhookEndpoints), ...endpointColumns() }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? endpointRecord(row as EndpointRow) : null;
}

/** The endpoints resource needs the app's address policy for its URL check. */
function endpointsResource(config: AppConfig) {
  return restResource({
    name: 'webhooks',
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    sortable: { id: webhookEndpoints.id, url: webhookEndpoints.url, tenantID: webhookEndpoints.tenantId, enabled: webhookEndpoints.enabled, createdAt: webhookEndpoints.createdAt },
    defaultSort: ['id', 'ASC'],
    filters: {
      tenantID: { schema: z.number().int(), where: (value: number) => eq(webhookEndpoints.tenantId, value) },
      enabled: { schema: z.boolean(), where: (value: boolean) => eq(webhookEndpoints.enabled, value) },
    },
    search: (q) => or(ilike(webhookEndpoints.url, containsPattern(q)), ilike(webhookEndpoints.description, containsPattern(q))),
    readOnlyFields: ['webhookID', 'tenantName', 'secret', 'pendingCount', 'failedCount', 'createdAt', 'updatedAt'],
    columns: endpointColumns,
    toRecords: async (_db, rows) => (rows as EndpointRow[]).map(endpointRecord),
    create: {
      schema: webhookCreateSchema,
      write: async (tx, input: WebhookCreateInput) => {
        checkUrl(config, input.url);
        await requireTenant(tx, input.tenantID);
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({ tenantId: input.tenantID, url: input.url, description: input.description, eventTypes: input.eventTypes, enabled: input.enabled, secret: newWebhookSecret() })
          .returning({ id: webhookEndpoints.id });
        return row.id;
      },
    },
    update: {
      schema: webhookUpdateSchema,
      write: async (tx, id, input: WebhookUpdateInput, existing) => {
        const row = existing as EndpointRow;
        keepTenant(input, row.tenantId);
        checkUrl(config, input.url);
        const { version, tenantID: _tenant, ...fields } = input;
        const updated = await tx
          .update(webhookEndpoints)
          .set({ ...fields, version: sql`${webhookEndpoints.version} + 1`, updatedAt: new Date() })
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.version, version ?? row.version)))
          .returning({ id: webhookEndpoints.id });
        if (!updated.length) throw new ApiError(409, [{ key: 'ERRORMESSAGES.ConcurrentChange', code: 'Concurrent' }]);
      },
    },
    remove: async (tx: Tx, id: number) => {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },
  });
}

/** `…/webhooks` (admin): endpoints per tenant; `POST …/webhooks/{id}/rotate-secret` replaces the secret. */
export function webhookRoutes(config: AppConfig) {
  const routes = new Hono<AppEnv>();
  routes.post('/:id/rotate-secret', async (c) => {
    if (!sessionUser(c).isAdmin) throw ApiError.forbidden();
    const id = parseId(c.req.param('id'));
    const db = c.get('db');
    const updated = await db
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret(), version: sql`${webhookEndpoints.version} + 1`, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!updated.length) throw ApiError.notFound();
    return c.json(await endpointById(db, id));
  });
  routes.route('/', endpointsResource(config));
  return routes;
}

async function deliveryRecords(db: Db, rows: DeliveryRow[]) {
  const ids = rows.map((row) => row.id);
  const attempts = ids.length ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(asc(webhookAttempts.id)) : [];
  return rows.map((row) => ({
    id: row.id,
    endpointID: row.endpointId,
    endpointUrl: row.endpointUrl,
    tenantID: Number(row.tenantId),
    eventID: row.eventId,
    webhookId: `msg_${row.messageId}`,
    eventType: row.eventType,
    projectUnitID: row.unitId,
    rootProjectUnitID: Number(row.rootId),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
    deliveredAt: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    eventCreatedAt: new Date(row.eventCreatedAt).toISOString(),
    payload: row.payload as Record<string, unknown>,
    attemptLog: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({ attemptedAt: attempt.attemptedAt.toISOString(), statusCode: attempt.statusCode, error: attempt.error, durationMs: attempt.durationMs })),
  }));
}

const eventColumn = <T>(column: string) => sql<T>`(select ${sql.raw(column)} from ${events} e where e.id = "webhook_deliveries"."event_id")`;

const deliveriesResource = restResource({
  name: 'webhook-deliveries',
  table: webhookDeliveries,
  id: webhookDeliveries.id,
  sortable: { id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, eventID: webhookDeliveries.eventId },
  defaultSort: ['id', 'DESC'],
  filters: {
    status: { schema: z.enum(DELIVERY_STATUSES), where: (value: string) => eq(webhookDeliveries.status, value) },
    endpointID: { schema: z.number().int(), where: (value: number) => eq(webhookDeliveries.endpointId, value) },
    eventType: { schema: z.enum(EVENT_TYPES), where: (value: string) => sql`${eventColumn('e.type')} = ${value}` },
    projectUnitID: { schema: z.number().int(), where: (value: number) => eq(webhookDeliveries.unitId, value) },
  },
  columns: () => deliveryColumns(),
  toRecords: async (db, rows) => deliveryRecords(db, rows as DeliveryRow[]),
});

function deliveryColumns() {
  return {
    endpointUrl: sql<string>`(select w.url from ${webhookEndpoints} w where w.id = "webhook_deliveries"."endpoint_id")`,
    tenantId: eventColumn<number>('e.tenant_id'),
    rootId: eventColumn<number>('e.root_id'),
    eventType: eventColumn<string>('e.type'),
    messageId: eventColumn<string>('e.message_id'),
    eventCreatedAt: eventColumn<Date>('e.created_at'),
    payload: eventColumn<unknown>('e.payload'),
  };
}

async function deliveryById(db: Db, id: number) {
  const [row] = await db.select({ ...getTableColumns(webhookDeliveries), ...deliveryColumns() }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return (await deliveryRecords(db, [row as DeliveryRow]))[0];
}

/** `…/webhook-deliveries` (admin, read-only) and `POST …/{id}/redeliver`: the delivery goes out again with the same webhook-id. */
export const webhookDeliveryRoutes = new Hono<AppEnv>();

webhookDeliveryRoutes.post('/:id/redeliver', async (c) => {
  if (!sessionUser(c).isAdmin) throw ApiError.forbidden();
  const id = parseId(c.req.param('id'));
  const db = c.get('db');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: webhookDeliveries.status, enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id))
      .for('update');
    if (!row) throw ApiError.notFound();
    const rule = canRedeliver(row, row);
    if (!rule.allowed) throw new ApiError(409, [{ key: rule.reason ?? WEBHOOK_MESSAGE.alreadyPending, code: 'RuleViolation' }]);
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), leaseUntil: null, leasedBy: null, deliveredAt: null })
      .where(eq(webhookDeliveries.id, id));
  });
  return c.json(await deliveryById(db, id));
});

webhookDeliveryRoutes.route('/', deliveriesResource);

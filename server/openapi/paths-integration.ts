import { z } from 'zod';
import { EVENT_TYPES, orderExportQuerySchema, webhookCreateSchema, webhookUpdateSchema } from '../../src/domain/webhooks.js';
import { ORDER_EXPORT_COLUMNS } from '../services/order-export.js';
import { webhookEnvelope } from './events.js';
import { DATA, op, registry, resource } from './registry.js';
import { WebhookDeliveryRecord, WebhookRecord } from './schemas.js';

const integration = ['Integration'];

op('get', '/api/openapi.json', { tags: integration, public: true, summary: 'This document (OpenAPI 3.1)', responses: { 200: z.record(z.string(), z.unknown()) } });
op('get', '/api/docs', { tags: integration, public: true, summary: 'The reference page over this document (Swagger UI, served by the portal)', responses: { 200: { contentType: 'text/html' } } });
op('get', '/api/docs/:file', { tags: integration, public: true, summary: 'The reference page’s script, style and icon', responses: { 200: { contentType: ['text/javascript', 'text/css', 'image/png'] } } });

resource(`${DATA}/webhooks`, {
  tag: 'Integration',
  what: 'webhook endpoints (admin)',
  record: WebhookRecord,
  filters: 'tenantID, enabled',
  sortable: 'id, url, tenantID, enabled, createdAt',
  create: webhookCreateSchema,
  update: webhookUpdateSchema,
  remove: true,
});
op('post', `${DATA}/webhooks/:id/rotate-secret`, { tags: integration, summary: 'Replace the endpoint’s signing secret (admin)', responses: { 200: WebhookRecord } });
resource(`${DATA}/webhook-deliveries`, { tag: 'Integration', what: 'webhook deliveries with their attempts (admin)', record: WebhookDeliveryRecord, filters: 'status, endpointID, eventType, projectUnitID', sortable: 'id, createdAt, status, attempts, eventID' });
op('post', `${DATA}/webhook-deliveries/:id/redeliver`, {
  tags: integration,
  summary: 'Send a finished delivery again, with the same `webhook-id` (admin)',
  description: '409 while it is still pending or when its endpoint is disabled.',
  responses: { 200: WebhookDeliveryRecord },
});
op('get', '/api/exports/orders.csv', {
  tags: integration,
  summary: 'Placed orders as CSV, one line per order line (admins: every tenant; internal staff: their tenants)',
  description: `Streamed in pages of 200 lots, ordered by the time the order was placed. Dates are UTC days, both inclusive. Columns: ${ORDER_EXPORT_COLUMNS.join(', ')}.`,
  query: orderExportQuerySchema,
  responses: { 200: { contentType: 'text/csv', description: 'CSV with a header line (RFC 4180, UTF-8)' } },
});

// The events the portal sends (OpenAPI 3.1 `webhooks`): a POST to the endpoint's URL, signed per Standard Webhooks.
const signatureHeaders = z.object({
  'webhook-id': z.string().openapi({ description: 'Idempotency id of the event (`msg_…`): the same on every retry and re-delivery.' }),
  'webhook-timestamp': z.string().openapi({ description: 'Unix seconds of this attempt.' }),
  'webhook-signature': z.string().openapi({ description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the base64-decoded secret after `whsec_`.' }),
});
for (const type of EVENT_TYPES) {
  registry.registerWebhook({
    method: 'post',
    path: type,
    tags: integration,
    summary: `Event ${type}`,
    request: { headers: signatureHeaders, body: { required: true, content: { 'application/json': { schema: webhookEnvelope(type) } } } },
    responses: { 200: { description: 'Any 2xx marks the delivery done; anything else (or no answer within 10 s) is retried with back-off for about a day.' } },
  });
}

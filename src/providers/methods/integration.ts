import { API_BASE, sendJson } from './request';

type IntegrationRecord = Record<string, unknown> & { id: number };

/** The integration screens' calls that are not CRUD (webhook deliveries and endpoints). */
export const integrationMethods = {
  /** Sends a finished webhook delivery again (same webhook-id); answers the delivery record. */
  redeliverWebhook: async (id: number) => ({ data: await sendJson<IntegrationRecord>(`${API_BASE}/webhook-deliveries/${id}/redeliver`, 'POST') }),
  /** Replaces a webhook endpoint's signing secret; answers the endpoint record. */
  rotateWebhookSecret: async (id: number) => ({ data: await sendJson<IntegrationRecord>(`${API_BASE}/webhooks/${id}/rotate-secret`, 'POST') }),
};

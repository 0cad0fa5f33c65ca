/** Route and react-admin names; the data provider drops the `admin/` prefix for the API. */
export const WEBHOOKS_RESOURCE = 'admin/webhooks';
export const WEBHOOK_DELIVERIES_RESOURCE = 'admin/webhook-deliveries';

import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/permissions';
import {
  ACTION_EVENTS,
  canExportOrders,
  canRedeliver,
  EVENT_TYPES,
  orderExportQuerySchema,
  webhookCreateSchema,
  webhookUpdateSchema,
  webhookUrlProblem,
  WEBHOOK_MESSAGE,
} from '../../../src/domain/webhooks';

const admin = { isAdmin: true, isInternal: true, isConfigurer: false, isExternalLogin: false, tenantIds: [] };
const staff = { isAdmin: false, isInternal: true, isConfigurer: false, isExternalLogin: false, tenantIds: [1, 2] };
const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false, tenantIds: [1] };

describe('webhookUrlProblem', () => {
  it('accepts absolute http(s) URLs', () => {
    expect(webhookUrlProblem('https://erp.example.com/hooks?x=1')).toBeNull();
    expect(webhookUrlProblem('http://erp.example.com:8080/hooks')).toBeNull();
  });
  it('refuses other schemes, relative addresses, fragments and credentials', () => {
    expect(webhookUrlProblem('ftp://erp.example.com/x')).toBe(WEBHOOK_MESSAGE.invalidUrl);
    expect(webhookUrlProblem('/hooks')).toBe(WEBHOOK_MESSAGE.invalidUrl);
    expect(webhookUrlProblem('javascript:alert(1)')).toBe(WEBHOOK_MESSAGE.invalidUrl);
    expect(webhookUrlProblem('https://erp.example.com/hooks#a')).toBe(WEBHOOK_MESSAGE.invalidUrl);
    expect(webhookUrlProblem('https://u:p@erp.example.com/hooks')).toBe(WEBHOOK_MESSAGE.credentialsInUrl);
    expect(webhookUrlProblem('https://u@erp.example.com/hooks')).toBe(WEBHOOK_MESSAGE.credentialsInUrl);
  });
});

describe('the endpoint form', () => {
  it('needs a tenant, a URL and at least one known event type, each once', () => {
    expect(webhookCreateSchema.safeParse({ tenantID: 1, url: 'https://erp.example.com/h', eventTypes: ['order.placed'] }).data).toMatchObject({ enabled: true, description: '' });
    const issues = (input: unknown) => webhookCreateSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues({ tenantID: 1, url: 'https://erp.example.com/h', eventTypes: [] })).toEqual(['eventTypes:VALIDATION.AtLeastOne']);
    expect(issues({ tenantID: 1, url: 'https://erp.example.com/h', eventTypes: ['order.placed', 'order.placed'] })).toEqual(['eventTypes:VALIDATION.InvalidValue']);
    expect(issues({ tenantID: 1, url: 'ftp://x', eventTypes: ['order.placed'] })).toEqual(['url:WEBHOOKS.Errors.InvalidUrl']);
    expect(issues({ url: 'https://erp.example.com/h', eventTypes: ['order.placed'] })).toEqual(['tenantID:VALIDATION.IsRequired']);
    expect(webhookCreateSchema.safeParse({ tenantID: 1, url: 'https://e.example/h', eventTypes: ['order.placed'], secret: 'x' }).success).toBe(false);
  });
  it('takes any subset on update', () => {
    expect(webhookUpdateSchema.safeParse({ enabled: false }).success).toBe(true);
    expect(webhookUpdateSchema.safeParse({ eventTypes: [] }).success).toBe(false);
  });
});

describe('events', () => {
  it('names the business events of the workflow actions', () => {
    expect(ACTION_EVENTS.PlaceOrder).toBe('order.placed');
    expect(ACTION_EVENTS.ApproveDrawings).toBe('drawings.approved');
    for (const type of Object.values(ACTION_EVENTS)) expect(EVENT_TYPES).toContain(type);
  });
});

describe('canRedeliver', () => {
  it('offers finished deliveries of enabled endpoints only', () => {
    expect(canRedeliver({ status: 'failed' }, { enabled: true })).toEqual({ allowed: true });
    expect(canRedeliver({ status: 'succeeded' }, { enabled: true })).toEqual({ allowed: true });
    expect(canRedeliver({ status: 'pending' }, { enabled: true })).toEqual({ allowed: false, reason: WEBHOOK_MESSAGE.alreadyPending });
    expect(canRedeliver({ status: 'failed' }, { enabled: false })).toEqual({ allowed: false, reason: WEBHOOK_MESSAGE.endpointDisabled });
  });
});

describe('who reaches the integration', () => {
  it('lets administrators alone manage webhooks and deliveries', () => {
    for (const resource of ['webhooks', 'webhook-deliveries', 'admin/webhooks', 'admin/webhook-deliveries']) {
      expect(canAccess(admin, { action: 'list', resource })).toBe(true);
      expect(canAccess(staff, { action: 'list', resource })).toBe(false);
      expect(canAccess(customer, { action: 'list', resource })).toBe(false);
    }
  });
  it('lets administrators export every tenant, internal staff their own tenants, customers nothing', () => {
    expect(canExportOrders(admin)).toBe(true);
    expect(canExportOrders(admin, 7)).toBe(true);
    expect(canExportOrders(staff)).toBe(true);
    expect(canExportOrders(staff, 2)).toBe(true);
    expect(canExportOrders(staff, 3)).toBe(false);
    expect(canExportOrders({ ...staff, tenantIds: [] })).toBe(false);
    expect(canExportOrders(customer, 1)).toBe(false);
  });
  it('reads the export query: dates as ISO days, from ≤ to', () => {
    expect(orderExportQuerySchema.safeParse({ tenantID: '2', from: '2026-01-01', to: '2026-01-31' }).data).toEqual({ tenantID: 2, from: '2026-01-01', to: '2026-01-31' });
    expect(orderExportQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).success).toBe(false);
    expect(orderExportQuerySchema.safeParse({ from: '01.02.2026' }).success).toBe(false);
    expect(orderExportQuerySchema.safeParse({ tenant: '2' }).success).toBe(false);
  });
});

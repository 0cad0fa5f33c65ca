import { and, eq } from 'drizzle-orm';
import type { EventType } from '../../src/domain/webhooks.js';
import { unitSummary } from '../lib/events.js';
import { DEFAULT_RETRY_DELAYS_MS, newWebhookSecret } from '../services/webhook-dispatcher.js';
import type { Tx } from './client.js';
import { deliveryLots, events, projectUnits, webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
type Unit = typeof projectUnits.$inferSelect;
type Attempt = { after: number; statusCode: number | null; error?: string };

/**
 * A registered ERP endpoint of Nordstein with a short delivery history (delivered, delivered after a retry,
 * failed after a day of retries), so the administration's webhook screens show what they are for. The endpoint
 * is inactive and points to a reserved example host: the demo never calls anything.
 */
export async function seedDemoIntegration(tx: Tx): Promise<void> {
  const [lot] = await tx.select().from(projectUnits).where(eq(projectUnits.title, 'Wandelemente Bauabschnitt 1'));
  if (!lot) return;
  const [root] = await tx.select().from(projectUnits).where(eq(projectUnits.id, lot.rootId ?? lot.id));
  const [approvalLot] = await tx.select().from(projectUnits).where(and(eq(projectUnits.tenantId, root.tenantId), eq(projectUnits.type, 'approvallot')));
  const [found] = await tx
    .select({ lot: deliveryLots, root: projectUnits })
    .from(deliveryLots)
    .innerJoin(projectUnits, eq(projectUnits.id, deliveryLots.rootId))
    .where(eq(projectUnits.tenantId, root.tenantId))
    .orderBy(deliveryLots.id)
    .limit(1);
  const delivery = found?.lot;
  const deliveryRoot = found?.root;
  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      tenantId: root.tenantId,
      url: 'https://erp.nordstein.example/planxchange/webhooks',
      description: 'ERP Nordstein (Demo, inaktiv)',
      secret: newWebhookSecret(),
      eventTypes: ['order.placed', 'structure.finished', 'drawings.approved', 'delivery.fixed', 'unit.transitioned'],
      enabled: false,
      createdAt: new Date(Date.now() - 14 * DAY),
    })
    .returning();
  const changedBy = { userID: 0, login: 'staff' };
  const transition = (unit: Unit, action: string, oldState: string, at: Date) => ({ ...unitSummary(unit), action, oldState, stateKey: unit.stateKey, stateSince: at.toISOString(), changedBy, message: '' });

  const history: { type: EventType; unit: Unit; daysAgo: number; payload: (at: Date) => Record<string, unknown>; attempts: Attempt[] }[] = [
    { type: 'unit.transitioned', unit: root, daysAgo: 9, payload: (at) => transition(root, 'ReadyForContract', 'PendingValidation', at), attempts: [{ after: 1000, statusCode: 204 }] },
    ...(approvalLot
      ? [{ type: 'drawings.approved' as const, unit: approvalLot, daysAgo: 5, payload: (at: Date) => transition(approvalLot, 'ApproveDrawings', 'ReviewPreliminaryDrawings', at), attempts: [{ after: 1000, statusCode: 500 }, { after: 11_000, statusCode: 200 }] }]
      : []),
    ...(delivery
      ? [{
          type: 'delivery.fixed' as const,
          unit: deliveryRoot!,
          daysAgo: 3,
          payload: () => ({ ...unitSummary(deliveryRoot!), deliveryLotID: delivery.id, deliveryLotTitle: delivery.title, deliveryDate: delivery.deliveryDate, deliveryType: 0, groups: delivery.groups, wallNos: delivery.wallNos, approvalLotIDs: delivery.unitIds }),
          // The receiver was down for the whole window: every attempt of the back-off schedule failed.
          attempts: [0, ...DEFAULT_RETRY_DELAYS_MS].map((_, index) => ({ after: 1000 + DEFAULT_RETRY_DELAYS_MS.slice(0, index).reduce((sum, delay) => sum + delay, 0), statusCode: null, error: 'ECONNREFUSED: connect ECONNREFUSED' })),
        }]
      : []),
  ];
  for (const entry of history) {
    const at = new Date(Date.now() - entry.daysAgo * DAY);
    const [event] = await tx
      .insert(events)
      .values({ type: entry.type, tenantId: root.tenantId, unitId: entry.unit.id, rootId: entry.unit.rootId ?? entry.unit.id, payload: entry.payload(at), createdAt: at })
      .returning();
    const last = entry.attempts[entry.attempts.length - 1];
    const ok = last.statusCode !== null && last.statusCode < 300;
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        eventId: event.id,
        unitId: entry.unit.id,
        status: ok ? 'succeeded' : 'failed',
        attempts: entry.attempts.length,
        lastStatusCode: last.statusCode,
        lastError: ok ? null : (last.error ?? `HTTP ${last.statusCode}`),
        deliveredAt: ok ? new Date(at.getTime() + last.after) : null,
        nextAttemptAt: new Date(at.getTime() + last.after),
        createdAt: at,
      })
      .returning();
    await tx.insert(webhookAttempts).values(
      entry.attempts.map((attempt) => ({
        deliveryId: row.id,
        attemptedAt: new Date(at.getTime() + attempt.after),
        statusCode: attempt.statusCode,
        error: attempt.statusCode !== null && attempt.statusCode < 300 ? null : (attempt.error ?? `HTTP ${attempt.statusCode}`),
        durationMs: attempt.statusCode === null ? 3 : 120,
      })),
    );
  }
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { orderKindOf } from '../../src/domain/orders.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import { ACTION_EVENTS, type EventType } from '../../src/domain/webhooks.js';
import type { Tx } from '../db/client.js';
import { writeAtCommit } from '../db/transaction-round-trips.js';
import { holdsUnitLock, lockUnits } from './locks.js';
import type { z } from 'zod';
import type { DeliveryFixed, OrderPlaced, StructureFinished, TransitionData, UnitSummary, UnitTransitioned } from '../openapi/events.js';
import { aacOrderItems, aacProducts, deliveryLots, events, lintelOrderItems, lintelProducts, projectUnits } from '../db/schema.js';

export interface EventInput {
  type: EventType;
  tenantId: number;
  unitId: number;
  rootId: number;
  payload: Record<string, unknown>;
}

/**
 * Writes one event to the outbox and a pending delivery for every enabled endpoint of the tenant that subscribed
 * to its type — inside the caller's transaction, so the event exists exactly when the change does; both in one
 * statement, sent with the commit (transaction-round-trips.ts; #36: a write's round trips wait behind the other requests). The
 * unit's row is locked first (`no key update`, which every event writer of the unit takes, so they run one after
 * another, and the lock is held until the commit that writes the event): events of one unit get ids in commit order,
 * which the dispatcher's in-order rule relies on. A transaction that locked the unit already (`lockUnits`, the
 * project lock of a transition or an order write) skips that round trip.
 */
export async function recordEvent(tx: Tx, input: EventInput): Promise<void> {
  if (!holdsUnitLock(tx, input.unitId)) await lockUnits(tx, [input.unitId]);
  await writeAtCommit(
    tx,
    sql`
      with event as (
        insert into ${events} (type, tenant_id, unit_id, root_id, payload)
        values (${input.type}, ${input.tenantId}, ${input.unitId}, ${input.rootId}, ${JSON.stringify(input.payload)}::jsonb)
        returning id
      )
      insert into webhook_deliveries (endpoint_id, event_id, unit_id)
      select w.id, event.id, ${input.unitId} from webhook_endpoints w, event
      where w.tenant_id = ${input.tenantId} and w.enabled and w.event_types @> ${JSON.stringify([input.type])}::jsonb`,
  );
}

type UnitRow = typeof projectUnits.$inferSelect;

/** What every event tells about its unit. */
export function unitSummary(unit: Pick<UnitRow, 'id' | 'rootId' | 'number' | 'title' | 'type' | 'data' | 'tenantId' | 'salesOrgId'>): z.infer<typeof UnitSummary> {
  return {
    projectUnitID: unit.id,
    rootProjectUnitID: unit.rootId ?? unit.id,
    projectUnitNo: unit.number,
    projectUnitType: unit.type,
    title: unit.title,
    orderNumber: parseUnitData(unit.data).OrderNumber ?? null,
    tenantID: unit.tenantId,
    salesOrgID: unit.salesOrgId,
  };
}

/** The order lines of an AAC or lintel lot with their catalogue products (the `order.placed` payload). */
export async function orderLines(tx: Tx, unit: Pick<UnitRow, 'id' | 'type'>) {
  const kind = orderKindOf(unit.type);
  if (kind === 'aac') {
    const rows = await tx
      .select({ item: aacOrderItems, product: aacProducts })
      .from(aacOrderItems)
      .innerJoin(projectUnits, eq(projectUnits.id, aacOrderItems.unitId))
      .leftJoin(aacProducts, and(eq(aacProducts.tenantId, projectUnits.tenantId), eq(aacProducts.productNo, aacOrderItems.productNo)))
      .where(eq(aacOrderItems.unitId, unit.id))
      .orderBy(asc(aacOrderItems.itemIndex), asc(aacOrderItems.id));
    return rows.map(({ item, product }) => ({
      itemIndex: item.itemIndex,
      sublotName: item.sublotName,
      floorName: item.floorName,
      productNo: item.productNo,
      articleNo: product?.articleNo ?? null,
      productTitle: product?.title ?? null,
      lengthMm: Math.round(Number(item.itemLength) * 1000),
      qty: item.qty,
    }));
  }
  if (kind === 'lintel') {
    const rows = await tx
      .select({ item: lintelOrderItems, product: lintelProducts })
      .from(lintelOrderItems)
      .leftJoin(lintelProducts, eq(lintelProducts.id, lintelOrderItems.productId))
      .where(eq(lintelOrderItems.unitId, unit.id))
      .orderBy(asc(lintelOrderItems.itemIndex), asc(lintelOrderItems.id));
    return rows.map(({ item, product }) => ({
      itemIndex: item.itemIndex,
      sublotName: item.sublotName,
      floorName: item.floorName,
      productID: item.productId,
      itemNo: product?.itemNo ?? null,
      productTitle: product?.title ?? null,
      thickness: item.thickness,
      lengthMm: item.length,
      height: item.height,
      hasCut: item.hasCut,
      lintelType: item.lintelType,
      qty: item.qty,
    }));
  }
  return null;
}

export interface TransitionFacts {
  unit: UnitRow;
  action: string;
  oldState: string;
  stateKey: string;
  stateSince: Date;
  message: string;
  user: SessionUser;
  /** The transition built the project's structure (create-structure-from-draft). */
  builtStructure: boolean;
  created: number[];
  /** For units a transition's effect moved: the unit whose transition moved them. */
  causedBy?: { projectUnitID: number; action: string };
}

/**
 * The events of one state change: `unit.transitioned` always, and the business event of its action
 * (`order.placed` with the order lines, `drawings.approved`, `structure.finished` with the created units).
 */
export async function recordTransitionEvents(tx: Tx, facts: TransitionFacts): Promise<void> {
  const { unit } = facts;
  const base: Omit<z.infer<typeof TransitionData>, 'message'> = {
    ...unitSummary(unit),
    action: facts.action,
    oldState: facts.oldState,
    stateKey: facts.stateKey,
    stateSince: facts.stateSince.toISOString(),
    changedBy: { userID: facts.user.id, login: facts.user.login },
  };
  const ids = { tenantId: unit.tenantId, unitId: unit.id, rootId: unit.rootId ?? unit.id };
  const transitioned: z.infer<typeof UnitTransitioned> = { ...base, message: facts.message, ...(facts.causedBy ? { causedBy: facts.causedBy } : {}) };
  await recordEvent(tx, { type: 'unit.transitioned', ...ids, payload: transitioned });
  if (facts.causedBy) return;
  const business = facts.builtStructure ? 'structure.finished' : ACTION_EVENTS[facts.action];
  if (!business) return;
  const data: z.infer<typeof TransitionData> = { ...base, message: facts.message };
  let payload: Record<string, unknown> = data;
  if (business === 'order.placed') {
    payload = { ...data, kind: orderKindOf(unit.type), lines: (await orderLines(tx, unit)) ?? [] } satisfies z.infer<typeof OrderPlaced>;
  }
  if (business === 'structure.finished') {
    const created = facts.created.length ? await tx.select().from(projectUnits).where(inArray(projectUnits.id, facts.created)).orderBy(asc(projectUnits.number)) : [];
    payload = {
      ...data,
      created: created.map((row) => ({ projectUnitID: row.id, projectUnitNo: row.number, projectUnitType: row.type, title: row.title, parentProjectUnitID: row.parentId })),
    } satisfies z.infer<typeof StructureFinished>;
  }
  await recordEvent(tx, { type: business, ...ids, payload });
}

/** `delivery.fixed`: staff confirmed a delivery lot's date (the delivery overview's done action); its unit is the root. */
export async function recordDeliveryFixed(tx: Tx, lot: typeof deliveryLots.$inferSelect): Promise<void> {
  const [root] = await tx.select().from(projectUnits).where(eq(projectUnits.id, lot.rootId));
  await recordEvent(tx, {
    type: 'delivery.fixed',
    tenantId: root.tenantId,
    unitId: root.id,
    rootId: root.id,
    payload: {
      ...unitSummary(root),
      deliveryLotID: lot.id,
      deliveryLotTitle: lot.title,
      deliveryDate: lot.deliveryDate,
      deliveryType: lot.deliveryType,
      groups: lot.groups,
      wallNos: lot.wallNos,
      approvalLotIDs: lot.unitIds,
    } satisfies z.infer<typeof DeliveryFixed>,
  });
}

import { z } from 'zod';
import { EVENT_TYPES } from '../../src/domain/webhooks.js';
import { id, isoDate, isoDateTime } from './registry.js';

/**
 * The events' payloads (`data` of a webhook body). `server/lib/events.ts` builds them typed by these schemas, the
 * contract documents them as OpenAPI webhooks, and the webhook tests validate what a receiver got against them.
 */
export const UnitSummary = z.object({
  projectUnitID: id,
  rootProjectUnitID: id,
  projectUnitNo: z.string(),
  projectUnitType: z.string(),
  title: z.string(),
  orderNumber: z.string().nullable(),
  tenantID: id,
  salesOrgID: id.nullable(),
});

export const TransitionData = UnitSummary.extend({
  action: z.string(),
  oldState: z.string(),
  stateKey: z.string(),
  stateSince: isoDateTime,
  changedBy: z.object({ userID: id, login: z.string() }),
  message: z.string(),
});

export const UnitTransitioned = TransitionData.extend({
  causedBy: z.object({ projectUnitID: id, action: z.string() }).optional().openapi({ description: 'Set for units a transition’s effect moved on.' }),
}).openapi('UnitTransitionedData');

export const AacOrderLine = z.object({
  itemIndex: z.number().int(), sublotName: z.string(), floorName: z.string(), productNo: z.number().int(), articleNo: z.string().nullable(),
  productTitle: z.string().nullable(), lengthMm: z.number().int(), qty: z.number().int(),
});
export const LintelOrderLine = z.object({
  itemIndex: z.number().int(), sublotName: z.string(), floorName: z.string(), productID: id, itemNo: z.string().nullable(), productTitle: z.string().nullable(),
  thickness: z.number().int(), lengthMm: z.number().int(), height: z.number().int(), hasCut: z.boolean(), lintelType: z.string(), qty: z.number().int(),
});
export const OrderPlaced = TransitionData.extend({
  kind: z.enum(['aac', 'lintel']).nullable(),
  lines: z.array(z.union([AacOrderLine, LintelOrderLine])),
}).openapi('OrderPlacedData');

export const StructureFinished = TransitionData.extend({
  created: z.array(z.object({ projectUnitID: id, projectUnitNo: z.string(), projectUnitType: z.string(), title: z.string(), parentProjectUnitID: id.nullable() })),
}).openapi('StructureFinishedData');

export const DrawingsApproved = TransitionData.openapi('DrawingsApprovedData');

export const DeliveryFixed = UnitSummary.extend({
  deliveryLotID: id,
  deliveryLotTitle: z.string(),
  deliveryDate: isoDate,
  deliveryType: z.number().int(),
  groups: z.string(),
  wallNos: z.string(),
  approvalLotIDs: z.array(id),
}).openapi('DeliveryFixedData');

export const EVENT_DATA = {
  'order.placed': OrderPlaced,
  'structure.finished': StructureFinished,
  'drawings.approved': DrawingsApproved,
  'delivery.fixed': DeliveryFixed,
  'unit.transitioned': UnitTransitioned,
} satisfies Record<(typeof EVENT_TYPES)[number], z.ZodType>;

/** The body a receiver gets (Standard Webhooks). */
export const webhookEnvelope = (type: (typeof EVENT_TYPES)[number]) => z.object({ type: z.literal(type), timestamp: isoDateTime, data: EVENT_DATA[type] });

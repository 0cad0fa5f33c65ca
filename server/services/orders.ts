/**
 * The order lot of a request and whether its items may still change (orders and the order proposal).
 */
import { canEditOrderItems, ORDER_MESSAGE, orderKindOf, type OrderKind } from '../../src/domain/orders.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess, type UnitAccess } from '../lib/project-access.js';
import { parseId } from '../lib/rest-query.js';
import { unitTask, unitWorkflow } from '../lib/workflow.js';

export interface Lot {
  access: UnitAccess;
  kind: OrderKind;
}

/** The order lot of the path: visible (404), an AAC or lintel lot (422). */
export async function orderLot(db: Db | Tx, user: SessionUser, rawId: string | undefined): Promise<Lot> {
  const access = await unitAccess(db, user, parseId(rawId ?? ''));
  const kind = orderKindOf(access.unit.type);
  if (!kind) throw new ApiError(422, [{ key: 'ORDERS.Errors.NotAnOrderLot' }]);
  return { access, kind };
}

/** Rows may be written only by a user holding the lot's PlaceOrder task (spec §6). */
export async function editState(db: Db, user: SessionUser, access: UnitAccess) {
  const workflow = await unitWorkflow(db, user, access);
  const editable = canEditOrderItems(workflow.task?.taskKey);
  return { editable, editReason: editable ? null : ORDER_MESSAGE.notEditable, placeOrder: workflow.actions.find((action) => action.action === 'PlaceOrder') ?? null };
}

/** The same rule for a row write, which needs neither the buttons nor the state's message: the task alone. */
export async function rowsEditable(db: Db | Tx, user: SessionUser, access: UnitAccess): Promise<boolean> {
  return canEditOrderItems((await unitTask(db, user, access)).task?.taskKey);
}

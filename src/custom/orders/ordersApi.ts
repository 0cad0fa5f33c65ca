import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { HttpError } from 'react-admin';
import type { AacProduct, LintelProduct } from '../../domain/catalogue';
import type { AacItemInput, AacOrderItem, AacSummaryLine, LintelItemInput, LintelOrderItem, LintelSummaryLine, OrderKind, OrderSummary } from '../../domain/orders';
import type { UnitAction } from '../../domain/workflow';
import { httpClient } from '../../providers/http';

export const ORDERS_API = '/api/orders';
const STATES_API = '/api/data/planxchange/projectunitstates';

/** The order screen of a lot: /home/app/project/aac-order/{root}/{unit} or …/lintel-order/…. */
export const orderPagePath = (kind: OrderKind, rootId: number, unitId: number) => `/home/app/project/${kind}-order/${rootId}/${unitId}`;

/** The lot as `GET /api/orders/{lotId}` describes it. */
export interface OrderLot {
  projectUnitID: number;
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  parentTitle: string;
  stateKey: string;
  kind: OrderKind;
  version: number;
  /** The lot's product type (shown in its colours in the header). */
  productType?: string | null;
  productTypeID?: number | null;
  productTypeBGColor?: string | null;
  productTypeTextColor?: string | null;
}

/** `GET /api/orders/{lotId}`: the lot, whether its rows may change, the PlaceOrder button, catalogue, rows and summary. */
export interface OrderData<Product, Item, Line> {
  lot: OrderLot;
  editable: boolean;
  /** A translation key saying why the table is read-only. */
  editReason: string | null;
  placeOrder: UnitAction | null;
  /** The tenant's whole catalogue, inactive products included (for old rows); offer only active ones. */
  products: Product[];
  /** Sorted by itemIndex. */
  items: Item[];
  summary: OrderSummary<Line>;
}

export type AacOrderData = OrderData<AacProduct, AacOrderItem, AacSummaryLine>;
export type LintelOrderData = OrderData<LintelProduct, LintelOrderItem, LintelSummaryLine>;
export type OrderItemInput = AacItemInput | LintelItemInput;

/** One message of the API's error body: `text` is already translated, `reference` names the field. */
export interface OrderMessage {
  text: string;
  key?: string;
  reference?: string;
  code?: string;
}

/** The messages of a failed call (a network failure becomes one message without reference). */
export function orderMessages(error: unknown): OrderMessage[] {
  const messages = ((error as HttpError)?.body as { messages?: OrderMessage[] } | undefined)?.messages;
  if (Array.isArray(messages) && messages.length) return messages;
  return [{ text: (error as Error)?.message || 'ERRORMESSAGES.Unknown' }];
}

/** 409: someone else changed or deleted the row meanwhile; nothing was overwritten, the table must be reloaded. */
export { isConflict } from '../../providers/conflict';

/** The messages of a failed call as one text, one message per line. */
export const orderErrorText = (error: unknown) =>
  orderMessages(error)
    .map((message) => message.text)
    .join('\n');

/** Field messages of a 400 by field name (the first per field); messages without reference under ''. */
export function fieldMessages(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const message of orderMessages(error)) {
    const field = message.reference ?? '';
    fields[field] = fields[field] ? `${fields[field]}\n${message.text}` : message.text;
  }
  return fields;
}

export const orderUrl = (lotId: number) => `${ORDERS_API}/${lotId}`;
export const orderItemsUrl = (lotId: number) => `${orderUrl(lotId)}/items`;

export async function fetchOrder<Data extends AacOrderData | LintelOrderData>(lotId: number): Promise<Data> {
  return (await httpClient(orderUrl(lotId))).json as Data;
}

export async function fetchOrderSummary<Line>(lotId: number): Promise<OrderSummary<Line>> {
  return (await httpClient(`${orderUrl(lotId)}/summary`)).json as OrderSummary<Line>;
}

/** `POST …/items`: a new row (no version); answers the saved item. */
export async function createOrderItem<Item>(lotId: number, input: Omit<OrderItemInput, 'version'>): Promise<Item> {
  return (await httpClient(orderItemsUrl(lotId), { method: 'POST', body: JSON.stringify(input) })).json as Item;
}

/** `PUT …/items/{itemId}` with the version as loaded; 409 when it changed meanwhile. */
export async function updateOrderItem<Item>(lotId: number, itemId: number, input: OrderItemInput & { version: number }): Promise<Item> {
  return (await httpClient(`${orderItemsUrl(lotId)}/${itemId}`, { method: 'PUT', body: JSON.stringify(input) })).json as Item;
}

/** `DELETE …/items/{itemId}?version=`; 409 when it changed meanwhile. */
export async function deleteOrderItem(lotId: number, itemId: number, version: number): Promise<void> {
  await httpClient(`${orderItemsUrl(lotId)}/${itemId}?version=${version}`, { method: 'DELETE' });
}

/** Places the order: the PlaceOrder transition of the lot (its guard needs saved items). */
export async function placeOrder(lot: Pick<OrderLot, 'projectUnitID' | 'version'>, action: Pick<UnitAction, 'action' | 'requirements'>): Promise<{ stateKey: string }> {
  const body = { projectUnitID: lot.projectUnitID, action: action.action, requirements: action.requirements, version: lot.version };
  return (await httpClient(`${STATES_API}/${lot.projectUnitID}`, { method: 'PUT', body: JSON.stringify(body) })).json as { stateKey: string };
}

export const orderQueryKey = (lotId: number) => ['order', lotId] as const;

/** The order screen's data; `reload` reads it again (after a save, a delete, a conflict or placing the order). */
export function useOrder<Data extends AacOrderData | LintelOrderData>(lotId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderQueryKey(lotId),
    queryFn: () => fetchOrder<Data>(lotId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: orderQueryKey(lotId) }), [queryClient, lotId]);
  return { ...query, reload };
}

/** After placing the order: the lot's details page, tasks and dashboard show the new state. */
export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [['order'], ['unit-context'], ['unit-children'], ['tasks'], ['dashboard'], ['projects']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
        ),
      ),
    [queryClient],
  );
}

import type { AacProduct, LintelProduct } from '../../domain/catalogue';
import type { AacItemInput, AacOrderItem, AacSummaryLine, LintelItemInput, LintelOrderItem, LintelSummaryLine, OrderKind, OrderSummary } from '../../domain/orders';
import type { UnitAction } from '../../domain/workflow';
import { projectMethods } from './projects';
import { getJson, sendJson } from './request';

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
  /** The walls the structure linked to the lot (names in the IFC model). */
  wallNos?: string[];
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

const orderUrl = (lotId: number) => `/api/orders/${lotId}`;
const orderItemsUrl = (lotId: number) => `${orderUrl(lotId)}/items`;

/** The order tables (AAC and lintel): the lot's data, its rows and placing the order. */
export const orderMethods = {
  getOrder: <Data extends AacOrderData | LintelOrderData>(lotId: number) => getJson<Data>(orderUrl(lotId)),
  /** `POST …/items`: a new row (no version); answers the saved item. */
  createOrderItem: <Item>(lotId: number, input: Omit<OrderItemInput, 'version'>) => sendJson<Item>(orderItemsUrl(lotId), 'POST', input),
  /** `PUT …/items/{itemId}` with the version as loaded; 409 when it changed meanwhile. */
  updateOrderItem: <Item>(lotId: number, itemId: number, input: OrderItemInput & { version: number }) => sendJson<Item>(`${orderItemsUrl(lotId)}/${itemId}`, 'PUT', input),
  /** `DELETE …/items/{itemId}?version=`; 409 when it changed meanwhile. */
  deleteOrderItem: async (lotId: number, itemId: number, version: number) => {
    await sendJson<unknown>(`${orderItemsUrl(lotId)}/${itemId}?version=${version}`, 'DELETE');
  },
  /** Places the order: the PlaceOrder transition of the lot (its guard needs saved items). */
  placeOrder: (lot: Pick<OrderLot, 'projectUnitID' | 'version'>, action: Pick<UnitAction, 'action' | 'requirements'>) =>
    projectMethods.applyTransition({
      call: 'transition',
      unitId: lot.projectUnitID,
      body: { projectUnitID: lot.projectUnitID, action: action.action, requirements: action.requirements, version: lot.version },
    }),
};

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aacOrderItems, projectUnits } from '../../server/db/schema.js';
import type { AacProduct, LintelProduct } from '../../src/domain/catalogue.js';
import type { AacOrderItem, LintelOrderItem, OrderSummary } from '../../src/domain/orders.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};
let aacLot: number;
let lintelLot: number;

async function unitId(title: string): Promise<number> {
  const [row] = await ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title));
  return row.id;
}
const call = (method: string, login: string | null, path: string, body?: unknown) => ctx.request(method, path, { cookie: login ? cookies[login] : undefined, body });
const messages = async (response: Response) => ((await response.json()) as { messages: { key: string; reference?: string; text: string }[] }).messages;

interface OrderPage<Item, Product> {
  lot: { kind: string; stateKey: string };
  editable: boolean;
  placeOrder: { action: string; disabledReason: string | null } | null;
  products: Product[];
  items: Item[];
  summary: OrderSummary<{ totalQty: number; totalPallets: number; length?: number }>;
}
const load = async <Item, Product>(login: string, lot: number) => (await (await call('GET', login, `/api/orders/${lot}`)).json()) as OrderPage<Item, Product>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'partner', 'admin']) cookies[login] = await ctx.login(login);
  aacLot = await unitId('Wandelemente Bauabschnitt 1');
  lintelLot = await unitId('Stürze Bauabschnitt 1');
});
afterAll(async () => ctx?.close());

describe('GET /api/orders/{lotId}', () => {
  it('answers the AAC lot with catalogue, rows, summary and the customer’s PlaceOrder task', async () => {
    const page = await load<AacOrderItem, AacProduct>('customer', aacLot);
    expect(page.lot).toMatchObject({ kind: 'aac', stateKey: 'PlaceOrder' });
    expect(page.editable).toBe(true);
    expect(page.placeOrder).toMatchObject({ action: 'PlaceOrder', disabledReason: null });
    expect(page.items.map((item) => [item.itemIndex, item.itemLength, item.qty])).toEqual([
      [1, 3, 24],
      [2, 2.76, 30],
      [3, 2.5, 16],
    ]);
    // PE 300: 10 per pallet → 3 + 3; PE 175: 18 per pallet → 1. Seven pallets: a small volume.
    expect(page.summary).toMatchObject({ totalQty: 70, totalPallets: 7, smallVolume: true });
    expect(page.summary.lines.map((line) => line.length)).toEqual([2760, 3000, 2500]);
  });

  it('is read-only for a member without the task, 404 for an outsider, 422 for another unit type', async () => {
    const staffView = await load<AacOrderItem, AacProduct>('staff', aacLot);
    expect(staffView.editable).toBe(false);
    expect((await call('GET', 'partner', `/api/orders/${await unitId('Stürze Haus A und B')}`)).status).toBe(200);
    expect((await call('GET', 'partner', `/api/orders/${await unitId('Verdieping 1-4')}`)).status).toBe(404);
    expect((await call('GET', 'customer', `/api/orders/${await unitId('Bauabschnitt 1')}`)).status).toBe(422);
    expect((await call('GET', null, `/api/orders/${aacLot}`)).status).toBe(401);
  });
});

describe('AAC rows', () => {
  it('creates a valid row (length in m on the 20 mm step) and counts it on the lot', async () => {
    const response = await call('POST', 'customer', `/api/orders/${aacLot}/items`, { sublotName: 'Klasse 1.03', floorName: 'EG', productNo: 1, itemLength: 2.52, qty: 14 });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ itemIndex: 4, productNo: 1, itemLength: 2.52, qty: 14, version: 1 });
    const [lot] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.id, aacLot));
    expect(lot.itemCount).toBe(4);
  });

  it('refuses bad rows with field messages and writes nothing', async () => {
    const before = (await ctx.db.select().from(aacOrderItems).where(eq(aacOrderItems.unitId, aacLot))).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productNo: 0, itemLength: 2.51, qty: 1 }, 'itemLength', 'ORDERS.Errors.LengthStep'],
      [{ productNo: 2, itemLength: 5.5, qty: 1 }, 'itemLength', 'ORDERS.Errors.LengthRange'],
      [{ productNo: 0, itemLength: 0.98, qty: 1 }, 'itemLength', 'ORDERS.Errors.LengthRange'],
      [{ productNo: 0, itemLength: 3, qty: 0 }, 'qty', 'ORDERS.Errors.QtyMin'],
      [{ productNo: 0, itemLength: 3, qty: 1.5 }, 'qty', 'ORDERS.Errors.QtyWhole'],
      [{ productNo: 7, itemLength: 3, qty: 1 }, 'productNo', 'ORDERS.Errors.ProductUnknown'],
      [{ productNo: 0, itemLength: '3', qty: 1 }, 'itemLength', 'VALIDATION.InvalidValue'],
      [{ productNo: 0, itemLength: 3, qty: 1, sublotName: 'x'.repeat(101) }, 'sublotName', 'VALIDATION.TooLong'],
    ];
    for (const [body, reference, key] of cases) {
      const response = await call('POST', 'customer', `/api/orders/${aacLot}/items`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const [message] = await messages(response);
      expect(message.reference, JSON.stringify(body)).toBe(reference);
      if (!key.startsWith('VALIDATION.InvalidValue')) expect(message.key, JSON.stringify(body)).toBe(key);
      expect(message.text).not.toBe(message.key);
    }
    expect((await ctx.db.select().from(aacOrderItems).where(eq(aacOrderItems.unitId, aacLot))).length).toBe(before);
  });

  it('refuses writers without the PlaceOrder task (403)', async () => {
    const response = await call('POST', 'staff', `/api/orders/${aacLot}/items`, { productNo: 0, itemLength: 3, qty: 1 });
    expect(response.status).toBe(403);
    expect((await messages(response))[0].key).toBe('ORDERS.Errors.NotEditable');
  });

  it('updates with the loaded version; a stale version is 409 and nothing is overwritten', async () => {
    const page = await load<AacOrderItem, AacProduct>('customer', aacLot);
    const item = page.items[0];
    const first = await call('PUT', 'customer', `/api/orders/${aacLot}/items/${item.id}`, { ...strip(item), qty: 26 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ qty: 26, version: item.version + 1 });
    // A second session still holding the old version.
    const second = await call('PUT', 'customer', `/api/orders/${aacLot}/items/${item.id}`, { ...strip(item), qty: 99 });
    expect(second.status).toBe(409);
    expect((await messages(second))[0].key).toBe('ORDERS.Errors.Conflict');
    const [row] = await ctx.db.select().from(aacOrderItems).where(eq(aacOrderItems.id, item.id));
    expect(row.qty).toBe(26);
    expect((await call('PUT', 'customer', `/api/orders/${aacLot}/items/${item.id}`, { ...strip(item), version: undefined })).status).toBe(400);
    const stale = await call('DELETE', 'customer', `/api/orders/${aacLot}/items/${item.id}?version=${item.version}`);
    expect(stale.status).toBe(409);
    expect((await call('DELETE', 'customer', `/api/orders/${aacLot}/items/${item.id}`)).status).toBe(400);
  });

  it('deletes with the current version and recounts; the lot cannot go while it holds items', async () => {
    const page = await load<AacOrderItem, AacProduct>('customer', aacLot);
    const last = page.items.at(-1)!;
    expect((await call('DELETE', 'customer', `/api/orders/${aacLot}/items/${last.id}?version=${last.version}`)).status).toBe(204);
    const [lot] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.id, aacLot));
    expect(lot.itemCount).toBe(page.items.length - 1);
    const removal = await call('DELETE', 'staff', `/api/data/planxchange/projects/${aacLot}`);
    expect(removal.status).toBe(403);
    expect((await messages(removal))[0].key).toBe('PROJECTUNIT.DELETE_ITEMS_FIRST_DIALOG');
  });
});

const strip = (item: AacOrderItem) => ({ sublotName: item.sublotName, floorName: item.floorName, productNo: item.productNo, itemLength: item.itemLength, qty: item.qty, version: item.version });

describe('lintel rows', () => {
  it('derives hasCut and type from the product; refuses a product of another size', async () => {
    const page = await load<LintelOrderItem, LintelProduct>('customer', lintelLot);
    expect(page.items).toHaveLength(4);
    const product = page.products.find((p) => p.thickness === 240 && p.length === 2000 && p.height === 249)!;
    let response = await call('POST', 'customer', `/api/orders/${lintelLot}/items`, { thickness: 240, length: 1900, height: 249, productID: product.id, qty: 3 });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ hasCut: true, lintelType: 'other', productID: product.id, length: 1900 });
    response = await call('POST', 'customer', `/api/orders/${lintelLot}/items`, { thickness: 175, length: 1900, height: 249, productID: product.id, qty: 3 });
    expect(response.status).toBe(400);
    expect((await messages(response))[0]).toMatchObject({ key: 'ORDERS.Errors.ProductMismatch', reference: 'productID' });
    const summary = (await (await call('GET', 'customer', `/api/orders/${lintelLot}/summary`)).json()) as OrderSummary<unknown>;
    expect(summary.totalQty).toBe(29);
  });
});

describe('placing the order', () => {
  it('needs saved items, moves the lot to Ordered and makes the table read-only', async () => {
    const empty = await unitId('Wandelemente Haus B');
    expect((await load<AacOrderItem, AacProduct>('customer', empty)).editable).toBe(false);
    const response = await call('PUT', 'customer', `/api/data/planxchange/projectunitstates/${aacLot}`, { projectUnitID: aacLot, action: 'PlaceOrder' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ stateKey: 'Ordered' });
    const page = await load<AacOrderItem, AacProduct>('customer', aacLot);
    expect(page.editable).toBe(false);
    expect(page.placeOrder).toBeNull();
    expect((await call('POST', 'customer', `/api/orders/${aacLot}/items`, { productNo: 0, itemLength: 3, qty: 1 })).status).toBe(403);
  });
});

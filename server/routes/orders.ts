import { parseUnitData } from '../../src/domain/projectUnits.js';
import { parseWallNos } from '../../src/domain/deliveries.js';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AacProduct, LintelProduct } from '../../src/domain/catalogue.js';
import { aacItemSchema, aacRowProblems, aacSummary, lintelItemSchema, lintelRowProblems, lintelSummary, ORDER_ITEMS_MAX, ORDER_MESSAGE, type AacItemInput, type AacOrderItem, type LintelItemInput, type LintelOrderItem, type OrderProblem } from '../../src/domain/orders.js';
import type { Db, Tx } from '../db/client.js';
import { aacOrderItems, lintelOrderItems, productTypes, projectUnits } from '../db/schema.js';
import { lastWithCommit } from '../db/transaction-round-trips.js';
import { aacCatalogueOf, lintelCatalogueOf } from '../lib/catalogue.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { lockUnits } from '../lib/locks.js';
import { sessionUser } from '../lib/request.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { type Lot, orderLot, editState, rowsEditable } from '../services/orders.js';
import { checkBody, validOrUndefined } from '../lib/validation.js';

type AacRow = typeof aacOrderItems.$inferSelect;
type LintelRow = typeof lintelOrderItems.$inferSelect;

const toAacItem = (row: AacRow): AacOrderItem => ({
  id: row.id,
  aacOrderLotItemID: row.id,
  projectUnitID: row.unitId,
  itemIndex: row.itemIndex,
  sublotName: row.sublotName,
  floorName: row.floorName,
  productNo: row.productNo,
  itemLength: Number(row.itemLength),
  qty: row.qty,
  version: row.version,
});

const toLintelItem = (row: LintelRow): LintelOrderItem => ({
  id: row.id,
  lintelOrderLotItemID: row.id,
  projectUnitID: row.unitId,
  itemIndex: row.itemIndex,
  sublotName: row.sublotName,
  floorName: row.floorName,
  qty: row.qty,
  hasCut: row.hasCut,
  thickness: row.thickness,
  length: row.length,
  height: row.height,
  productID: row.productId,
  lintelType: row.lintelType,
  version: row.version,
});

async function itemsOf(db: Db | Tx, lot: Lot) {
  const d = db as Db;
  if (lot.kind === 'aac') {
    return (await d.select().from(aacOrderItems).where(eq(aacOrderItems.unitId, lot.access.unit.id)).orderBy(asc(aacOrderItems.itemIndex), asc(aacOrderItems.id))).map(toAacItem);
  }
  return (await d.select().from(lintelOrderItems).where(eq(lintelOrderItems.unitId, lot.access.unit.id)).orderBy(asc(lintelOrderItems.itemIndex), asc(lintelOrderItems.id))).map(toLintelItem);
}

/** The catalogue of the lot's kind only (a round trip less than the whole catalogue, on every row write). */
async function productsOf(db: Db | Tx, lot: Lot): Promise<AacProduct[] | LintelProduct[]> {
  const options = { activeOnly: false };
  return lot.kind === 'aac' ? aacCatalogueOf(db, lot.access.unit.tenantId, options) : lintelCatalogueOf(db, lot.access.unit.tenantId, options);
}

function summaryOf(lot: Lot, items: (AacOrderItem | LintelOrderItem)[], products: AacProduct[] | LintelProduct[]) {
  return lot.kind === 'aac' ? aacSummary(items as AacOrderItem[], products as AacProduct[]) : lintelSummary(items as LintelOrderItem[], products as LintelProduct[]);
}

function refuse(problems: OrderProblem[]): void {
  if (problems.length) throw new ApiError(400, problems.map((problem) => ({ key: problem.key, reference: problem.field, params: problem.params, code: 'InvalidItem' })));
}

const conflict = () => new ApiError(409, [{ key: ORDER_MESSAGE.conflict, code: 'Concurrent' }]);

/** The lot's item count (the deletion rule and the place-order guard read it). */
async function recount(tx: Tx, lot: Lot) {
  const table = lot.kind === 'aac' ? aacOrderItems : lintelOrderItems;
  const [row] = await tx.select({ n: count() }).from(table).where(eq(table.unitId, lot.access.unit.id));
  await tx.update(projectUnits).set({ itemCount: Number(row.n) }).where(eq(projectUnits.id, lot.access.unit.id));
  return Number(row.n);
}

/** Parses and checks a row against the catalogue; lintel rows get hasCut and type from their product. */
function checkedRow(lot: Lot, body: unknown, products: AacProduct[] | LintelProduct[]) {
  if (lot.kind === 'aac') {
    const parsed = checkBody(aacItemSchema, body);
    refuse(aacRowProblems(parsed, products as AacProduct[]));
    const { version, itemIndex, ...fields } = parsed as AacItemInput;
    return { version, itemIndex, fields };
  }
  const parsed = checkBody(lintelItemSchema, body);
  refuse(lintelRowProblems(parsed, products as LintelProduct[]));
  const { version, itemIndex, productID, ...rest } = parsed as LintelItemInput;
  const product = (products as LintelProduct[]).find((candidate) => candidate.id === productID)!;
  const hasCut = product.height !== rest.height || product.length !== rest.length;
  return { version, itemIndex, fields: { ...rest, productId: productID, hasCut, lintelType: product.lintelType } };
}

async function writableLot(c: Context<AppEnv>, tx: Tx) {
  const user = sessionUser(c);
  // One writer per lot at a time, locked before anything is read: item indexes, the count and the PlaceOrder task
  // (a transition placing the order takes the same lock) hold until the commit.
  await lockUnits(tx, [parseId(c.req.param('lotId') ?? '')]);
  const lot = await orderLot(tx, user, c.req.param('lotId'));
  if (!(await rowsEditable(tx, user, lot.access))) throw ApiError.refused(ORDER_MESSAGE.notEditable);
  return lot;
}

/** `GET/POST/PUT/DELETE /api/orders/{lotId}[/items[/{itemId}]]`: the rows of an AAC or lintel order lot. */
export const orderRoutes = new Hono<AppEnv>();

orderRoutes.get('/:lotId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const lot = await orderLot(db, user, c.req.param('lotId'));
  const { unit, root } = lot.access;
  const [parent] = unit.parentId ? await db.select({ title: projectUnits.title }).from(projectUnits).where(eq(projectUnits.id, unit.parentId)) : [];
  const [productType] = unit.productTypeId ? await db.select().from(productTypes).where(eq(productTypes.id, unit.productTypeId)) : [];
  const [items, products] = await Promise.all([itemsOf(db, lot), productsOf(db, lot)]);
  return c.json({
    lot: {
      projectUnitID: unit.id,
      rootProjectUnitID: root.id,
      projectUnitNo: unit.number,
      title: unit.title,
      parentTitle: parent?.title ?? '',
      stateKey: unit.stateKey,
      kind: lot.kind,
      version: unit.version,
      // The header shows the lot's product type in its colours, as the other unit lists do.
      productType: productType?.title ?? null,
      productTypeID: productType?.id ?? null,
      productTypeBGColor: productType?.bgColor ?? null,
      productTypeTextColor: productType?.textColor ?? null,
      // The walls the structure linked to the lot: the order page opens them with their dimensions.
      wallNos: parseWallNos(parseUnitData(unit.data).WallNos),
    },
    ...(await editState(db, user, lot.access)),
    products,
    items,
    summary: summaryOf(lot, items, products),
  });
});

orderRoutes.get('/:lotId/summary', async (c) => {
  const db = c.get('db');
  const lot = await orderLot(db, sessionUser(c), c.req.param('lotId'));
  const [items, products] = await Promise.all([itemsOf(db, lot), productsOf(db, lot)]);
  return c.json(summaryOf(lot, items, products));
});

orderRoutes.post('/:lotId/items', async (c) => {
  const body = await readJsonObject(c.req.raw);
  const item = await c.get('db').transaction(async (tx) => {
    const lot = await writableLot(c, tx);
    const { itemIndex, fields } = checkedRow(lot, { ...body, version: undefined }, await productsOf(tx, lot));
    const table = lot.kind === 'aac' ? aacOrderItems : lintelOrderItems;
    const [{ n, last }] = await tx.select({ n: count(), last: max(table.itemIndex) }).from(table).where(eq(table.unitId, lot.access.unit.id));
    if (Number(n) >= ORDER_ITEMS_MAX) throw new ApiError(409, [{ key: ORDER_MESSAGE.tooManyItems, params: { max: ORDER_ITEMS_MAX } }]);
    const values = { unitId: lot.access.unit.id, itemIndex: itemIndex ?? (last ?? 0) + 1, ...fields };
    const [row] =
      lot.kind === 'aac'
        ? (await tx.insert(aacOrderItems).values(values as typeof aacOrderItems.$inferInsert).returning()).map(toAacItem)
        : (await tx.insert(lintelOrderItems).values(values as typeof lintelOrderItems.$inferInsert).returning()).map(toLintelItem);
    await recount(tx, lot);
    return row;
  });
  return c.json(item, 201);
});

orderRoutes.put('/:lotId/items/:itemId', async (c) => {
  const body = await readJsonObject(c.req.raw);
  if (typeof body.version !== 'number') throw ApiError.badRequest('VALIDATION.IsRequired', 'version');
  const item = await c.get('db').transaction(async (tx) => {
    const lot = await writableLot(c, tx);
    const { version, itemIndex, fields } = checkedRow(lot, body, await productsOf(tx, lot));
    const itemId = parseId(c.req.param('itemId'));
    const table = lot.kind === 'aac' ? aacOrderItems : lintelOrderItems;
    const where = and(eq(table.id, itemId), eq(table.unitId, lot.access.unit.id), eq(table.version, version!));
    const set = { ...fields, ...(itemIndex ? { itemIndex } : {}), version: sql`${table.version} + 1`, updatedAt: new Date() };
    // The write's last statement, sent with the commit (a version that no longer matched wrote nothing: 409).
    const rows = await lastWithCommit(tx, async () =>
      lot.kind === 'aac'
        ? (await tx.update(aacOrderItems).set(set as never).where(where).returning()).map(toAacItem)
        : (await tx.update(lintelOrderItems).set(set as never).where(where).returning()).map(toLintelItem),
    );
    if (!rows.length) throw conflict();
    return rows[0];
  });
  return c.json(item);
});

orderRoutes.delete('/:lotId/items/:itemId', async (c) => {
  const version = validOrUndefined(z.coerce.number().int().positive(), c.req.query('version'));
  if (version === undefined) throw ApiError.badRequest('VALIDATION.IsRequired', 'version');
  await c.get('db').transaction(async (tx) => {
    const lot = await writableLot(c, tx);
    const table = lot.kind === 'aac' ? aacOrderItems : lintelOrderItems;
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.id, parseId(c.req.param('itemId'))), eq(table.unitId, lot.access.unit.id), eq(table.version, version)))
      .returning({ id: table.id });
    if (!deleted.length) throw conflict();
    await recount(tx, lot);
  });
  return c.body(null, 204);
});

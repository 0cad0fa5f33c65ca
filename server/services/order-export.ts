/**
 * The orders export (CSV), paged through the lots so memory stays bounded.
 */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import type { SessionUser } from '../../src/domain/user.js';
import { canExportOrders, orderExportQuerySchema } from '../../src/domain/webhooks.js';
import type { Db } from '../db/client.js';
import { aacOrderItems, aacProducts, lintelOrderItems, lintelProducts, projectUnitJournal, projectUnits, tenants, users } from '../db/schema.js';
import { ApiError, fromZod } from '../lib/errors.js';

/** Lots per database round; the export never holds more than one page of lots and their lines in memory. */
export const exportPaging = { lotsPerPage: 200 };

export const ORDER_EXPORT_COLUMNS = [
  'tenantID', 'tenant', 'rootProjectUnitID', 'projectNo', 'projectTitle', 'lotID', 'lotNo', 'lotTitle', 'orderNumber', 'kind',
  'stateKey', 'placedAt', 'placedBy', 'itemIndex', 'sublotName', 'floorName', 'productNo', 'articleOrItemNo', 'productTitle',
  'lengthMm', 'thicknessMm', 'heightMm', 'qty', 'hasCut', 'lintelType',
] as const;

type ExportRow = Record<(typeof ORDER_EXPORT_COLUMNS)[number], string | number | boolean | null>;

/** A cell that a spreadsheet would read as a formula gets a leading apostrophe. */
const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

interface Filter {
  tenantIds?: number[];
  from?: string;
  to?: string;
  kind?: 'aac' | 'lintel';
}

const placed = () =>
  sql`(select ${projectUnitJournal.unitId} as unit_id, date_trunc('milliseconds', max(${projectUnitJournal.createdAt})) as placed_at from ${projectUnitJournal} where ${projectUnitJournal.action} = 'PlaceOrder' group by ${projectUnitJournal.unitId})`;

/** One page of placed lots after the keyset (placedAt, id). */
export async function lotPage(db: Db, filter: Filter, after: { placedAt: string; id: number } | null) {
  const root = alias(projectUnits, 'root_unit');
  const placedAt = sql<string>`to_char(p.placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const conditions: (SQL | undefined)[] = [
    inArray(projectUnits.type, filter.kind ? [`${filter.kind}orderlot`] : ['aacorderlot', 'lintelorderlot']),
    filter.tenantIds ? inArray(projectUnits.tenantId, filter.tenantIds.length ? filter.tenantIds : [-1]) : undefined,
    filter.from ? sql`p.placed_at >= ${filter.from}::date` : undefined,
    filter.to ? sql`p.placed_at < ${filter.to}::date + 1` : undefined,
    after ? or(sql`p.placed_at > ${after.placedAt}::timestamptz`, and(sql`p.placed_at = ${after.placedAt}::timestamptz`, gt(projectUnits.id, after.id))) : undefined,
  ];
  return db
    .select({ lot: projectUnits, root: { id: root.id, number: root.number, title: root.title }, tenant: tenants.name, placedAt })
    .from(projectUnits)
    .innerJoin(sql`${placed()} p`, sql`p.unit_id = ${projectUnits.id}`)
    .innerJoin(root, eq(root.id, projectUnits.rootId))
    .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
    .where(and(...conditions))
    .orderBy(sql`p.placed_at`, asc(projectUnits.id))
    .limit(exportPaging.lotsPerPage);
}

/** Who placed each lot's order (the latest PlaceOrder journal entry). */
async function placers(db: Db, lotIds: number[]) {
  if (!lotIds.length) return new Map<number, string>();
  const rows = await db
    .selectDistinctOn([projectUnitJournal.unitId], { unitId: projectUnitJournal.unitId, login: users.login })
    .from(projectUnitJournal)
    .leftJoin(users, eq(users.id, projectUnitJournal.userId))
    .where(and(inArray(projectUnitJournal.unitId, lotIds), eq(projectUnitJournal.action, 'PlaceOrder')))
    .orderBy(projectUnitJournal.unitId, sql`${projectUnitJournal.createdAt} desc`);
  return new Map(rows.map((row) => [row.unitId, row.login ?? '']));
}

export async function pageRows(db: Db, lots: Awaited<ReturnType<typeof lotPage>>): Promise<ExportRow[]> {
  const ids = lots.map((entry) => entry.lot.id);
  const [aac, lintel, by] = await Promise.all([
    db
      .select({ item: aacOrderItems, product: aacProducts })
      .from(aacOrderItems)
      .innerJoin(projectUnits, eq(projectUnits.id, aacOrderItems.unitId))
      .leftJoin(aacProducts, and(eq(aacProducts.tenantId, projectUnits.tenantId), eq(aacProducts.productNo, aacOrderItems.productNo)))
      .where(inArray(aacOrderItems.unitId, ids))
      .orderBy(asc(aacOrderItems.itemIndex), asc(aacOrderItems.id)),
    db
      .select({ item: lintelOrderItems, product: lintelProducts })
      .from(lintelOrderItems)
      .leftJoin(lintelProducts, eq(lintelProducts.id, lintelOrderItems.productId))
      .where(inArray(lintelOrderItems.unitId, ids))
      .orderBy(asc(lintelOrderItems.itemIndex), asc(lintelOrderItems.id)),
    placers(db, ids),
  ]);
  const rows: ExportRow[] = [];
  for (const { lot, root, tenant, placedAt } of lots) {
    const head = {
      tenantID: lot.tenantId,
      tenant,
      rootProjectUnitID: root.id,
      projectNo: root.number,
      projectTitle: root.title,
      lotID: lot.id,
      lotNo: lot.number,
      lotTitle: lot.title,
      orderNumber: parseUnitData(lot.data).OrderNumber ?? '',
      kind: lot.type === 'aacorderlot' ? 'aac' : 'lintel',
      stateKey: lot.stateKey,
      placedAt,
      placedBy: by.get(lot.id) ?? '',
    };
    for (const { item, product } of aac.filter((entry) => entry.item.unitId === lot.id)) {
      rows.push({ ...head, itemIndex: item.itemIndex, sublotName: item.sublotName, floorName: item.floorName, productNo: item.productNo, articleOrItemNo: product?.articleNo ?? '', productTitle: product?.title ?? '', lengthMm: Math.round(Number(item.itemLength) * 1000), thicknessMm: product?.thickness ?? null, heightMm: null, qty: item.qty, hasCut: null, lintelType: null });
    }
    for (const { item, product } of lintel.filter((entry) => entry.item.unitId === lot.id)) {
      rows.push({ ...head, itemIndex: item.itemIndex, sublotName: item.sublotName, floorName: item.floorName, productNo: item.productId, articleOrItemNo: product?.itemNo ?? '', productTitle: product?.title ?? '', lengthMm: item.length, thicknessMm: item.thickness, heightMm: item.height, qty: item.qty, hasCut: item.hasCut, lintelType: item.lintelType });
    }
  }
  return rows;
}

export function toCsv(rows: ExportRow[], header: boolean): string {
  return stringify(rows, { header, columns: [...ORDER_EXPORT_COLUMNS], cast: { string: safeCell, boolean: (value) => (value ? 'true' : 'false') } });
}

/** The export's filter for this user: admins any tenant, internal staff their own tenants (403 otherwise). */
export function exportFilter(user: SessionUser, query: Record<string, string>): Filter {
  const parsed = orderExportQuerySchema.safeParse(query);
  if (!parsed.success) throw fromZod(parsed.error);
  const { tenantID, from, to, kind } = parsed.data;
  if (!canExportOrders(user, tenantID)) throw ApiError.refused('EXPORTS.Errors.NotAllowed');
  const tenantIds = tenantID !== undefined ? [tenantID] : user.isAdmin ? undefined : user.tenantIds;
  return { tenantIds, from, to, kind };
}

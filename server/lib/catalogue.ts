import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AacProduct, LintelProduct } from '../../src/domain/catalogue.js';
import type { Db, Tx } from '../db/client.js';
import { aacProducts, lintelProducts } from '../db/schema.js';

export type AacRow = typeof aacProducts.$inferSelect & { tenantName: string };
export type LintelRow = typeof lintelProducts.$inferSelect & { tenantName: string };

/** The tenant's name selected with every product (qualified: drizzle leaves single-table columns unqualified). */
export const tenantName = (table: 'aac_products' | 'lintel_products') =>
  sql<string>`(select t.name from tenants t where t.id = ${sql.raw(`"${table}"."tenant_id"`)})`;

export function toAacProduct(row: AacRow): AacProduct {
  return {
    id: row.id,
    tenantID: row.tenantId,
    tenantName: row.tenantName,
    productNo: row.productNo,
    articleNo: row.articleNo,
    title: row.title,
    value: row.value,
    thickness: row.thickness,
    width: row.width,
    minLength: row.minLength,
    maxLength: row.maxLength,
    unitsPerPallet: row.unitsPerPallet,
    price: row.price === null ? null : Number(row.price),
    active: row.active,
  };
}

export function toLintelProduct(row: LintelRow): LintelProduct {
  return {
    id: row.id,
    tenantID: row.tenantId,
    tenantName: row.tenantName,
    itemNo: row.itemNo,
    title: row.title,
    value: row.value,
    height: row.height,
    thickness: row.thickness,
    length: row.length,
    lintelType: row.lintelType as LintelProduct['lintelType'],
    unitsPerPallet: row.unitsPerPallet,
    price: row.price === null ? null : Number(row.price),
    active: row.active,
  };
}

/** A tenant's AAC products by product number (the AAC order table's catalogue). */
export async function aacCatalogueOf(db: Db | Tx, tenantId: number, options: { activeOnly: boolean }): Promise<AacProduct[]> {
  const rows = await (db as Db)
    .select({ ...getTableColumns(aacProducts), tenantName: tenantName('aac_products') })
    .from(aacProducts)
    .where(and(eq(aacProducts.tenantId, tenantId), options.activeOnly ? eq(aacProducts.active, true) : undefined))
    .orderBy(asc(aacProducts.productNo));
  return rows.map(toAacProduct);
}

/** A tenant's lintels by size (the lintel order table's catalogue). */
export async function lintelCatalogueOf(db: Db | Tx, tenantId: number, options: { activeOnly: boolean }): Promise<LintelProduct[]> {
  const rows = await (db as Db)
    .select({ ...getTableColumns(lintelProducts), tenantName: tenantName('lintel_products') })
    .from(lintelProducts)
    .where(and(eq(lintelProducts.tenantId, tenantId), options.activeOnly ? eq(lintelProducts.active, true) : undefined))
    .orderBy(asc(lintelProducts.thickness), asc(lintelProducts.length), asc(lintelProducts.height), asc(lintelProducts.itemNo));
  return rows.map(toLintelProduct);
}

/** A tenant's catalogue as the order tables read it (AAC by product number, lintels by size). */
export async function catalogueOf(db: Db | Tx, tenantId: number, options: { activeOnly: boolean }): Promise<{ aac: AacProduct[]; lintel: LintelProduct[] }> {
  return { aac: await aacCatalogueOf(db, tenantId, options), lintel: await lintelCatalogueOf(db, tenantId, options) };
}

/**
 * The AAC and lintel product catalogues as REST resources (the administration's lists and the bulk import).
 */
import { and, eq, ilike, ne, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { aacLengthsAreOrdered, aacProductCreateSchema, aacProductUpdateSchema, CATALOGUE_MESSAGE, LINTEL_TYPES, lintelProductCreateSchema, lintelProductUpdateSchema, type AacProductInput, type LintelProductInput } from '../../src/domain/catalogue.js';
import type { Tx } from '../db/client.js';
import { aacProducts, lintelProducts, tenants } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { containsPattern } from '../lib/rest-query.js';
import type { ResourceDefinition } from '../lib/rest.js';
import { tenantName, toAacProduct, toLintelProduct, type AacRow, type LintelRow } from '../lib/catalogue.js';

/** An unknown tenant is a 422 naming the field (not the database's generic foreign-key message). */
async function requireTenant(tx: Tx, tenantId: number): Promise<void> {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw new ApiError(422, [{ key: 'CATALOGUE.UnknownTenant', reference: 'tenantID' }]);
}

/** Per-tenant uniqueness, checked first for a message naming the field; the unique indexes stay the last word. */
async function requireUnique(
  tx: Tx,
  check: { table: PgTable; id: PgColumn; tenant: PgColumn; column: PgColumn },
  tenantId: number,
  value: string | number,
  field: string,
  exceptId?: number,
): Promise<void> {
  const where = and(eq(check.tenant, tenantId), eq(check.column, value), exceptId === undefined ? undefined : ne(check.id, exceptId));
  const [row] = await tx.select({ id: check.id }).from(check.table).where(where).limit(1);
  if (row) throw new ApiError(409, [{ key: `CATALOGUE.Duplicate.${field}`, reference: field, params: { value } }]);
}

const flag = { schema: z.boolean() };

/** numeric(12,2) travels as text: exact, never a float. */
const priceText = (price: number | null | undefined) => (price === null || price === undefined ? null : price.toFixed(2));

const millimetreFilter = { schema: z.number().int() };

const aacUnique = (column: PgColumn) => ({ table: aacProducts, id: aacProducts.id, tenant: aacProducts.tenantId, column });

async function checkAac(tx: Tx, input: AacProductInput, exceptId?: number): Promise<void> {
  await requireTenant(tx, input.tenantID);
  await requireUnique(tx, aacUnique(aacProducts.productNo), input.tenantID, input.productNo, 'productNo', exceptId);
  await requireUnique(tx, aacUnique(aacProducts.articleNo), input.tenantID, input.articleNo, 'articleNo', exceptId);
}

export function aacValues(input: AacProductInput): typeof aacProducts.$inferInsert {
  const { tenantID, price, ...fields } = input;
  return { ...fields, price: priceText(price), tenantId: tenantID };
}

export const aacProductsDefinition: ResourceDefinition = {
  name: 'aacproducts',
  table: aacProducts,
  id: aacProducts.id,
  sortable: {
    id: aacProducts.id,
    tenantID: aacProducts.tenantId,
    productNo: aacProducts.productNo,
    articleNo: aacProducts.articleNo,
    title: aacProducts.title,
    value: aacProducts.value,
    thickness: aacProducts.thickness,
    width: aacProducts.width,
    minLength: aacProducts.minLength,
    maxLength: aacProducts.maxLength,
    unitsPerPallet: aacProducts.unitsPerPallet,
    price: aacProducts.price,
    active: aacProducts.active,
  },
  defaultSort: ['tenantID', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(aacProducts.tenantId, value) },
    active: { ...flag, where: (value: boolean) => eq(aacProducts.active, value) },
    productNo: { schema: z.number().int(), where: (value: number) => eq(aacProducts.productNo, value) },
    thickness: { ...millimetreFilter, where: (value: number) => eq(aacProducts.thickness, value) },
  },
  search: (q) =>
    or(ilike(aacProducts.title, containsPattern(q)), ilike(aacProducts.articleNo, containsPattern(q)), ilike(aacProducts.value, containsPattern(q))),
  columns: () => ({ tenantName: tenantName('aac_products') }),
  toRecords: async (_db, rows) => (rows as AacRow[]).map(toAacProduct) as never,
  create: {
    schema: aacProductCreateSchema,
    write: async (tx, input: AacProductInput) => {
      await checkAac(tx, input);
      const [row] = await tx.insert(aacProducts).values(aacValues(input)).returning({ id: aacProducts.id });
      return row.id;
    },
  },
  update: {
    schema: aacProductUpdateSchema,
    write: async (tx, id, input: Partial<AacProductInput>, existing) => {
      const { id: _id, tenantName: _name, ...stored } = toAacProduct(existing as AacRow);
      const merged = { ...stored, ...input };
      if (!aacLengthsAreOrdered(merged)) throw ApiError.badRequest(CATALOGUE_MESSAGE.maxBelowMin, 'maxLength');
      await checkAac(tx, merged, id);
      await tx
        .update(aacProducts)
        .set({ ...aacValues(merged), updatedAt: new Date() })
        .where(eq(aacProducts.id, id));
    },
  },
  remove: async (tx, id) => {
    await tx.delete(aacProducts).where(eq(aacProducts.id, id));
  },
};

export function lintelValues(input: LintelProductInput): typeof lintelProducts.$inferInsert {
  const { tenantID, price, ...fields } = input;
  return { ...fields, price: priceText(price), tenantId: tenantID };
}

async function checkLintel(tx: Tx, input: LintelProductInput, exceptId?: number): Promise<void> {
  await requireTenant(tx, input.tenantID);
  const unique = { table: lintelProducts, id: lintelProducts.id, tenant: lintelProducts.tenantId, column: lintelProducts.itemNo };
  await requireUnique(tx, unique, input.tenantID, input.itemNo, 'itemNo', exceptId);
}

export const lintelProductsDefinition: ResourceDefinition = {
  name: 'lintelproducts',
  table: lintelProducts,
  id: lintelProducts.id,
  sortable: {
    id: lintelProducts.id,
    tenantID: lintelProducts.tenantId,
    itemNo: lintelProducts.itemNo,
    title: lintelProducts.title,
    value: lintelProducts.value,
    height: lintelProducts.height,
    thickness: lintelProducts.thickness,
    length: lintelProducts.length,
    lintelType: lintelProducts.lintelType,
    unitsPerPallet: lintelProducts.unitsPerPallet,
    price: lintelProducts.price,
    active: lintelProducts.active,
  },
  defaultSort: ['tenantID', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(lintelProducts.tenantId, value) },
    active: { ...flag, where: (value: boolean) => eq(lintelProducts.active, value) },
    thickness: { ...millimetreFilter, where: (value: number) => eq(lintelProducts.thickness, value) },
    length: { ...millimetreFilter, where: (value: number) => eq(lintelProducts.length, value) },
    height: { ...millimetreFilter, where: (value: number) => eq(lintelProducts.height, value) },
    lintelType: { schema: z.enum(LINTEL_TYPES), where: (value: string) => eq(lintelProducts.lintelType, value) },
  },
  search: (q) =>
    or(ilike(lintelProducts.title, containsPattern(q)), ilike(lintelProducts.itemNo, containsPattern(q)), ilike(lintelProducts.value, containsPattern(q))),
  columns: () => ({ tenantName: tenantName('lintel_products') }),
  toRecords: async (_db, rows) => (rows as LintelRow[]).map(toLintelProduct) as never,
  create: {
    schema: lintelProductCreateSchema,
    write: async (tx, input: LintelProductInput) => {
      await checkLintel(tx, input);
      const [row] = await tx.insert(lintelProducts).values(lintelValues(input)).returning({ id: lintelProducts.id });
      return row.id;
    },
  },
  update: {
    schema: lintelProductUpdateSchema,
    write: async (tx, id, input: Partial<LintelProductInput>, existing) => {
      const { id: _id, tenantName: _name, ...stored } = toLintelProduct(existing as LintelRow);
      const merged = { ...stored, ...input };
      await checkLintel(tx, merged, id);
      await tx
        .update(lintelProducts)
        .set({ ...lintelValues(merged), updatedAt: new Date() })
        .where(eq(lintelProducts.id, id));
    },
  },
  remove: async (tx, id) => {
    await tx.delete(lintelProducts).where(eq(lintelProducts.id, id));
  },
};

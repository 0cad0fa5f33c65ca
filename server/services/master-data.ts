/**
 * Plants and product types as REST resources, and the tenant checks other administration resources share.
 */
import { count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  plantCreateSchema,
  plantUpdateSchema,
  productTypeCreateSchema,
  productTypeUpdateSchema,
  type Plant,
  type PlantInput,
  type ProductType,
  type ProductTypeInput,
} from '../../src/domain/masterData.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Tx } from '../db/client.js';
import { plants, productTypes, projectUnits, salesOrganisations, tenants } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { ResourceDefinition } from '../lib/rest.js';
import { containsPattern } from '../lib/rest-query.js';

type PlantRow = typeof plants.$inferSelect;

type ProductTypeRow = typeof productTypes.$inferSelect;

/** Administrators see every row; internal staff those of their tenants (the other screens need them). */
function ofUserTenants(column: typeof plants.tenantId | typeof productTypes.tenantId) {
  return (user: SessionUser): SQL | undefined => {
    if (user.isAdmin) return undefined;
    return user.tenantIds.length ? inArray(column, user.tenantIds) : eq(column, -1);
  };
}

/** The tenant named on create must exist: 422 naming the field otherwise. */
export async function requireTenant(tx: Tx, tenantId: number): Promise<void> {
  const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new ApiError(422, [{ key: 'ADMIN.MasterData.UnknownTenant', reference: 'tenantID' }]);
}

/** A record stays with its tenant: units, preliminary days and sales organisations refer to it within that tenant. */
export function keepTenant(input: { tenantID?: number }, existingTenantId: number): void {
  if (input.tenantID !== undefined && input.tenantID !== existingTenantId) {
    throw ApiError.badRequest('ADMIN.MasterData.TenantFixed', 'tenantID');
  }
}

async function unitsUsing(tx: Tx, where: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(projectUnits).where(where);
  return Number(row.n);
}

export const plantsDefinition: ResourceDefinition = {
  name: 'plants',
  table: plants,
  id: plants.id,
  sortable: { id: plants.id, plantID: plants.id, name: plants.name, tenantID: plants.tenantId },
  defaultSort: ['name', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(plants.tenantId, value) },
  },
  search: (q) => ilike(plants.name, containsPattern(q)),
  scope: ofUserTenants(plants.tenantId),
  readOnlyFields: ['plantID'],
  version: plants.version,
  toRecords: async (_db, rows) =>
    (rows as PlantRow[]).map((row): Plant => ({ id: row.id, plantID: row.id, name: row.name, tenantID: row.tenantId, version: row.version })),
  create: {
    schema: plantCreateSchema,
    write: async (tx, input: PlantInput) => {
      await requireTenant(tx, input.tenantID);
      const [row] = await tx.insert(plants).values({ name: input.name, tenantId: input.tenantID }).returning({ id: plants.id });
      return row.id;
    },
  },
  update: {
    schema: plantUpdateSchema,
    write: async (tx, id, input: Partial<PlantInput>, existing) => {
      keepTenant(input, (existing as PlantRow).tenantId);
      if (input.name !== undefined) await tx.update(plants).set({ name: input.name, updatedAt: new Date() }).where(eq(plants.id, id));
    },
  },
  // Preliminary-days rows of the plant go with it; a plant that units or a sales organisation (default plant) use stays.
  remove: async (tx, id) => {
    const units = await unitsUsing(tx, eq(projectUnits.plantId, id));
    if (units) throw ApiError.conflict('ADMIN.Plants.UsedByUnits', { count: units });
    const orgs = await tx.select({ key: salesOrganisations.key }).from(salesOrganisations).where(eq(salesOrganisations.defaultPlantId, id));
    if (orgs.length) throw ApiError.conflict('ADMIN.Plants.DefaultOfSalesOrgs', { keys: orgs.map((org) => org.key).join(', ') });
    await tx.delete(plants).where(eq(plants.id, id));
  },
};

export const productTypesDefinition: ResourceDefinition = {
  name: 'producttypes',
  table: productTypes,
  id: productTypes.id,
  sortable: { id: productTypes.id, productTypeID: productTypes.id, title: productTypes.title, tenantID: productTypes.tenantId },
  defaultSort: ['title', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(productTypes.tenantId, value) },
  },
  search: (q) => ilike(productTypes.title, containsPattern(q)),
  scope: ofUserTenants(productTypes.tenantId),
  readOnlyFields: ['productTypeID'],
  version: productTypes.version,
  toRecords: async (_db, rows) =>
    (rows as ProductTypeRow[]).map(
      (row): ProductType => ({ id: row.id, productTypeID: row.id, title: row.title, bgColor: row.bgColor, textColor: row.textColor, tenantID: row.tenantId, version: row.version }),
    ),
  create: {
    schema: productTypeCreateSchema,
    write: async (tx, input: ProductTypeInput) => {
      await requireTenant(tx, input.tenantID);
      const [row] = await tx
        .insert(productTypes)
        .values({ title: input.title, bgColor: input.bgColor.toLowerCase(), textColor: input.textColor.toLowerCase(), tenantId: input.tenantID })
        .returning({ id: productTypes.id });
      return row.id;
    },
  },
  update: {
    schema: productTypeUpdateSchema,
    write: async (tx, id, input: Partial<ProductTypeInput>, existing) => {
      keepTenant(input, (existing as ProductTypeRow).tenantId);
      const { tenantID: _, bgColor, textColor, ...fields } = input;
      const changes: Partial<typeof productTypes.$inferInsert> = { ...fields, updatedAt: new Date() };
      if (bgColor) changes.bgColor = bgColor.toLowerCase();
      if (textColor) changes.textColor = textColor.toLowerCase();
      await tx.update(productTypes).set(changes).where(eq(productTypes.id, id));
    },
  },
  remove: async (tx, id) => {
    const units = await unitsUsing(tx, eq(projectUnits.productTypeId, id));
    if (units) throw ApiError.conflict('ADMIN.ProductTypes.UsedByUnits', { count: units });
    await tx.delete(productTypes).where(eq(productTypes.id, id));
  },
};

import { count, eq, ilike, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { canAccess } from '../../src/domain/permissions.js';
import { PROJECT_FEATURES } from '../../src/domain/projectUnits.js';
import {
  TENANT_FEATURES,
  TENANT_TYPES,
  tenantCreateSchema,
  tenantUpdateSchema,
  type Tenant,
  type TenantInput,
} from '../../src/domain/tenants.js';
import type { Db, Tx } from '../db/client.js';
import { plants, productTypes, projectUnits, salesOrganisations, tenants, userTenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { readBrandImage } from '../lib/brand-image.js';
import { ApiError } from '../lib/errors.js';
import { restResource } from '../lib/rest.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { sanitizeHtml } from '../../src/domain/sanitizeHtml.js';
import { tenantLogoKey } from '../services/tenant-logos.js';

type TenantRow = typeof tenants.$inferSelect;

export function tenantRecord(row: TenantRow): Tenant {
  return {
    id: row.id,
    tenantID: row.id,
    name: row.name,
    type: row.type as Tenant['type'],
    features: row.features as Tenant['features'],
    projectFeatureDefaults: row.projectFeatureDefaults as Tenant['projectFeatureDefaults'],
    infoHtml: row.infoHtml,
    hasLogo: row.hasLogo,
    // The logo route's cache lasts a year with `ts`; every logo change touches updatedAt.
    logoUrl: row.hasLogo ? `/api/data/planxchange/tenantfiles/${row.id}/thumbnail.png?ts=${row.updatedAt.getTime()}` : '',
    version: row.version,
  };
}

/** Flags in the order of their list, each once (the form may send them in click order). */
const ordered = <T extends string>(known: readonly T[], flags: readonly string[]) => known.filter((flag) => flags.includes(flag));

/** The stored columns of a tenant input; the information text is stored sanitised. */
function tenantColumns(input: Partial<TenantInput>): Partial<typeof tenants.$inferInsert> {
  const columns: Partial<typeof tenants.$inferInsert> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.type !== undefined) columns.type = input.type;
  if (input.features !== undefined) columns.features = ordered(TENANT_FEATURES, input.features);
  if (input.projectFeatureDefaults !== undefined) columns.projectFeatureDefaults = ordered(PROJECT_FEATURES, input.projectFeatureDefaults);
  if (input.infoHtml !== undefined) columns.infoHtml = sanitizeHtml(input.infoHtml);
  return columns;
}

/** What still refers to a tenant, one message per kind; the database refuses the rest (409 too). */
async function tenantReferences(tx: Tx, id: number) {
  const counted = async (table: typeof projectUnits | typeof salesOrganisations | typeof plants | typeof productTypes | typeof userTenants, key: string) => {
    const [row] = await tx.select({ n: count() }).from(table).where(eq(table.tenantId, id));
    return Number(row.n) ? [{ key, params: { count: Number(row.n) } }] : [];
  };
  return [
    ...(await counted(projectUnits, 'ADMIN.Tenants.HasProjects')),
    ...(await counted(salesOrganisations, 'ADMIN.Tenants.HasSalesOrgs')),
    ...(await counted(plants, 'ADMIN.Tenants.HasPlants')),
    ...(await counted(productTypes, 'ADMIN.Tenants.HasProductTypes')),
    ...(await counted(userTenants, 'ADMIN.Tenants.HasUsers')),
  ];
}

const tenantsRest = restResource({
  name: 'tenants',
  table: tenants,
  id: tenants.id,
  sortable: { id: tenants.id, tenantID: tenants.id, name: tenants.name, type: tenants.type },
  defaultSort: ['name', 'ASC'],
  filters: {
    type: { schema: z.enum(TENANT_TYPES), where: (value: string) => eq(tenants.type, value) },
    feature: { schema: z.enum(TENANT_FEATURES), where: (value: string) => sql`${tenants.features} @> ${JSON.stringify([value])}::jsonb` },
  },
  search: (q) => ilike(tenants.name, containsPattern(q)),
  readOnlyFields: ['tenantID'],
  version: tenants.version,
  toRecords: async (_db, rows) => (rows as TenantRow[]).map(tenantRecord),
  create: {
    schema: tenantCreateSchema,
    write: async (tx, input: TenantInput) => {
      const [row] = await tx
        .insert(tenants)
        .values({ features: [], projectFeatureDefaults: [], infoHtml: '', ...tenantColumns(input), name: input.name })
        .returning({ id: tenants.id });
      return row.id;
    },
  },
  update: {
    schema: tenantUpdateSchema,
    write: async (tx, id, input: Partial<TenantInput>, existing) => {
      // The type decides the workflow of the tenant's projects: it cannot change under running projects.
      if (input.type !== undefined && input.type !== (existing as TenantRow).type) {
        const [projects] = await tx.select({ n: count() }).from(projectUnits).where(eq(projectUnits.tenantId, id));
        if (Number(projects.n)) throw new ApiError(409, [{ key: 'ADMIN.Tenants.TypeFixedWithProjects', reference: 'type' }]);
      }
      await tx.update(tenants).set({ ...tenantColumns(input), updatedAt: new Date() }).where(eq(tenants.id, id));
    },
  },
  remove: async (tx, id) => {
    const references = await tenantReferences(tx, id);
    if (references.length) throw new ApiError(409, references);
    await tx.delete(tenants).where(eq(tenants.id, id));
  },
});

/** `…/tenants`: the resource, plus the logo; a deleted tenant's logo file goes once the row is gone. */
export const tenantsResource = new Hono<AppEnv>();
tenantsResource.use('/:id', async (c, next) => {
  await next();
  if (c.req.method === 'DELETE' && c.res.status === 200) await c.get('files').delete(tenantLogoKey(String(Number(c.req.param('id')))));
});

async function tenantForLogo(db: Db, id: number): Promise<TenantRow> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!row) throw ApiError.notFound();
  return row;
}

/** Logo upload: multipart field `image`, a PNG of at most 1 MB, stored where the logo route serves it. */
tenantsResource.post('/:id/logo', async (c) => {
  if (!canAccess(c.get('user'), { action: 'edit', resource: 'tenants' })) throw ApiError.forbidden();
  const db = c.get('db');
  const tenant = await tenantForLogo(db, parseId(c.req.param('id')));
  const bytes = await readBrandImage(c);
  await c.get('files').put(tenantLogoKey(String(tenant.id)), bytes);
  const [row] = await db.update(tenants).set({ hasLogo: true, updatedAt: new Date() }).where(eq(tenants.id, tenant.id)).returning();
  return c.json(tenantRecord(row));
});

tenantsResource.delete('/:id/logo', async (c) => {
  if (!canAccess(c.get('user'), { action: 'edit', resource: 'tenants' })) throw ApiError.forbidden();
  const db = c.get('db');
  const tenant = await tenantForLogo(db, parseId(c.req.param('id')));
  if (!tenant.hasLogo) throw ApiError.notFound();
  const [row] = await db.update(tenants).set({ hasLogo: false, updatedAt: new Date() }).where(eq(tenants.id, tenant.id)).returning();
  await c.get('files').delete(tenantLogoKey(String(tenant.id)));
  return c.json(tenantRecord(row));
});

tenantsResource.route('/', tenantsRest);

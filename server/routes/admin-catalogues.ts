import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import type { TenantCatalogue } from '../../src/domain/catalogue.js';
import { canAccess } from '../../src/domain/permissions.js';
import type { SessionUser } from '../../src/domain/user.js';
import { tenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { parseId } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { catalogueOf } from '../lib/catalogue.js';
import { aacProductsDefinition, lintelProductsDefinition } from '../services/catalogues.js';

export const aacProductsResource = restResource(aacProductsDefinition);

export const lintelProductsResource = restResource(lintelProductsDefinition);

/** The tenants whose catalogue this user reads: administrators all, everyone else their own tenants. */
function catalogueScope(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  return inArray(tenants.id, user.tenantIds.length ? user.tenantIds : [-1]);
}

function requireCatalogueReader(user: SessionUser | null): SessionUser {
  if (!user) throw ApiError.unauthorized();
  if (!canAccess(user, { action: 'show', resource: 'catalogue' })) throw ApiError.forbidden();
  return user;
}

export const catalogueRoutes = new Hono<AppEnv>();

catalogueRoutes.route('/aacproducts', aacProductsResource);
catalogueRoutes.route('/lintelproducts', lintelProductsResource);

/** `GET catalogue`: the tenants whose catalogues the user reads (the admin screens' tenant choices). */
catalogueRoutes.get('/catalogue', async (c) => {
  const user = requireCatalogueReader(c.get('user'));
  const rows = await c
    .get('db')
    .select({ tenantID: tenants.id, name: tenants.name })
    .from(tenants)
    .where(catalogueScope(user))
    .orderBy(asc(tenants.name));
  return c.json(rows.map((row) => ({ id: row.tenantID, ...row })));
});

/** `GET catalogue/{tenantID}`: the active products of one of the user's tenants (the order tables' lists). */
catalogueRoutes.get('/catalogue/:tenantID', async (c) => {
  const user = requireCatalogueReader(c.get('user'));
  const tenantId = parseId(c.req.param('tenantID'));
  if (!user.isAdmin && !user.tenantIds.includes(tenantId)) throw ApiError.notFound();
  const db = c.get('db');
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!tenant) throw ApiError.notFound();
  const catalogue: TenantCatalogue = { tenantID: tenantId, ...(await catalogueOf(db, tenantId, { activeOnly: true })) };
  return c.json(catalogue);
});

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { tenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { unitAccess } from '../lib/project-access.js';
import { parseId } from '../lib/rest-query.js';
import { sanitizeHtml } from '../../src/domain/sanitizeHtml.js';
import { sessionUser } from '../lib/request.js';
import { logoKeys } from '../services/tenant-logos.js';

export const tenantFileRoutes = new Hono<AppEnv>();

/** Tenant logos are brand images: any signed-in user may see them; `?ts=` busts caches after a change. */
tenantFileRoutes.get('/data/planxchange/tenantfiles/:logoId/thumbnail.png', async (c) => {
  sessionUser(c);
  const keys = logoKeys(c.req.param('logoId'));
  if (!keys) throw ApiError.notFound();
  let bytes: Buffer | null = null;
  for (const key of keys) {
    bytes = await c.get('files').get(key);
    if (bytes) break;
  }
  if (!bytes) throw ApiError.notFound();
  c.header('Content-Type', 'image/png');
  c.header('Cache-Control', c.req.query('ts') ? 'private, max-age=31536000, immutable' : 'private, no-cache');
  c.header('Content-Disposition', 'inline; filename="thumbnail.png"');
  return c.body(new Uint8Array(bytes));
});

/** The tenant's information text of a root project, sanitised; empty unless the root has ShowTenantInfo. */
tenantFileRoutes.get('/tenant-infos/:rootUnitId', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const { unit, root } = await unitAccess(db, user, parseId(c.req.param('rootUnitId')));
  if (unit.id !== root.id) throw ApiError.notFound();
  if (!root.features.includes('ShowTenantInfo')) return c.json({ html: '' });
  const [tenant] = await db.select({ infoHtml: tenants.infoHtml }).from(tenants).where(eq(tenants.id, root.tenantId));
  return c.json({ html: sanitizeHtml(tenant?.infoHtml ?? '') });
});

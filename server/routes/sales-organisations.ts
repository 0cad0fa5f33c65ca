import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { salesOrgCreateSchema, salesOrgUpdateSchema, type SalesOrgInput } from '../../src/domain/masterData.js';
import { canAccess } from '../../src/domain/permissions.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { bannerNotificationSalesOrgs, plants, projectUnits, salesOrganisations, userSalesOrgs, type SalesOrgAdditionalInfo } from '../db/schema.js';
import { readBrandImage, sendPng } from '../lib/brand-image.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { restResource } from '../lib/rest.js';
import { containsPattern, parseId } from '../lib/rest-query.js';
import { keepTenant, requireTenant } from '../services/master-data.js';
import { type SalesOrgRow, salesOrgImageKey, salesOrgImagePath, visibleSalesOrgs, salesOrgRecord } from '../services/sales-organisations.js';

/** The key is unique, whatever its case: "ns-de" next to "NS-DE" would make project numbers ambiguous. */
async function requireFreeKey(tx: Tx, key: string, exceptId?: number): Promise<void> {
  const sameKey = sql`lower(${salesOrganisations.key}) = lower(${key})`;
  const [taken] = await tx
    .select({ id: salesOrganisations.id })
    .from(salesOrganisations)
    .where(exceptId === undefined ? sameKey : and(sameKey, ne(salesOrganisations.id, exceptId)));
  if (taken) throw new ApiError(409, [{ key: 'ADMIN.SalesOrgs.DuplicateKey', reference: 'salesOrgKey', params: { key } }]);
}

/** The default plant must be one of the sales organisation's tenant. */
async function requirePlantOfTenant(tx: Tx, plantId: number | null | undefined, tenantId: number): Promise<void> {
  if (plantId === null || plantId === undefined) return;
  const [plant] = await tx.select({ tenantId: plants.tenantId }).from(plants).where(eq(plants.id, plantId));
  if (plant?.tenantId !== tenantId) throw new ApiError(422, [{ key: 'ADMIN.SalesOrgs.PlantOfOtherTenant', reference: 'defaultPlantID' }]);
}

/** homepage and contactmail of the additionalInfo JSON, merged into what is stored (the image stays). */
function infoPatch(input: Partial<SalesOrgInput>): SalesOrgAdditionalInfo {
  const patch: SalesOrgAdditionalInfo = {};
  if (input.salesOrgUrl !== undefined) patch.homepage = input.salesOrgUrl;
  if (input.contactMail !== undefined) patch.contactmail = input.contactMail;
  return patch;
}

const mergeInfo = (patch: SalesOrgAdditionalInfo) => sql`coalesce(${salesOrganisations.additionalInfo}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`;

async function salesOrgReferences(tx: Tx, id: number) {
  const counted = async (table: typeof projectUnits | typeof userSalesOrgs | typeof bannerNotificationSalesOrgs, column: SQL, key: string) => {
    const [row] = await tx.select({ n: count() }).from(table).where(column);
    return Number(row.n) ? [{ key, params: { count: Number(row.n) } }] : [];
  };
  return [
    ...(await counted(projectUnits, eq(projectUnits.salesOrgId, id), 'ADMIN.SalesOrgs.HasProjects')),
    ...(await counted(userSalesOrgs, eq(userSalesOrgs.salesOrgId, id), 'ADMIN.SalesOrgs.HasUsers')),
    ...(await counted(bannerNotificationSalesOrgs, eq(bannerNotificationSalesOrgs.salesOrgId, id), 'ADMIN.SalesOrgs.HasBanners')),
  ];
}

const salesOrgRest = restResource({
  name: 'salesorganisations',
  table: salesOrganisations,
  id: salesOrganisations.id,
  sortable: { id: salesOrganisations.id, title: salesOrganisations.title, salesOrgKey: salesOrganisations.key, tenantID: salesOrganisations.tenantId },
  defaultSort: ['title', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(salesOrganisations.tenantId, value) },
  },
  search: (q) => or(ilike(salesOrganisations.title, containsPattern(q)), ilike(salesOrganisations.key, containsPattern(q))),
  scope: visibleSalesOrgs,
  readOnlyFields: ['salesOrgID'],
  version: salesOrganisations.version,
  toRecords: async (_db, rows) => (rows as SalesOrgRow[]).map(salesOrgRecord),
  create: {
    schema: salesOrgCreateSchema,
    write: async (tx, input: SalesOrgInput) => {
      await requireTenant(tx, input.tenantID);
      await requireFreeKey(tx, input.salesOrgKey);
      await requirePlantOfTenant(tx, input.defaultPlantID, input.tenantID);
      const [row] = await tx
        .insert(salesOrganisations)
        .values({
          tenantId: input.tenantID,
          key: input.salesOrgKey,
          title: input.title,
          defaultPlantId: input.defaultPlantID ?? null,
          additionalInfo: { homepage: input.salesOrgUrl ?? '', contactmail: input.contactMail ?? '' },
        })
        .returning({ id: salesOrganisations.id });
      return row.id;
    },
  },
  update: {
    schema: salesOrgUpdateSchema,
    write: async (tx, id, input: Partial<SalesOrgInput>, existing) => {
      const row = existing as SalesOrgRow;
      keepTenant(input, row.tenantId);
      if (input.salesOrgKey !== undefined) await requireFreeKey(tx, input.salesOrgKey, id);
      await requirePlantOfTenant(tx, input.defaultPlantID, row.tenantId);
      const changes: Record<string, unknown> = { updatedAt: new Date() };
      if (input.salesOrgKey !== undefined) changes.key = input.salesOrgKey;
      if (input.title !== undefined) changes.title = input.title;
      if (input.defaultPlantID !== undefined) changes.defaultPlantId = input.defaultPlantID;
      const patch = infoPatch(input);
      if (Object.keys(patch).length) changes.additionalInfo = mergeInfo(patch);
      await tx.update(salesOrganisations).set(changes as Partial<typeof salesOrganisations.$inferInsert>).where(eq(salesOrganisations.id, id));
    },
  },
  // Projects, users and banners keep their sales organisation: one 409 message per kind of reference.
  remove: async (tx, id) => {
    const references = await salesOrgReferences(tx, id);
    if (references.length) throw new ApiError(409, references);
    await tx.delete(salesOrganisations).where(eq(salesOrganisations.id, id));
  },
});

/** `…/salesorganisations`: read by every user (dashboard cards), changed by admins, with the card image. */
export const salesOrganisationsResource = new Hono<AppEnv>();

// A deleted sales organisation's image file goes once the row is gone.
salesOrganisationsResource.use('/:id', async (c, next) => {
  await next();
  if (c.req.method === 'DELETE' && c.res.status === 200) await c.get('files').delete(salesOrgImageKey(Number(c.req.param('id'))));
});

async function salesOrgForImage(db: Db, user: SessionUser | null, rawId: string): Promise<SalesOrgRow> {
  if (!canAccess(user, { action: 'edit', resource: 'salesorganisations' })) throw ApiError.forbidden();
  const [row] = await db.select().from(salesOrganisations).where(eq(salesOrganisations.id, parseId(rawId)));
  if (!row) throw ApiError.notFound();
  return row;
}

/** Image upload: multipart field `image`, a PNG of at most 1 MB; imageUrl points at it with a new `ts`. */
salesOrganisationsResource.post('/:id/image', async (c) => {
  const db = c.get('db');
  const org = await salesOrgForImage(db, c.get('user'), c.req.param('id'));
  const bytes = await readBrandImage(c);
  await c.get('files').put(salesOrgImageKey(org.id), bytes);
  const [row] = await db
    .update(salesOrganisations)
    .set({ additionalInfo: mergeInfo({ imageUrl: `${salesOrgImagePath(org.id)}?ts=${Date.now()}` }) as never, updatedAt: new Date() })
    .where(eq(salesOrganisations.id, org.id))
    .returning();
  return c.json(salesOrgRecord(row));
});

/** Removes the image: the dashboard card shows its default thumbnail again. */
salesOrganisationsResource.delete('/:id/image', async (c) => {
  const db = c.get('db');
  const org = await salesOrgForImage(db, c.get('user'), c.req.param('id'));
  if (!org.additionalInfo?.imageUrl) throw ApiError.notFound();
  const [row] = await db
    .update(salesOrganisations)
    .set({ additionalInfo: mergeInfo({ imageUrl: '' }) as never, updatedAt: new Date() })
    .where(eq(salesOrganisations.id, org.id))
    .returning();
  await c.get('files').delete(salesOrgImageKey(org.id));
  return c.json(salesOrgRecord(row));
});

/** The uploaded image, for any signed-in user (brand images, like tenant logos). */
salesOrganisationsResource.get('/:id/image.png', async (c) => {
  if (!c.get('user')) throw ApiError.unauthorized();
  const bytes = await c.get('files').get(salesOrgImageKey(parseId(c.req.param('id'))));
  if (!bytes) throw ApiError.notFound();
  return sendPng(c, bytes, 'image.png');
});

salesOrganisationsResource.route('/', salesOrgRest);

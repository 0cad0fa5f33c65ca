/**
 * Sales organisations as records, and which of them a user sees.
 */
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../src/domain/user.js';
import { salesOrganisations } from '../db/schema.js';

export type SalesOrgRow = typeof salesOrganisations.$inferSelect;

export const salesOrgImageKey = (id: number) => `salesorgs/${id}.png`;

export const salesOrgImagePath = (id: number) => `/api/data/planxchange/salesorganisations/${id}/image.png`;

/** Admins see every sales organisation; everybody else those of their tenants and their own. */
export function visibleSalesOrgs(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  const byTenant = user.tenantIds.length ? inArray(salesOrganisations.tenantId, user.tenantIds) : undefined;
  const byLink = user.salesOrgIds.length ? inArray(salesOrganisations.id, user.salesOrgIds) : undefined;
  return or(byTenant, byLink) ?? eq(salesOrganisations.id, -1);
}

export function salesOrgRecord(row: SalesOrgRow) {
  const info = row.additionalInfo ?? {};
  return {
    id: row.id,
    salesOrgID: row.id,
    salesOrgKey: row.key,
    title: row.title,
    tenantID: row.tenantId,
    defaultPlantID: row.defaultPlantId ?? null,
    additionalInfo: info,
    contactMail: info.contactmail ?? '',
    salesOrgUrl: info.homepage ?? '',
    imageUrl: info.imageUrl ?? '',
    hasImage: Boolean(info.imageUrl),
    version: row.version,
  };
}

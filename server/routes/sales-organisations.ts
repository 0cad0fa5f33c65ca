import { eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '../../src/domain/user.js';
import { salesOrganisations } from '../db/schema.js';
import { restResource } from '../lib/rest.js';
import { containsPattern } from '../lib/rest-query.js';

type SalesOrgRow = typeof salesOrganisations.$inferSelect;

/** Admins see every sales organisation; everybody else those of their tenants and their own. */
function visibleSalesOrgs(user: SessionUser): SQL | undefined {
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
    additionalInfo: info,
    contactMail: info.contactmail ?? '',
    salesOrgUrl: info.homepage ?? '',
    imageUrl: info.imageUrl ?? '',
    hasImage: Boolean(info.imageUrl),
  };
}

export const salesOrganisationsResource = restResource({
  name: 'salesorganisations',
  table: salesOrganisations,
  id: salesOrganisations.id,
  sortable: { id: salesOrganisations.id, title: salesOrganisations.title, salesOrgKey: salesOrganisations.key },
  defaultSort: ['title', 'ASC'],
  filters: {
    tenantID: { schema: z.number().int(), where: (value: number) => eq(salesOrganisations.tenantId, value) },
  },
  search: (q) => or(ilike(salesOrganisations.title, containsPattern(q)), ilike(salesOrganisations.key, containsPattern(q))),
  scope: visibleSalesOrgs,
  readOnlyFields: ['salesOrgID'],
  toRecords: async (_db, rows) => (rows as SalesOrgRow[]).map(salesOrgRecord),
});

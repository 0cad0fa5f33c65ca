import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { RowProblem } from '../../../src/domain/bulk/rows.js';
import { refusedUserChange, salesOrgsOutsideTenants, USERS_MESSAGE, type UserCreate, type UserRecord } from '../../../src/domain/users.js';
import { salesOrganisations, tenants, users } from '../../db/schema.js';
import { createUser, recordColumns, toRecord, updateUser, type AdminChanges, type UserRow } from '../../services/users.js';
import { addProblem, type BulkAdapter, type StoredRecord } from './adapter.js';

/**
 * Users by login (or e-mail): new accounts get their invitation mail through the outbox in the import's
 * transaction (as the create form does); changes follow the form's rules (`refusedUserChange`).
 */
export const userAdapter: BulkAdapter = {
  caseInsensitiveKeys: true,
  async load(tx) {
    const rows = await tx.select({ ...getTableColumns(users), ...recordColumns() }).from(users);
    return (rows as UserRow[]).map(toRecord) as unknown as StoredRecord[];
  },
  async check(tx, writes, _all, { user }) {
    const problems = new Map<number, RowProblem[]>();
    const tenantIds = [...new Set(writes.flatMap((write) => write.data.tenantIDs as number[]))];
    const orgIds = [...new Set(writes.flatMap((write) => write.data.salesOrgIDs as number[]))];
    const knownTenants = new Set(tenantIds.length ? (await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, tenantIds))).map((row) => row.id) : []);
    const orgs = orgIds.length
      ? await tx.select({ id: salesOrganisations.id, tenantID: salesOrganisations.tenantId, key: salesOrganisations.key }).from(salesOrganisations).where(inArray(salesOrganisations.id, orgIds))
      : [];
    for (const { line, data, existing, changed } of writes) {
      const missingTenants = (data.tenantIDs as number[]).filter((id) => !knownTenants.has(id));
      if (missingTenants.length) addProblem(problems, line, { field: 'tenantIDs', key: USERS_MESSAGE.unknownTenant, params: { ids: missingTenants.join(', ') } });
      const wantedOrgs = data.salesOrgIDs as number[];
      const missingOrgs = wantedOrgs.filter((id) => !orgs.some((org) => org.id === id));
      if (missingOrgs.length) addProblem(problems, line, { field: 'salesOrgIDs', key: USERS_MESSAGE.unknownSalesOrg, params: { ids: missingOrgs.join(', ') } });
      const outside = salesOrgsOutsideTenants(orgs.filter((org) => wantedOrgs.includes(org.id)), data.tenantIDs as number[]);
      if (outside.length) addProblem(problems, line, { field: 'salesOrgIDs', key: USERS_MESSAGE.salesOrgOutsideTenants, params: { keys: outside.map((org) => org.key).join(', ') } });
      if (!existing) continue;
      if (changed?.includes('login')) addProblem(problems, line, { field: 'login', key: USERS_MESSAGE.fieldNotEditable });
      const changes = Object.fromEntries((changed ?? []).filter((field) => field !== 'login').map((field) => [field, data[field]]));
      const refused = refusedUserChange(user, existing as unknown as UserRecord, changes);
      if (refused) addProblem(problems, line, { field: refused.reference ?? '', key: refused.key });
    }
    return problems;
  },
  async create(tx, writes, { origin, user }) {
    for (const { data } of writes) {
      const { isActive, ...input } = data;
      const { id } = await createUser(tx, input as UserCreate, { publicUrl: origin, sender: { userId: user.id, bulkImport: true } });
      if (isActive === false) await tx.update(users).set({ isActive: false }).where(eq(users.id, id));
    }
  },
  async update(tx, writes) {
    for (const { existing, data, changed } of writes) {
      const changes = Object.fromEntries((changed ?? []).map((field) => [field, data[field]])) as AdminChanges;
      await updateUser(tx, existing!.id, changes, existing as unknown as UserRecord);
    }
  },
};

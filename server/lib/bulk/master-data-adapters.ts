import { eq } from 'drizzle-orm';
import type { RowProblem } from '../../../src/domain/bulk/rows.js';
import { plants, preliminaryDays, productTypes } from '../../db/schema.js';
import { completePairs, selectRecords } from '../../services/preliminary-days.js';
import { addProblem, chunks, type BulkAdapter, type PlannedWrite, type StoredRecord } from './adapter.js';
import { unknownTenants } from './catalogue-adapters.js';

/** A plant or product type stays with its tenant (the forms' rule): a changed tenant is a problem of the row. */
function tenantFixed(writes: PlannedWrite[], problems: Map<number, RowProblem[]>): void {
  for (const write of writes) {
    if (write.existing && write.existing.tenantID !== write.data.tenantID) addProblem(problems, write.line, { field: 'tenantID', key: 'ADMIN.MasterData.TenantFixed' });
  }
}

export const plantAdapter: BulkAdapter = {
  async load(tx) {
    const rows = await tx.select().from(plants);
    return rows.map((row) => ({ id: row.id, plantID: row.id, name: row.name, tenantID: row.tenantId }));
  },
  async check(tx, writes) {
    const problems = new Map<number, RowProblem[]>();
    await unknownTenants(tx, writes, 'ADMIN.MasterData.UnknownTenant', problems);
    tenantFixed(writes, problems);
    return problems;
  },
  async create(tx, writes) {
    for (const part of chunks(writes)) await tx.insert(plants).values(part.map(({ data }) => ({ name: data.name as string, tenantId: data.tenantID as number })));
  },
  async update(tx, writes) {
    for (const { existing, data } of writes) await tx.update(plants).set({ name: data.name as string, updatedAt: new Date() }).where(eq(plants.id, existing!.id));
  },
};

const colour = (value: unknown) => String(value).toLowerCase();

export const productTypeAdapter: BulkAdapter = {
  async load(tx) {
    const rows = await tx.select().from(productTypes);
    return rows.map((row) => ({ id: row.id, productTypeID: row.id, title: row.title, bgColor: row.bgColor, textColor: row.textColor, tenantID: row.tenantId }));
  },
  async check(tx, writes) {
    const problems = new Map<number, RowProblem[]>();
    await unknownTenants(tx, writes, 'ADMIN.MasterData.UnknownTenant', problems);
    tenantFixed(writes, problems);
    return problems;
  },
  async create(tx, writes) {
    for (const part of chunks(writes)) {
      await tx.insert(productTypes).values(part.map(({ data }) => ({ title: data.title as string, bgColor: colour(data.bgColor), textColor: colour(data.textColor), tenantId: data.tenantID as number })));
    }
  },
  async update(tx, writes) {
    for (const { existing, data } of writes) {
      await tx
        .update(productTypes)
        .set({ title: data.title as string, bgColor: colour(data.bgColor), textColor: colour(data.textColor), updatedAt: new Date() })
        .where(eq(productTypes.id, existing!.id));
    }
  },
};

export const preliminaryDaysAdapter: BulkAdapter = {
  // The matrix has a row for every plant × product type (as the list shows it): complete it first.
  async load(tx) {
    await completePairs(tx);
    return (await selectRecords(tx)) as unknown as StoredRecord[];
  },
  async create() {
    // Never called: the matrix is complete, an import only changes values (updateOnly).
  },
  async update(tx, writes) {
    for (const { existing, data } of writes) {
      await tx.update(preliminaryDays).set({ preliminaryDays: data.preliminaryDays as number, updatedAt: new Date() }).where(eq(preliminaryDays.id, existing!.id));
    }
  },
};

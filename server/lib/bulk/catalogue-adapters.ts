import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { AacProductInput, LintelProductInput } from '../../../src/domain/catalogue.js';
import type { RowProblem } from '../../../src/domain/bulk/rows.js';
import type { Tx } from '../../db/client.js';
import { aacProducts, lintelProducts, tenants } from '../../db/schema.js';
import { aacValues, lintelValues } from '../../services/catalogues.js';
import { tenantName, toAacProduct, toLintelProduct, type AacRow, type LintelRow } from '../catalogue.js';
import { addProblem, chunks, type BulkAdapter, type PlannedWrite, type StoredRecord } from './adapter.js';

/** Problems of rows whose tenant does not exist (the forms' "unknown tenant", per row). */
export async function unknownTenants(tx: Tx, writes: PlannedWrite[], key: string, problems: Map<number, RowProblem[]>): Promise<void> {
  const wanted = [...new Set(writes.map((write) => write.data.tenantID as number))];
  if (!wanted.length) return;
  const found = new Set((await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, wanted))).map((row) => row.id));
  for (const write of writes) if (!found.has(write.data.tenantID as number)) addProblem(problems, write.line, { field: 'tenantID', key });
}

/** A per-tenant unique field in the state after the import: no two records of a tenant with the same value. */
function uniquePerTenant(writes: PlannedWrite[], all: StoredRecord[], field: string, problems: Map<number, RowProblem[]>): void {
  const changedIds = new Set(writes.flatMap((write) => (write.existing ? [write.existing.id] : [])));
  const taken = new Map<string, string>();
  for (const record of all) if (!changedIds.has(record.id)) taken.set(`${record.tenantID}:${record[field]}`, `#${record.id}`);
  for (const write of writes) {
    const slot = `${write.data.tenantID}:${write.data[field]}`;
    if (taken.has(slot)) addProblem(problems, write.line, { field, key: `CATALOGUE.Duplicate.${field}`, params: { value: write.data[field] } });
    else taken.set(slot, `line ${write.line}`);
  }
}

export const aacAdapter: BulkAdapter = {
  async load(tx) {
    const rows = await tx.select({ ...getTableColumns(aacProducts), tenantName: tenantName('aac_products') }).from(aacProducts);
    return (rows as AacRow[]).map(toAacProduct) as unknown as StoredRecord[];
  },
  async check(tx, writes, all) {
    const problems = new Map<number, RowProblem[]>();
    await unknownTenants(tx, writes, 'CATALOGUE.UnknownTenant', problems);
    uniquePerTenant(writes, all, 'productNo', problems);
    uniquePerTenant(writes, all, 'articleNo', problems);
    return problems;
  },
  async create(tx, writes) {
    for (const part of chunks(writes)) await tx.insert(aacProducts).values(part.map((write) => aacValues(write.data as AacProductInput)));
  },
  async update(tx, writes) {
    for (const write of writes) {
      await tx.update(aacProducts).set({ ...aacValues(write.data as AacProductInput), updatedAt: new Date() }).where(eq(aacProducts.id, write.existing!.id));
    }
  },
};

export const lintelAdapter: BulkAdapter = {
  async load(tx) {
    const rows = await tx.select({ ...getTableColumns(lintelProducts), tenantName: tenantName('lintel_products') }).from(lintelProducts);
    return (rows as LintelRow[]).map(toLintelProduct) as unknown as StoredRecord[];
  },
  async check(tx, writes, all) {
    const problems = new Map<number, RowProblem[]>();
    await unknownTenants(tx, writes, 'CATALOGUE.UnknownTenant', problems);
    // A bulk edit of the tenant may move an item number onto one the other tenant has.
    uniquePerTenant(writes, all, 'itemNo', problems);
    return problems;
  },
  async create(tx, writes) {
    for (const part of chunks(writes)) await tx.insert(lintelProducts).values(part.map((write) => lintelValues(write.data as LintelProductInput)));
  },
  async update(tx, writes) {
    for (const write of writes) {
      await tx.update(lintelProducts).set({ ...lintelValues(write.data as LintelProductInput), updatedAt: new Date() }).where(eq(lintelProducts.id, write.existing!.id));
    }
  },
};

import { BULK_DEFINITIONS, BULK_MESSAGE, type BulkResource } from '../../../src/domain/bulk/resources.js';
import { classifyRow, keyText, readRow, rowKey, type PreviewRow, type RowProblem, type RowStatus } from '../../../src/domain/bulk/rows.js';
import type { Tx } from '../../db/client.js';
import type { BulkAdapter, PlannedWrite, StoredRecord, WriteContext } from './adapter.js';
import { aacAdapter, lintelAdapter } from './catalogue-adapters.js';
import { plantAdapter, preliminaryDaysAdapter, productTypeAdapter } from './master-data-adapters.js';
import type { FileTable } from './read-table.js';
import { userAdapter } from './user-adapter.js';

export const BULK_ADAPTERS: Record<BulkResource, BulkAdapter> = {
  aacproducts: aacAdapter,
  lintelproducts: lintelAdapter,
  users: userAdapter,
  plants: plantAdapter,
  producttypes: productTypeAdapter,
  productplantpreliminarydays: preliminaryDaysAdapter,
};

export interface Plan {
  rows: (PreviewRow & { data?: Record<string, unknown> })[];
  summary: Record<RowStatus, number>;
  /** The stored records the plan was made against (read in the same transaction). */
  all: StoredRecord[];
}

/** The stored records indexed by every natural key of the resource. */
function keyIndex(resource: BulkResource, records: StoredRecord[]): Map<string, StoredRecord> {
  const { keys } = BULK_DEFINITIONS[resource];
  const lower = BULK_ADAPTERS[resource].caseInsensitiveKeys;
  const index = new Map<string, StoredRecord>();
  for (const fields of keys) {
    for (const record of records) {
      if (fields.some((field) => record[field] === undefined || record[field] === null || record[field] === '')) continue;
      index.set(`${fields.join('+')}=${keyText(fields.map((field) => record[field]), lower)}`, record);
    }
  }
  return index;
}

function summarise(rows: PreviewRow[]): Record<RowStatus, number> {
  const summary: Record<RowStatus, number> = { new: 0, changed: 0, unchanged: 0, invalid: 0 };
  for (const row of rows) summary[row.status]++;
  return summary;
}

/** Cross-row and database rules of the adapter: rows with problems become invalid. */
async function applyChecks(tx: Tx, resource: BulkResource, rows: Plan['rows'], all: StoredRecord[], context: WriteContext): Promise<void> {
  const adapter = BULK_ADAPTERS[resource];
  if (!adapter.check) return;
  const writes = rows.filter((row) => row.data && row.status !== 'unchanged').map(toWrite(all));
  const problems = await adapter.check(tx, writes, all, context);
  for (const row of rows) {
    const found = problems.get(row.line);
    if (!found?.length) continue;
    row.status = 'invalid';
    row.problems = [...(row.problems ?? []), ...found];
    delete row.data;
  }
}

const toWrite = (all: StoredRecord[]) => (row: Plan['rows'][number]): PlannedWrite => ({
  line: row.line,
  existing: row.id === undefined ? undefined : all.find((record) => record.id === row.id),
  data: row.data!,
  changed: row.changes?.map((change) => change.field),
});

/** Every row of a file against the stored records: what an import would do, and why rows cannot be imported. */
export async function planImport(tx: Tx, resource: BulkResource, table: FileTable, mapping: (string | null)[], context: WriteContext): Promise<Plan> {
  const definition = BULK_DEFINITIONS[resource];
  const adapter = BULK_ADAPTERS[resource];
  const all = await adapter.load(tx);
  const index = keyIndex(resource, all);
  const seen = new Map<string, number>();
  const style = { decimalComma: table.decimalComma };
  const rows = table.rows.map((cells, position) => {
    const line = position + 2;
    const read = readRow(definition, mapping, cells, style);
    const key = rowKey(definition, read.values);
    if (!key) return { line, status: 'invalid' as const, key: '', values: read.values, problems: [...read.problems, { field: '', key: BULK_MESSAGE.noKey }] };
    const indexKey = `${key.fields.join('+')}=${keyText(key.fields.map((field) => read.values[field]), adapter.caseInsensitiveKeys)}`;
    const extra: RowProblem[] = [];
    const earlier = seen.get(indexKey);
    if (earlier) extra.push({ field: key.fields[key.fields.length - 1], key: BULK_MESSAGE.duplicateKey, params: { line: earlier } });
    else seen.set(indexKey, line);
    const existing = index.get(indexKey);
    // "CUSTOMER" in a file is the account "customer": the key as stored, not a change of it.
    if (existing && adapter.caseInsensitiveKeys) for (const field of key.fields) read.values[field] = existing[field];
    if (!existing && key.fields.some((field) => definition.idFields?.includes(field))) extra.push({ field: key.fields[0], key: BULK_MESSAGE.unknownRecord });
    return classifyRow(definition, line, read, existing, key.text, extra);
  });
  await applyChecks(tx, resource, rows, all, context);
  return { rows, summary: summarise(rows), all };
}

/** A bulk edit as a plan: each selected record with the fields set, checked like an import row. */
export async function planBulkEdit(tx: Tx, resource: BulkResource, ids: number[], data: Record<string, unknown>, context: WriteContext): Promise<Plan | { missing: number[] }> {
  const definition = BULK_DEFINITIONS[resource];
  const all = await BULK_ADAPTERS[resource].load(tx);
  const byId = new Map(all.map((record) => [record.id, record]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) return { missing };
  const rows = ids.map((id, position) => {
    const existing = byId.get(id)!;
    return classifyRow(definition, position + 1, { values: data, problems: [] }, existing, String(id));
  });
  await applyChecks(tx, resource, rows, all, context);
  return { rows, summary: summarise(rows), all };
}

/** Writes a plan without invalid rows: creates, then updates, in the caller's transaction. */
export async function writePlan(tx: Tx, resource: BulkResource, plan: Plan, context: WriteContext): Promise<void> {
  const adapter = BULK_ADAPTERS[resource];
  const writes = (status: RowStatus) => plan.rows.filter((row) => row.status === status).map(toWrite(plan.all));
  await adapter.create(tx, writes('new'), context);
  await adapter.update(tx, writes('changed'), context);
}

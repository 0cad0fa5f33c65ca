import type { z } from 'zod';
import { MESSAGE } from '../validation';
import { readCell, type NumberStyle, type RawCell } from './cells';
import { BULK_MESSAGE, type BulkDefinition } from './resources';

export type RowStatus = 'new' | 'changed' | 'unchanged' | 'invalid';

export interface RowProblem {
  /** The record's field (the column it was mapped from), or '' for the row as a whole. */
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One data row of a file as the preview shows it. */
export interface PreviewRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  status: RowStatus;
  /** The natural key as text ("1 / NS-PE-300-625"). */
  key: string;
  /** The existing record's id, for changed and unchanged rows. */
  id?: number;
  values: Record<string, unknown>;
  changes?: FieldChange[];
  problems?: RowProblem[];
}

export interface ReadRow {
  values: Record<string, unknown>;
  problems: RowProblem[];
}

/** A file row through the mapping (column index → field or null): cell by cell into typed values. */
export function readRow(definition: BulkDefinition, mapping: readonly (string | null)[], cells: readonly RawCell[], style: NumberStyle): ReadRow {
  const values: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  mapping.forEach((field, index) => {
    const column = field ? definition.columns.find((candidate) => candidate.field === field) : undefined;
    if (!column || column.readOnly) return;
    const result = readCell(column.kind, cells[index], style);
    if ('error' in result) problems.push({ field: column.field, key: result.error });
    else if ('value' in result) values[column.field] = result.value;
    // A blank decimal (a price) empties it; other blank cells keep the stored value or take the form's default.
    else if (column.kind === 'decimal') values[column.field] = null;
  });
  return { values, problems };
}

/** The first key whose fields the row has, or null (then the row cannot be matched or created). */
export function rowKey(definition: BulkDefinition, values: Record<string, unknown>): { fields: string[]; text: string } | null {
  const fields = definition.keys.find((key) => key.every((field) => values[field] !== undefined && values[field] !== null && values[field] !== ''));
  if (!fields) return null;
  return { fields, text: keyText(fields.map((field) => values[field])) };
}

/** Key text of values; logins and e-mails are compared without case, like the login page does. */
export function keyText(parts: readonly unknown[], caseInsensitive = false): string {
  const text = parts.map((part) => String(part).trim()).join(' / ');
  return caseInsensitive ? text.toLowerCase() : text;
}

const normal = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort((a, b) => Number(a) - Number(b)) : (value ?? null));

/** The stored fields an import may write, as the schema reads them. */
export function writable(definition: BulkDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of definition.columns) {
    if (column.readOnly || definition.idFields?.includes(column.field)) continue;
    if (record[column.field] !== undefined) out[column.field] = record[column.field];
  }
  return out;
}

function zodProblems(error: z.ZodError): RowProblem[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    key: /^[A-Z]+\.[A-Za-z.]+$/.test(issue.message) ? issue.message : MESSAGE.invalidValue,
  }));
}

/**
 * A row against the stored record with its key (or none): new, changed (which fields), unchanged, or invalid with
 * every reason per field, from the same schema the forms use. `values` may hold key-only id fields.
 */
export function classifyRow(
  definition: BulkDefinition,
  line: number,
  read: ReadRow,
  existing: (Record<string, unknown> & { id: number }) | undefined,
  key: string,
  extraProblems: RowProblem[] = [],
): PreviewRow & { data?: Record<string, unknown> } {
  const own = Object.fromEntries(Object.entries(read.values).filter(([field]) => !definition.idFields?.includes(field)));
  const candidate = existing ? { ...writable(definition, existing), ...own } : own;
  const parsed = definition.schema.safeParse(candidate);
  // A cell that could not be read is not reported once more as "required".
  const unread = new Set(read.problems.map((problem) => problem.field));
  const schemaProblems = parsed.success ? [] : zodProblems(parsed.error).filter((problem) => !unread.has(problem.field));
  const problems = [...read.problems, ...extraProblems, ...schemaProblems];
  if (!existing && definition.updateOnly && !problems.length) problems.push({ field: '', key: BULK_MESSAGE.unknownRecord });
  const base = { line, key, values: read.values, ...(existing ? { id: existing.id } : {}) };
  if (problems.length || !parsed.success) return { ...base, status: 'invalid', problems };
  const data = parsed.data as Record<string, unknown>;
  if (!existing) return { ...base, status: 'new', data };
  const changes = Object.keys(data)
    .filter((field) => field in own && normal(data[field]) !== normal(existing[field]))
    .map((field) => ({ field, from: existing[field] ?? null, to: data[field] ?? null }));
  return { ...base, status: changes.length ? 'changed' : 'unchanged', changes, data };
}

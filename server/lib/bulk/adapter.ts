import type { RowProblem } from '../../../src/domain/bulk/rows.js';
import type { SessionUser } from '../../../src/domain/user.js';
import type { Tx } from '../../db/client.js';

export type StoredRecord = Record<string, unknown> & { id: number };

/** A valid row or bulk-edited record on its way to the database: the whole record as the schema read it. */
export interface PlannedWrite {
  line: number;
  existing?: StoredRecord;
  data: Record<string, unknown>;
  /** The fields that differ from the stored record (updates only). */
  changed?: string[];
}

export interface WriteContext {
  user: SessionUser;
  /** The portal's origin, for links in invitation mails. */
  origin: string;
}

/** How one resource's records are read and written in bulk; the rules themselves live in `src/domain`. */
export interface BulkAdapter {
  /** Every record (the natural keys are matched against them). */
  load(tx: Tx): Promise<StoredRecord[]>;
  /** Logins and e-mails match without case. */
  caseInsensitiveKeys?: boolean;
  /** Rules across rows and against other tables (tenants exist, per-tenant uniqueness): problems by line. */
  check?(tx: Tx, writes: PlannedWrite[], all: StoredRecord[], context: WriteContext): Promise<Map<number, RowProblem[]>>;
  create(tx: Tx, writes: PlannedWrite[], context: WriteContext): Promise<void>;
  update(tx: Tx, writes: PlannedWrite[], context: WriteContext): Promise<void>;
}

/** Adds a problem to a line's list. */
export function addProblem(problems: Map<number, RowProblem[]>, line: number, problem: RowProblem): void {
  problems.set(line, [...(problems.get(line) ?? []), problem]);
}

/** Rows inserted per statement: large catalogues go in a few round trips. */
export const INSERT_CHUNK = 500;

export function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

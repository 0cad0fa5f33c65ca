import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { projectUnits } from '../db/schema.js';
import type { UnitRow } from './project-access.js';

/** Numbers: a root gets {sales org or tenant key}-{year}-{sequence}; a child its parent's number plus -NN. */
export async function nextNumber(tx: Tx, parent: UnitRow | null, prefix: string): Promise<string> {
  if (parent) {
    const [row] = await tx
      .select({ last: sql<string | null>`max(${projectUnits.number})` })
      .from(projectUnits)
      .where(and(eq(projectUnits.parentId, parent.id), sql`${projectUnits.number} ~ ${`^${parent.number.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}-[0-9]+$`}`));
    const last = row?.last ? Number(row.last.slice(parent.number.length + 1)) : 0;
    return `${parent.number}-${String(last + 1).padStart(2, '0')}`;
  }
  const year = new Date().getFullYear();
  const base = `${prefix}-${year}-`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${projectUnits.number})` })
    .from(projectUnits)
    .where(and(isNull(projectUnits.parentId), sql`${projectUnits.number} like ${`${base}%`}`));
  const last = row?.last ? Number(row.last.slice(base.length)) : 0;
  return `${base}${String(last + 1).padStart(4, '0')}`;
}


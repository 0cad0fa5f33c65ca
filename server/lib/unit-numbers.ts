import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { projectUnits, unitNumberCounters } from '../db/schema.js';

/** The unit a new child is numbered under: its id (the counter's scope) and its number (the child's prefix). */
export interface NumberParent {
  id: number;
  number: string;
}

/**
 * The next unit number, allocated in the creating transaction: a root project gets `{prefix}-{year}-{NNNN}`
 * (prefix: its sales organisation's key, else `T{tenantId}`), a child its parent's number plus `-NN`.
 *
 * The scope's counter row is bumped by one upsert, which holds the row until the transaction ends: a parallel
 * creation in the same scope (another request, another server process) waits and then gets the next number; a
 * creation that rolls back gives its number back. The counter never falls below the highest number already in the
 * scope (seeded units, units from before the counter), and numbers of deleted units are not handed out again.
 * The unique index on `project_units.number` is the last line of defence (a collision would be a 409, never a duplicate).
 */
export async function allocateUnitNumber(tx: Tx, parent: NumberParent | null, rootPrefix = ''): Promise<string> {
  const base = parent ? `${parent.number}-` : `${rootPrefix}-${new Date().getFullYear()}-`;
  const scope = parent ? `unit:${parent.id}` : `root:${base}`;
  const suffix = sql`substring(${projectUnits.number} from char_length(${base}) + 1)`;
  const highest = tx
    .select({ value: sql`coalesce(max(case when ${suffix} ~ '^[0-9]{1,9}$' then ${suffix}::integer end), 0)` })
    .from(projectUnits)
    .where(and(parent ? eq(projectUnits.parentId, parent.id) : isNull(projectUnits.parentId), sql`left(${projectUnits.number}, char_length(${base})) = ${base}`));
  const [counter] = await tx
    .insert(unitNumberCounters)
    .values({ scope, lastValue: sql`(${highest}) + 1` })
    .onConflictDoUpdate({ target: unitNumberCounters.scope, set: { lastValue: sql`greatest(${unitNumberCounters.lastValue} + 1, excluded.last_value)` } })
    .returning({ lastValue: unitNumberCounters.lastValue });
  return `${base}${String(counter.lastValue).padStart(parent ? 2 : 4, '0')}`;
}

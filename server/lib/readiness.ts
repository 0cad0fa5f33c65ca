import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appPath } from '../paths.js';

const journalPath = appPath('server', 'db', 'migrations', 'meta', '_journal.json');

/** The newest migration this code knows (drizzle records each applied one with its `when`). */
export const latestMigration: number = Math.max(
  0,
  ...(JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] }).entries.map((entry) => entry.when),
);

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown' };
}

/** A probe must answer fast: a database that does not answer within this is unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready when the database answers and holds every migration this code knows: a process of a newer version
 * may have migrated further (fine), an older schema (a restored backup before its start-up) is not ready.
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    const result = await withTimeout(db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`), PROBE_TIMEOUT_MS);
    const rows = ((result as { rows?: { latest: string | null }[] }).rows ?? result) as { latest: string | null }[];
    const applied = Number(rows[0]?.latest ?? 0);
    const migrations = applied >= latestMigration ? 'ok' : 'pending';
    return { ready: migrations === 'ok', checks: { database: 'ok', migrations } };
  } catch {
    return { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } };
  }
}

import { eq, lt, sql } from 'drizzle-orm';
import { ACTION_LIMITS, backoffTable, durationText, retryWhen, type BackoffPolicy, type LimitedAction, type WindowLimit } from '../../src/domain/rateLimits.js';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { ApiError } from './errors.js';

/**
 * Counters in the database, so that every server process (PostgreSQL) counts against the same numbers.
 * Each count is one INSERT … ON CONFLICT DO UPDATE: the row lock of the upsert orders concurrent requests,
 * and the decision is taken inside the statement, so a parallel burst cannot slip past a limit. Times are
 * the database's (statement_timestamp()), not the server processes' clocks.
 */

const now = sql`statement_timestamp()`;
const seconds = (value: number) => sql`make_interval(secs => ${value})`;

export interface Verdict {
  allowed: boolean;
  /** Seconds until the next try can succeed (when not allowed). */
  retryAfterSeconds: number;
}

const retryAfter = (value: unknown) => Math.max(1, Math.ceil(Number(value) || 0));

/** Counts one event of `key` in a fixed window: allowed while the window holds at most `limit.max`. */
export async function countInWindow(db: Db, key: string, limit: WindowLimit): Promise<Verdict> {
  const window = seconds(limit.windowSeconds);
  const over = sql`${rateLimits.windowStart} + ${window} <= ${now}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, lastAt: now, expiresAt: sql`${now} + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${over} then ${now} else ${rateLimits.windowStart} end`,
        lastAt: now,
        expiresAt: sql`case when ${over} then ${now} + ${window} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({ count: rateLimits.count, wait: sql<number>`extract(epoch from ${rateLimits.windowStart} + ${window} - ${now})` });
  return { allowed: row.count <= limit.max, retryAfterSeconds: retryAfter(row.wait) };
}

/**
 * Counts one failure of `key` under a back-off policy — unless the key must still wait, then nothing is
 * counted and `allowed` is false. Counted before the work (the password check), so parallel tries count too.
 */
export async function countBackoff(db: Db, key: string, policy: BackoffPolicy): Promise<Verdict> {
  const table = backoffTable(policy);
  // The waits are the domain's numbers, indexed by failures so far (they stop growing at the table's end).
  const waits = sql.raw(`array[${table.map((value) => Number(value)).join(',')}]::double precision[]`);
  const waitAfter = (failures: unknown) => sql`make_interval(secs => (${waits})[least(${failures}, ${table.length - 1}) + 1])`;
  const forgotten = sql`${rateLimits.expiresAt} <= ${now}`;
  // The free failures are compared by count: the time of a concurrent statement may be a hair earlier.
  const free = sql`(${forgotten} or ${rateLimits.count} < ${policy.free} or ${rateLimits.lastAt} + ${waitAfter(rateLimits.count)} <= ${now})`;
  const forget = seconds(policy.forgetAfterSeconds);
  // Counted is what the statement wrote: a new key, or an update its condition let through (ON CONFLICT … WHERE:
  // a key that must wait is not written and returns no row). Not "last_at = this statement's time": the embedded
  // database's clock ticks in milliseconds, so two tries of a burst can share that time.
  const counted = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, lastAt: now, expiresAt: sql`${now} + ${forget}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${forgotten} then ${now} else ${rateLimits.windowStart} end`,
        lastAt: now,
        expiresAt: sql`greatest(${rateLimits.expiresAt}, ${now} + ${forget})`,
      },
      setWhere: free,
    })
    .returning({ key: rateLimits.key });
  if (counted.length) return { allowed: true, retryAfterSeconds: 0 };
  const [row] = await db
    .select({ wait: sql<number>`extract(epoch from ${rateLimits.lastAt} + ${waitAfter(rateLimits.count)} - ${now})` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { allowed: false, retryAfterSeconds: retryAfter(row?.wait) };
}

/** Takes back one counted event (a try that turned out not to be a failure, or was not made after all). */
export async function uncount(db: Db, key: string): Promise<void> {
  await db.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` }).where(eq(rateLimits.key, key));
}

/** Starts `key` afresh with no failures, kept at least `keepSeconds` (a known login device). */
export async function resetCounter(db: Db, key: string, keepSeconds: number): Promise<void> {
  const keep = sql`${now} + ${seconds(keepSeconds)}`;
  await db
    .insert(rateLimits)
    .values({ key, count: 0, windowStart: now, lastAt: now, expiresAt: keep })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 0, windowStart: now, lastAt: now, expiresAt: sql`greatest(${rateLimits.expiresAt}, ${keep})` } });
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** True while `key` exists and has not expired. */
export async function counterExists(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} = ${key} and ${rateLimits.expiresAt} > ${now}`);
  return !!row;
}

/** Deletes `key` if it exists and has not expired; true for the one request that did (a one-time token). */
export async function consumeCounter(db: Db, key: string): Promise<boolean> {
  const deleted = await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key} and ${rateLimits.expiresAt} > ${now}`).returning({ key: rateLimits.key });
  return deleted.length === 1;
}

/** Deletes the counters nobody needs any more (run by the scheduler). */
export async function purgeRateLimits(db: Db): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`)).returning({ key: rateLimits.key });
  return deleted.length;
}

/** 429 with Retry-After; the message says when, in the user's language. */
export function tooManyRequests(key: string, retryAfterSeconds: number, params: Record<string, unknown> = {}): ApiError {
  return new ApiError(
    429,
    [{ key, params: { ...params, seconds: retryAfterSeconds, when: (language: string) => retryWhen(retryAfterSeconds, language) } }],
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Counts one `action` of a user; 429 when over its limit (ACTION_LIMITS in src/domain/rateLimits.ts). */
export async function limitAction(db: Db, action: LimitedAction, userId: number, times = 1): Promise<void> {
  const limit = ACTION_LIMITS[action];
  let verdict: Verdict = { allowed: true, retryAfterSeconds: 0 };
  for (let i = 0; i < times && verdict.allowed; i++) verdict = await countInWindow(db, `action:${action}:${userId}`, limit);
  if (!verdict.allowed) {
    throw tooManyRequests(`RATELIMIT.${action}`, verdict.retryAfterSeconds, { max: limit.max, window: (language: string) => durationText(limit.windowSeconds, language) });
  }
}

/** Takes back one counted `action` (a password check that found the right password). */
export function uncountAction(db: Db, action: LimitedAction, userId: number): Promise<void> {
  return uncount(db, `action:${action}:${userId}`);
}

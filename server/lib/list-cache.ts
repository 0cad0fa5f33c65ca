import type { Context } from 'hono';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import type { AppEnv } from './context.js';
import { envVar } from '../env.js';

/** The channel every watched table's trigger notifies at commit (migration 0024_data_change_notify). */
export const DATA_CHANNEL = 'px_data';
/**
 * Tables whose changes do not reach the cache: written on every login or request, shown in no list; change_events
 * (the event stream's journal) is written by the triggers of watched tables, whose own notification covers it.
 */
export const UNWATCHED_TABLES = ['sessions', 'rate_limits', 'sso_sessions', 'sso_login_requests', 'scheduler_runs', 'change_events'] as const;
/**
 * How long an answer is kept at most. Changes to the data drop it at once; this bounds only what depends on the
 * clock (a banner's show period, a task that becomes delayed at midnight).
 */
export const LIST_CACHE_TTL_MS = 2_000;
/** At most this many answers and bytes per process; the oldest go first. An answer above the entry limit is not kept. */
export const LIST_CACHE_MAX_ENTRIES = 5_000;
export const LIST_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const LIST_CACHE_MAX_ENTRY_BYTES = 512 * 1024;

interface Entry {
  body: string;
  headers: Record<string, string>;
  storedAt: number;
  /** The change clock when its computation began, and the tables it read (undefined: any table). */
  readAt: number;
  tables: readonly string[] | undefined;
}

/** What a cached answer read: the tables (SQL names) whose changes drop it; undefined: it depends on every table. */
export type ReadTables = readonly string[] | undefined;

/** What the signed-in user is made of (tenants, sales organisations, language): every answer depends on them. */
const USER_TABLES = ['users', 'user_tenants', 'user_sales_orgs', 'user_profiles'];

/** The tables an answer reads, with the user's own. */
export function reading(...tables: string[]): readonly string[] {
  return [...new Set([...tables, ...USER_TABLES])];
}

/** Headers of a list answer worth replaying; everything else is the middleware's, set again on every answer. */
const KEPT_HEADERS = ['content-type', 'content-range', 'x-total-count', 'content-language', 'cache-control'];

/**
 * The JSON answers of list routes (a page of a resource list, My Tasks, the search, the dashboard's counters), per
 * user and URL, in one process. Every committed change to a watched table notifies `px_data` with the table's name
 * (database triggers, whichever process or code path wrote); each process LISTENs and drops the answers that read
 * that table (per-table generations: a banner change keeps My Tasks). An answer whose tables changed while it was
 * computed is not kept. On PostgreSQL, where other processes write, an answer is served only after
 * this process has heard every notification committed before the request arrived (`fresh`, one `select 1` on the
 * listening connection shared by all requests waiting at that moment); PGlite is one process's database, whose
 * notifications arrive before the writing query returns. While the listener is not connected nothing is cached.
 * Access is checked before the cache is asked (the route's own `authorize`), and the user is part of the key.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** The change clock: raised by every notification; `changedAt` says when each table last changed. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  /** When any table last changed (the answers that depend on every table). */
  private anyChangedAt = 0;
  /** When everything was last dropped (a change of unknown tables, the listener up or down). */
  private clearedAt = 0;
  private listening = false;
  private syncWithDatabase: (() => Promise<void>) | undefined;
  private current: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;
  hits = 0;
  misses = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get enabled(): boolean {
    return this.listening;
  }

  /** The listener is up or down; `sync` (PostgreSQL) reaches it with a round trip. Either way the cache starts empty. */
  setListening(listening: boolean, sync?: () => Promise<void>): void {
    this.listening = listening;
    this.syncWithDatabase = sync;
    this.clear();
  }

  /** Raised by every change: an answer begun at one generation is kept only if what it read did not change since. */
  get generation(): number {
    return this.clock;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.clock += 1;
    this.clearedAt = this.anyChangedAt = this.clock;
    this.changedAt.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * A change notified by the triggers: the payload is the table's name. Only the answers that read it (or every
   * table) go, lazily as they are asked for; an empty or unknown payload drops everything.
   */
  changed(table: string | undefined | null): void {
    if (!table) return this.clear();
    this.clock += 1;
    this.anyChangedAt = this.clock;
    this.changedAt.set(table, this.clock);
  }

  /** True if nothing the answer read changed after `readAt`. */
  private unchangedSince(readAt: number, tables: ReadTables): boolean {
    if (this.clearedAt > readAt) return false;
    if (!tables) return this.anyChangedAt <= readAt;
    return tables.every((table) => (this.changedAt.get(table) ?? 0) <= readAt);
  }

  get(key: string): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= LIST_CACHE_TTL_MS || !this.unchangedSince(entry.readAt, entry.tables)) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps what a computation begun at `generation` answered, unless a table it read (`tables`) changed meanwhile. */
  set(key: string, body: string, headers: Record<string, string>, generation: number, tables?: ReadTables): void {
    if (!this.listening || !this.unchangedSince(generation, tables) || body.length > LIST_CACHE_MAX_ENTRY_BYTES) return;
    this.remove(key);
    while (this.entries.size && (this.entries.size >= LIST_CACHE_MAX_ENTRIES || this.bytes + body.length > LIST_CACHE_MAX_BYTES)) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
    this.entries.set(key, { body, headers, storedAt: this.now(), readAt: generation, tables });
    this.bytes += body.length;
  }

  /**
   * True once every notification committed before the call has been applied here (at once on PGlite). On
   * PostgreSQL the callers of one moment share a round trip; a caller arriving while one is on its way waits for
   * the next, since the one under way may have been sent before its request arrived. False: not known, ask the
   * database.
   */
  fresh(): Promise<boolean> | boolean {
    if (!this.listening) return false;
    if (!this.syncWithDatabase) return true;
    if (!this.current) return this.startSync();
    this.queued ??= this.current.then(() => {
      this.queued = undefined;
      return this.current ?? this.startSync();
    });
    return this.queued;
  }

  private startSync(): Promise<boolean> {
    const pending = this.syncWithDatabase!().then(
      () => true,
      () => {
        this.clear();
        return false;
      },
    );
    this.current = pending;
    // Registered before any waiter's `then`, so a waiter finds it cleared and starts the next round trip.
    void pending.finally(() => {
      if (this.current === pending) this.current = undefined;
    });
    return pending;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

const caches = new WeakMap<object, ListCache>();

/** The list cache of the database handle `db` (openDatabase attaches one with its listener); undefined: no cache. */
export function listCacheOf(db: Db): ListCache | undefined {
  return caches.get(db);
}

/** Attaches the cache to the handle, unless `LIST_CACHE=off` (every list then asks the database; the bench's uncached figures). */
export function attachListCache(db: Db, cache: ListCache): void {
  if (envVar('LIST_CACHE') !== 'off') caches.set(db, cache);
}

/**
 * Answers a GET list route from the cache of its database, or computes the answer and keeps it. `compute` must
 * depend only on the database, the user, the URL and the clock (within LIST_CACHE_TTL_MS), and check access
 * before it is called. `tables` names every table it reads (a change to any other keeps the answer); leave it out
 * when that is not known for sure. Only a 200 JSON answer without cookies is kept.
 */
export async function cachedList(c: Context<AppEnv>, user: SessionUser, compute: () => Promise<Response>, tables?: ReadTables): Promise<Response> {
  const cache = listCacheOf(c.get('db'));
  if (!cache?.enabled || c.req.method !== 'GET') return compute();
  const url = new URL(c.req.url);
  const key = `${user.id}\u0000${url.pathname}${url.search}\u0000${c.req.header('accept-language') ?? ''}`;
  if (await cache.fresh()) {
    const entry = cache.get(key);
    if (entry) {
      cache.hits += 1;
      return c.body(entry.body, 200, entry.headers);
    }
  }
  cache.misses += 1;
  const generation = cache.generation;
  const response = await compute();
  if (response.status !== 200 || response.headers.has('set-cookie') || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const body = await response.text();
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  cache.set(key, body, headers, generation, tables);
  return c.body(body, 200, headers);
}

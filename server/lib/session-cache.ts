import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';

/** How long a process trusts a cached session without asking the database (a safety net: changes notify at once). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** At most this many sessions per process; the oldest go first. */
export const SESSION_CACHE_MAX = 10_000;
/** The channel the database's triggers notify (migration 0021_session_invalidation). */
export const SESSION_CHANNEL = 'px_session';

interface Entry {
  user: SessionUser;
  /** The session's own expiry (the database's `expires_at`). */
  sessionExpiresAt: number;
  /** When the session row's last-seen time was last written. */
  lastSeenAt: number;
  cachedUntil: number;
}

/**
 * The sessions one process has read, by session id (the token's hash). Every user-table change and every session
 * deletion notifies `px_session` at commit (database triggers), whichever process or code path wrote; each
 * process LISTENs and drops what it holds. While the listener is not connected the cache answers nothing.
 * A read that overlaps an invalidation is not stored (the generation moved on), so no stale user survives one.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private generationCounter = 0;
  /** True while invalidations can reach this process (the listener is connected). */
  private listening = false;
  /** Waits until every notification committed before the call has been applied here. */
  private syncWithDatabase: () => Promise<void> = async () => undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get enabled(): boolean {
    return this.listening;
  }

  /** The listener is up (`sync` reaches it) or down (everything cached is dropped, nothing is cached). */
  setListening(listening: boolean, sync?: () => Promise<void>): void {
    this.listening = listening;
    if (sync) this.syncWithDatabase = sync;
    this.clear();
  }

  /** Marks the start of a database read whose result may be stored with `set`. */
  get generation(): number {
    return this.generationCounter;
  }

  get(sessionId: string): { user: SessionUser; sessionExpiresAt: number; lastSeenAt: number } | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.cachedUntil <= now || entry.sessionExpiresAt <= now) {
      this.remove(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Stores what a read begun at `generation` found, unless something was invalidated meanwhile. */
  set(sessionId: string, value: { user: SessionUser; sessionExpiresAt: number; lastSeenAt: number }, generation: number): void {
    if (!this.listening || generation !== this.generationCounter) return;
    this.remove(sessionId);
    if (this.entries.size >= SESSION_CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(sessionId, { ...value, cachedUntil: this.now() + SESSION_CACHE_TTL_MS });
    let ids = this.byUser.get(value.user.id);
    if (!ids) this.byUser.set(value.user.id, (ids = new Set()));
    ids.add(sessionId);
  }

  invalidateUser(userId: number): void {
    this.generationCounter += 1;
    for (const sessionId of this.byUser.get(userId) ?? []) this.entries.delete(sessionId);
    this.byUser.delete(userId);
  }

  invalidateSession(sessionId: string): void {
    this.generationCounter += 1;
    this.remove(sessionId);
  }

  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Applies one notification of the `px_session` channel: `u:<user id>` or `s:<session id>`. */
  applyNotification(payload: string | undefined): void {
    if (payload?.startsWith('u:') && /^\d+$/.test(payload.slice(2))) this.invalidateUser(Number(payload.slice(2)));
    else if (payload?.startsWith('s:')) this.invalidateSession(payload.slice(2));
    else this.clear();
  }

  /** After a write in this process: its invalidations have arrived before the answer goes out. */
  async sync(): Promise<void> {
    if (!this.listening) return;
    try {
      await this.syncWithDatabase();
    } catch {
      this.clear();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const ids = this.byUser.get(entry.user.id);
    ids?.delete(sessionId);
    if (ids && !ids.size) this.byUser.delete(entry.user.id);
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The cache of the database handle `db` (openDatabase attaches one with its listener); undefined: always ask the database. */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.get(db);
}

export function attachSessionCache(db: Db, cache: SessionCache): void {
  caches.set(db, cache);
}

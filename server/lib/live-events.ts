import { and, asc, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { MAX_STREAMS_PER_USER, mayHearChange, type LiveEvent, type LiveResource, type ProjectAudience } from '../../src/domain/liveEvents.js';
import { displayName, type SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { changeEvents, projectMembers, projectUnits, userProfiles, users } from '../db/schema.js';
import { logger } from './logging.js';
import { sessionIdOf, userForSession } from './sessions.js';
import { envVar, rawEnv, type EnvSource } from '../env.js';

/** How long the journal keeps a change for a reconnecting browser (older: "reload your lists"). */
export const EVENTS_KEEP_MS = 60 * 60_000;
/** At most this many missed events are replayed on a reconnect; more: one "reload" event. */
export const EVENTS_REPLAY_MAX = 200;
/** An id below the newest one seen but not committed after this long is given up (its transaction rolled back). */
export const EVENTS_GAP_MS = 10_000;
/** A session of an open stream is checked again at least this often (sign-out and deactivation come at once). */
const SESSION_RECHECK_MS = 5 * 60_000;
const POLL_BATCH = 500;

export type ChangeRow = typeof changeEvents.$inferSelect;

/**
 * Which journal ids have been handled. Ids are handed out before commit, so a lower id may become visible after a
 * higher one (two writers on PostgreSQL): everything up to `base` is handled, ids above it are remembered, and a hole
 * is waited for `gapMs` (a rolled-back transaction leaves one for ever).
 */
export class EventCursor {
  private readonly seen = new Set<number>();
  private holeSince: number | undefined;

  constructor(
    public base: number,
    private readonly now: () => number = Date.now,
    private readonly gapMs = EVENTS_GAP_MS,
  ) {}

  /** The rows of a poll (`id > base`, ascending) not handled before; advances over what is complete. */
  accept<T extends { id: number }>(rows: T[]): T[] {
    const fresh = rows.filter((row) => row.id > this.base && !this.seen.has(row.id));
    for (const row of fresh) this.seen.add(row.id);
    this.advance();
    return fresh;
  }

  /** True while a hole waits: poll again after `gapMs` even without a notification. */
  get waiting(): boolean {
    return this.seen.size > 0;
  }

  private advance(): void {
    const before = this.base;
    while (this.seen.has(this.base + 1)) this.seen.delete(++this.base);
    if (!this.seen.size) {
      this.holeSince = undefined;
      return;
    }
    if (this.base !== before || this.holeSince === undefined) this.holeSince = this.now();
    if (this.now() - this.holeSince >= this.gapMs) {
      this.base = Math.min(...this.seen) - 1;
      this.holeSince = undefined;
      this.advance();
    }
  }
}

/** One open stream. `send` writes an event; `close` ends the response. */
export interface LiveListener {
  user: SessionUser;
  sessionToken: string;
  send(event: LiveEvent): void;
  /** Writes ready-made `change` frames (changeFrames): what a poll sends to many streams is encoded once. */
  sendFrames(frames: Uint8Array): void;
  /** Missed more than the journal can replay: the browser reads everything it shows again. */
  reload(): void;
  /** The stream is live from journal id `id` on (the browser's Last-Event-ID until an event comes). */
  ready(id: number): void;
  ping(): void;
  close(): void;
}

interface Registered {
  listener: LiveListener;
  sessionId: string;
  checkAfter: number;
  /** Events arriving while the replay is read are held here, then sent (without those replayed). */
  held: LiveEvent[] | null;
  replayed: Set<number>;
}

/**
 * The event streams of one process. Every committed change of a watched table notifies px_data (migration 0024) and
 * its triggers wrote the change journal (0026) in the same transaction; on a notification the hub reads the journal
 * after its cursor (one query per burst, only while streams are open), checks per event and stream who may hear it
 * (two queries per batch, whatever the number of streams) and writes the events. Session notifications (px_session)
 * re-check the sessions of open streams: a signed-out or deactivated user's stream ends.
 */
/**
 * LIVE_STREAMS_PER_USER: open streams per user and process (default MAX_STREAMS_PER_USER). Raised for load tests
 * and kiosks that share one account; a bad value stops the start, naming the variable.
 */
export function streamsPerUser(env: EnvSource = rawEnv()): number {
  const raw = env.LIVE_STREAMS_PER_USER;
  if (raw === undefined || raw === '') return MAX_STREAMS_PER_USER;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new Error(`LIVE_STREAMS_PER_USER must be a whole number from 1 to 10000, not "${raw}"`);
  return value;
}

const frameEncoder = new TextEncoder();

/** Server-Sent Events `change` frames of these events, as bytes (JSON has no line breaks: one data line each). */
export function changeFrames(events: readonly LiveEvent[]): Uint8Array {
  return frameEncoder.encode(events.map((event) => `event: change\nid: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
}

export class LiveHub {
  private readonly streams = new Set<Registered>();
  /** Open streams allowed per user (LIVE_STREAMS_PER_USER). */
  readonly maxPerUser = streamsPerUser();
  private cursor: EventCursor | undefined;
  private polling: Promise<void> | undefined;
  private again = false;
  private gapTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly heartbeatMs = envVar('EVENTS_HEARTBEAT_MS'),
  ) {}

  get size(): number {
    return this.streams.size;
  }

  streamsOf(userId: number): number {
    let count = 0;
    for (const stream of this.streams) if (stream.listener.user.id === userId) count += 1;
    return count;
  }

  canOpen(userId: number): boolean {
    return this.streamsOf(userId) < this.maxPerUser;
  }

  /**
   * Registers a stream; with `lastEventId` the changes after it are replayed first (or "reload" when more were
   * missed than kept), then `ready`, then what arrived meanwhile.
   */
  async open(listener: LiveListener, lastEventId: number | undefined): Promise<void> {
    const stream: Registered = { listener, sessionId: sessionIdOf(listener.sessionToken), checkAfter: Date.now() + SESSION_RECHECK_MS, held: [], replayed: new Set() };
    this.streams.add(stream);
    this.startHeartbeat();
    const cursor = await this.ensureCursor();
    // A journal read under way delivers to this stream only what it has not accepted yet: let it finish.
    await this.settled();
    const upTo = cursor.base;
    if (lastEventId !== undefined && lastEventId < upTo) {
      const missed = await this.db
        .select()
        .from(changeEvents)
        .where(and(gt(changeEvents.id, lastEventId), lte(changeEvents.id, upTo)))
        .orderBy(asc(changeEvents.id))
        .limit(EVENTS_REPLAY_MAX + 1);
      if (missed.length > EVENTS_REPLAY_MAX || (await this.pruned(lastEventId))) listener.reload();
      else {
        for (const event of (await this.audience(missed, [stream])).get(stream) ?? []) {
          stream.replayed.add(event.id);
          listener.send(event);
        }
      }
    }
    listener.ready(Math.max(upTo, lastEventId ?? 0));
    for (const event of stream.held ?? []) if (!stream.replayed.has(event.id)) listener.send(event);
    stream.held = null;
    stream.replayed.clear();
  }

  close(listener: LiveListener): void {
    for (const stream of this.streams) if (stream.listener === listener) this.streams.delete(stream);
    if (!this.streams.size) this.stopHeartbeat();
  }

  /** Ends every stream (the process stops: the browsers reconnect to another one or to its successor). */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.listener.close();
    this.streams.clear();
    this.stopHeartbeat();
    clearTimeout(this.gapTimer);
  }

  /** px_data arrived: read the journal after the cursor. */
  signal(): void {
    if (!this.streams.size) {
      // Nobody listens: the next stream starts from the journal's end.
      this.cursor = undefined;
      return;
    }
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = this.poll()
      .catch((error) => logger.warn({ err: error }, 'live events: the change journal could not be read'))
      .finally(() => {
        this.polling = undefined;
        if (this.again) {
          this.again = false;
          this.signal();
        }
      });
  }

  /** px_session arrived (`u:<user id>`, `s:<session id>`, or anything else: every session). */
  sessionChanged(payload: string | undefined): void {
    const user = payload?.startsWith('u:') ? Number(payload.slice(2)) : undefined;
    const session = payload?.startsWith('s:') ? payload.slice(2) : undefined;
    for (const stream of this.streams) {
      if (user !== undefined && stream.listener.user.id !== user) continue;
      if (session !== undefined && stream.sessionId !== session) continue;
      void this.recheck(stream);
    }
  }

  /** Resolves once the hub has read what was notified so far (tests, the bench). */
  async settled(): Promise<void> {
    while (this.polling) await this.polling;
  }

  private async recheck(stream: Registered): Promise<void> {
    stream.checkAfter = Date.now() + SESSION_RECHECK_MS;
    const user = await userForSession(this.db, stream.listener.sessionToken).catch(() => stream.listener.user);
    if (!this.streams.has(stream)) return;
    if (!user) {
      this.streams.delete(stream);
      stream.listener.close();
      return;
    }
    stream.listener.user = user;
  }

  private async ensureCursor(): Promise<EventCursor> {
    if (!this.cursor) {
      const [row] = await this.db.select({ max: sql<number | null>`max(${changeEvents.id})` }).from(changeEvents);
      this.cursor ??= new EventCursor(Number(row?.max ?? 0));
    }
    return this.cursor;
  }

  private async pruned(lastEventId: number): Promise<boolean> {
    const [row] = await this.db.select({ min: sql<number | null>`min(${changeEvents.id})` }).from(changeEvents);
    return row?.min === null || row?.min === undefined || Number(row.min) > lastEventId + 1;
  }

  private async poll(): Promise<void> {
    const cursor = await this.ensureCursor();
    for (;;) {
      const rows = await this.db.select().from(changeEvents).where(gt(changeEvents.id, cursor.base)).orderBy(asc(changeEvents.id)).limit(POLL_BATCH);
      const fresh = cursor.accept(rows);
      if (fresh.length) {
        const deliveries = await this.audience(fresh, [...this.streams]);
        // Streams that hear the same events get the same bytes, encoded once (1,000 streams: one encoding, not 1,000).
        const encoded = new Map<string, Uint8Array>();
        for (const [stream, events] of deliveries) {
          if (!this.streams.has(stream)) continue;
          if (stream.held) {
            stream.held.push(...events);
            continue;
          }
          const key = events.map((event) => event.id).join(',');
          let frames = encoded.get(key);
          if (!frames) encoded.set(key, (frames = changeFrames(events)));
          stream.listener.sendFrames(frames);
        }
      }
      if (rows.length < POLL_BATCH) break;
    }
    clearTimeout(this.gapTimer);
    if (cursor.waiting) {
      this.gapTimer = setTimeout(() => this.signal(), EVENTS_GAP_MS);
      this.gapTimer.unref();
    }
  }

  /** The events each stream may hear, in journal order. */
  private async audience(rows: ChangeRow[], streams: Registered[]): Promise<Map<Registered, LiveEvent[]>> {
    const result = new Map<Registered, LiveEvent[]>();
    if (!rows.length || !streams.length) return result;
    const roots = [...new Set(rows.map((row) => row.rootId).filter((id): id is number => id !== null))];
    const userIds = [...new Set(streams.map((stream) => stream.listener.user.id))];
    const projects = new Map<number, ProjectAudience & { memberIds: Set<number> }>();
    if (roots.length) {
      for (const unit of await this.db.select({ id: projectUnits.id, tenantId: projectUnits.tenantId }).from(projectUnits).where(inArray(projectUnits.id, roots))) {
        projects.set(unit.id, { tenantId: unit.tenantId, memberIds: new Set() });
      }
      const members = await this.db
        .select({ rootId: projectMembers.rootId, userId: projectMembers.userId })
        .from(projectMembers)
        .where(and(inArray(projectMembers.rootId, roots), inArray(projectMembers.userId, userIds)));
      for (const member of members) projects.get(member.rootId)?.memberIds.add(member.userId);
    }
    const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is number => id !== null))];
    const actors = new Map<number, string>();
    if (actorIds.length) {
      const found = await this.db
        .select({ id: users.id, login: users.login, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
        .from(users)
        .leftJoin(userProfiles, sql`${userProfiles.userId} = ${users.id}`)
        .where(inArray(users.id, actorIds));
      for (const actor of found) actors.set(actor.id, displayName({ login: actor.login, firstName: actor.firstName ?? '', lastName: actor.lastName ?? '' }));
    }
    for (const row of rows) {
      const event: LiveEvent = {
        id: row.id,
        resource: row.resource as LiveResource,
        kind: row.kind as LiveEvent['kind'],
        ids: row.ids,
        root: row.rootId,
        actor: row.actorId !== null && actors.has(row.actorId) ? { id: row.actorId, name: actors.get(row.actorId)! } : null,
        at: row.at.toISOString(),
      };
      const project = row.rootId === null ? undefined : projects.get(row.rootId);
      for (const stream of streams) {
        if (!mayHearChange(stream.listener.user, { resource: row.resource, root: row.rootId, user: row.userId }, project)) continue;
        let list = result.get(stream);
        if (!list) result.set(stream, (list = []));
        list.push(event);
      }
    }
    return result;
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      for (const stream of this.streams) {
        stream.listener.ping();
        if (stream.checkAfter <= now) void this.recheck(stream);
      }
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/** Drops journal entries older than EVENTS_KEEP_MS (the scheduler, every few minutes). */
export async function pruneChangeEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(changeEvents).where(lt(changeEvents.at, new Date(now.getTime() - EVENTS_KEEP_MS)));
}

const hubs = new WeakMap<object, LiveHub>();

/** The event hub of the database handle `db` (openDatabase attaches one beside its listener). */
export function liveHubOf(db: Db): LiveHub | undefined {
  return hubs.get(db);
}

export function attachLiveHub(db: Db, hub: LiveHub): void {
  hubs.set(db, hub);
}

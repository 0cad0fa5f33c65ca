import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { logger } from '../lib/logging.js';
import { attachListCache, DATA_CHANNEL, ListCache } from '../lib/list-cache.js';
import { attachSessionCache, SESSION_CHANNEL, SessionCache } from '../lib/session-cache.js';
import { attachLiveHub, LiveHub } from '../lib/live-events.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';
import { nameActorsInBegin, nameActorsInTransactions, noteSessionWrites } from '../lib/actor.js';
import { envVar } from '../env.js';
import { transactionsFirst } from './pool-priority.js';
import { nameRepeatedStatements } from './named-statements.js';
import { carryBeginWithFirstStatement, carryWritesInCommit, type PgModule } from './transaction-round-trips.js';
import { nameRepeatedPgliteStatements } from './pglite-named-statements.js';
import { appPath } from '../paths.js';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PGlite only: a tarball of its data folder, taken between two transactions — gzipped (backups) unless 'none' is
   * asked for (a test template, unpacked many times a run).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

const migrationsFolder = appPath('server', 'db', 'migrations');

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL server; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  dataDir?: string;
  /** PGlite only: start from this dumped data folder (`dumpDataDir`), e.g. an already migrated template. */
  loadDataDir?: Blob;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir, options.loadDataDir);
  return database;
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  // PGlite is one process's database: a second process on the same folder is refused (lock file with the pid).
  const releaseLock = dataDir ? acquireDataDirLock(resolve(dataDir)) : () => undefined;
  try {
    const client = new PGlite(dataDir ? resolve(dataDir) : 'memory://', { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    const db = drizzle(client, { schema }) as unknown as Db;
    nameActorsInTransactions(db);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    if (envVar('DB_NAMED_STATEMENTS')) await nameRepeatedPgliteStatements(client);
    // One process holds the embedded database: its notifications arrive before the writing query returns.
    const sessionCache = new SessionCache();
    // The browsers' event streams hear the same notifications (server/lib/live-events.ts).
    const liveHub = new LiveHub(db);
    attachLiveHub(db, liveHub);
    await client.listen(SESSION_CHANNEL, (payload) => {
      sessionCache.applyNotification(payload);
      liveHub.sessionChanged(payload);
    });
    sessionCache.setListening(true);
    attachSessionCache(db, sessionCache);
    const listCache = new ListCache();
    await client.listen(DATA_CHANNEL, (table) => {
      listCache.changed(table);
      liveHub.signal();
    });
    listCache.setListening(true);
    attachListCache(db, listCache);
    return {
      db,
      kind: 'pglite',
      close: () => {
        liveHub.closeAll();
        return client.close().finally(releaseLock);
      },
      // Inside a transaction of its own: PGlite runs one at a time, so no other is half-way through.
      dumpDataDir: (compression = 'gzip') => client.transaction(() => client.dumpDataDir(compression)),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * What every PostgreSQL connection of the portal runs with (the startup packet's `options`, no round trip): no Memoize
 * nodes (#36). The lists walk an index and stop at a page, but a Memoize sizes its cache by the rows the whole walk
 * would read: at a million units staff's My Tasks spent 3.5 of its 6.2 ms setting up and freeing that cache
 * (PostgreSQL 15; docs/decisions.md).
 */
export const SESSION_SETTINGS = '-c enable_memoize=off';

/** The pool's connection settings: the URL with SESSION_SETTINGS added to any `options` it names itself. */
export function withSessionSettings(url: string): { connectionString: string; options: string } {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL: node-postgres reads it as it is.
  }
  const own = parsed?.searchParams.get('options');
  if (!parsed || !own) return { connectionString: url, options: SESSION_SETTINGS };
  // node-postgres lets the URL's `options` win over the pool's: move them over, ours after.
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${own} ${SESSION_SETTINGS}` };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ ...withSessionSettings(url), max: envVar('DB_POOL_SIZE') });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') logger.error({ err: error }, 'PostgreSQL connection error');
  });
  if (envVar('DB_NAMED_STATEMENTS')) nameRepeatedStatements(pool);
  // A write waits for one connection for its whole transaction, a read for one per query: writes go first.
  transactionsFirst(pool);
  // Each wraps the connection's `query` around the ones before it (transaction-round-trips.ts names the order).
  pool.on('connect', carryBeginWithFirstStatement(pg.default as unknown as PgModule));
  pool.on('connect', nameActorsInBegin);
  pool.on('connect', noteSessionWrites);
  pool.on('connect', carryWritesInCommit(pg.default as unknown as PgModule));
  const ndb = drizzle(pool, { schema });
  // Several server processes may start at once: one applies the migrations, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(ndb, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  const db = ndb as unknown as Db;
  const stopListening = await listenForSessionChanges(pg.default, url, db);
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await stopListening();
      await pool.end();
    },
  };
}

/**
 * The session and list caches of a PostgreSQL process: one connection of its own LISTENs on px_session and px_data
 * (the triggers of migrations 0021 and 0024 notify every process at commit). When it drops, both caches empty and
 * stay off until the connection is back.
 */
async function listenForSessionChanges(pgModule: typeof import('pg').default, url: string, db: Db): Promise<() => Promise<void>> {
  const sessionCache = new SessionCache();
  attachSessionCache(db, sessionCache);
  const listCache = new ListCache();
  attachListCache(db, listCache);
  const liveHub = new LiveHub(db);
  attachLiveHub(db, liveHub);
  let stopped = false;
  let client: InstanceType<typeof pgModule.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const listener = new pgModule.Client({ connectionString: url });
    listener.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) {
        sessionCache.applyNotification(message.payload);
        liveHub.sessionChanged(message.payload);
      } else if (message.channel === DATA_CHANNEL) {
        listCache.changed(message.payload);
        liveHub.signal();
      }
    });
    const lost = (error?: Error) => {
      if (client !== listener) return;
      client = null;
      sessionCache.setListening(false);
      listCache.setListening(false);
      listener.end().catch(() => undefined);
      if (stopped) return;
      if (error) logger.warn({ err: error }, 'session cache: notification connection lost; reconnecting');
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    listener.on('error', lost);
    listener.on('end', () => lost());
    client = listener;
    try {
      await listener.connect();
      await listener.query(`listen ${SESSION_CHANNEL}`);
      await listener.query(`listen ${DATA_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    // A notification committed before a write's answer reaches this connection before its next result.
    if (client === listener) {
      // Callers at the same moment share one round trip: one that arrives while a round trip is under way waits
      // for the next one (the one under way may have been answered before its own moment), which starts once the
      // current has come back — one query at a time on this connection, however many requests ask.
      const sync = sharedRoundTrip(async () => void (await listener.query('select 1')));
      sessionCache.setListening(true, sync);
      listCache.setListening(true, sync);
      // What was committed while the listener was away reaches the open streams now.
      liveHub.signal();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    liveHub.closeAll();
    const listener = client;
    client = null;
    sessionCache.setListening(false);
    listCache.setListening(false);
    await listener?.end().catch(() => undefined);
  };
}

/**
 * `run` shared by concurrent callers: one in flight at a time; whoever calls while one is under way gets the next
 * (started when the current one settles), shared by all who called meanwhile.
 */
export function sharedRoundTrip(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const current = run().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
    return current;
  };
  return () => {
    if (!inFlight) return start();
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/** The rows of `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

/** True when the database has no user yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Planner statistics and the visibility map: PGlite has no autovacuum, so without this it plans every query blind
 * and can never answer a count from an index alone (the unit list's total over 10,000 units: 34 → 21 ms).
 */
export async function analyze(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.db.execute(sql`vacuum analyze`);
}

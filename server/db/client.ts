import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { logger } from '../lib/logging.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of its data folder, taken between two transactions (backups). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres://… uses a PostgreSQL server; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  dataDir?: string;
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  return database;
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  // PGlite is one process's database: a second process on the same folder is refused (lock file with the pid).
  const releaseLock = dataDir ? acquireDataDirLock(resolve(dataDir)) : () => undefined;
  try {
    const client = new PGlite(dataDir ? resolve(dataDir) : 'memory://', { extensions: { pg_trgm } });
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: () => client.close().finally(releaseLock),
      // Inside a transaction of its own: PGlite runs one at a time, so no other is half-way through.
      dumpDataDir: () => client.transaction(() => client.dumpDataDir('gzip')),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') logger.error({ err: error }, 'PostgreSQL connection error');
  });
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
  return { db: ndb as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** True when the database has no user yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return Number(row?.n ?? 0) === 0;
}

/** Planner statistics: PGlite has no autovacuum, so without this it plans every query blind. */
export async function analyze(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
}

import { randomBytes } from 'node:crypto';

export interface ThrowawayDatabase {
  name: string;
  /** The database's own URL (the server's URL with its name). */
  url: string;
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server of `adminUrl` (a copy of `template` if given), dropped by `drop()`: the
 * one way the API, concurrency, socket, browser and bench suites make a throwaway PostgreSQL database.
 */
export async function createThrowawayDatabase(adminUrl: string, prefix: string, template?: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** The database `name` on that server, empty (dropped first if it was there: the bench's fixed names); its URL. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  await onServer(adminUrl, `drop database if exists ${name} with (force)`);
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

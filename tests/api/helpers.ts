import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFileStorage } from '../../server/services/file-storage.js';
import { createApp, type App } from '../../server/app.js';
import { openDatabase, type Database, type Db } from '../../server/db/client.js';
import type { AppConfig } from '../../server/lib/context.js';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed.js';

export { DEMO_PASSWORD };

export interface TestContext {
  app: App;
  db: Db;
  /** The throwaway PostgreSQL database's URL (with TEST_DATABASE_URL), for a second connection pool. */
  databaseUrl?: string;
  /** Session cookie header of a demo user. */
  login(username: string, password?: string): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface RequestOptions {
  cookie?: string;
  body?: unknown;
  /** Raw body, sent as is (for malformed JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * A fresh database with the demo seed and the app on top of it.
 * With TEST_DATABASE_URL (postgres://…/postgres) each test file gets its own PostgreSQL database.
 */
export async function createTestContext(options: { seed?: boolean; config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const pg = await import('pg');
    const name = `px_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    dropDatabase = async () => {
      const client = new pg.default.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    database = await openDatabase({});
  }
  const files = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-test-files-')));
  if (options.seed !== false) await seedDemo(database.db, files);
  const app = createApp(database.db, options.config ?? {}, files);

  const request = (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    return Promise.resolve(app.request(`http://localhost${path}`, { method, headers, body }));
  };

  return {
    app,
    db: database.db,
    databaseUrl,
    request,
    async login(username: string, password = DEMO_PASSWORD) {
      const response = await request('POST', '/api/auth/login', { body: { username, password } });
      if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${await response.text()}`);
      const cookie = response.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0];
    },
    async close() {
      await database.close();
      await dropDatabase?.();
    },
  };
}

/** Asserts the error shape every API error has, and returns the message references. */
export async function expectErrorShape(response: Response, status: number): Promise<{ text: string; reference?: string; key?: string }[]> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.clone().text()}`);
  const body = (await response.json()) as { status: number; messages: { type: string; text: string; reference?: string; key?: string }[] };
  if (body.status !== status) throw new Error(`body status ${body.status} != ${status}`);
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw new Error('no messages');
  for (const message of body.messages) {
    if (message.type !== 'error' || typeof message.text !== 'string' || !message.text) throw new Error(`bad message ${JSON.stringify(message)}`);
  }
  return body.messages;
}

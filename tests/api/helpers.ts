import { DiskFileStorage, type FileStorage } from '../../server/services/file-storage.js';
import { checkResponse } from './contract.js';
import { createApp, type App } from '../../server/app.js';
import type { AppConfig } from '../../server/lib/context.js';
import { openDatabase, type Database, type Db } from '../../server/db/client.js';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed.js';
import { users } from '../../server/db/schema.js';
import { createSession, SESSION_COOKIE } from '../../server/lib/sessions.js';
import { sessionCacheOf } from '../../server/lib/session-cache.js';
import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createTestStorage } from './storage-fixture.js';
import { createThrowawayDatabase } from '../support/databases.js';

export { DEMO_PASSWORD };

export interface TestContext {
  app: App;
  db: Db;
  /** The app's file storage: the disk, or a local S3 bucket in the vitest project "s3". */
  files: FileStorage;
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
  let seededFrom: string | undefined;
  if (adminUrl) {
    // A copy of the run's migrated template (tests/api/global-setup.ts) where there is one.
    const throwaway = await createThrowawayDatabase(adminUrl, 'px_test', inject('postgresTemplate') || undefined);
    databaseUrl = throwaway.url;
    database = await openDatabase({ databaseUrl });
    dropDatabase = throwaway.drop;
  } else {
    // The demo as seeded once per run (tests/api/seed-template.ts), or the migrated template for a file without it.
    const demo = options.seed !== false ? inject('pgliteDemoTemplate')?.database : undefined;
    const template = demo || inject('pgliteTemplate');
    database = await openDatabase(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {});
    if (demo) seededFrom = inject('pgliteDemoTemplate').files;
  }
  const storage = await createTestStorage();
  const files = storage.storage;
  if (seededFrom) await copyFiles(new DiskFileStorage(seededFrom), files);
  else if (options.seed !== false) await seedDemo(database.db, files);
  const app = createApp(database.db, options.config ?? {}, files);
  // The whole suite checks every answer against the published OpenAPI document (tests/api/contract.ts).
  const rawRequest = app.request.bind(app);
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const response = await rawRequest(input as string, init, ...(rest as []));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    await checkResponse(init?.method ?? (input instanceof Request ? input.method : 'GET'), url, response);
    return response;
  }) as typeof app.request;

  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    // A test's own writes through `t.db` stand for another process's: on PostgreSQL their invalidations reach the
    // session cache by LISTEN/NOTIFY a moment later. Wait for them, as a later request of a real client would.
    await sessionCacheOf(database.db)?.sync();
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    return app.request(`http://localhost${path}`, { method, headers, body });
  };

  return {
    app,
    db: database.db,
    files,
    databaseUrl,
    request,
    async login(username: string, password = DEMO_PASSWORD) {
      // External logins sign in through the identity provider (tests/api/oidc.test.ts drives that flow): open their session directly.
      const [external] = await database.db.select({ id: users.id }).from(users).where(and(eq(users.login, username), eq(users.isExternalLogin, true)));
      if (external) return `${SESSION_COOKIE}=${(await createSession(database.db, external.id)).token}`;
      const response = await request('POST', '/api/auth/login', { body: { username, password } });
      if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${await response.text()}`);
      const cookie = response.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0];
    },
    async close() {
      await database.close();
      await dropDatabase?.();
      await storage.close();
    },
  };
}

/** The demo's stored files (avatars, logos, project files) into a test file's own storage. */
async function copyFiles(from: FileStorage, to: FileStorage): Promise<void> {
  for await (const key of from.list()) await to.put(key, (await from.get(key))!);
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

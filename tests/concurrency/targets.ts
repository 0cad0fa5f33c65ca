import { openDatabase, type Database, type Db } from '../../server/db/client.js';
import { createTestContext } from '../api/helpers.js';
import { and, eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.js';
import { createSession, SESSION_COOKIE } from '../../server/lib/sessions.js';
import { startTestServer } from '../support/server.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/databases.js';
import { sessionCookie } from '../support/session.js';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * Where the suite fires its requests: the embedded database (one app, PGlite — requests queue for its one
 * connection, which proves the code paths) or two real server processes on one fresh PostgreSQL database
 * (real concurrency: two pools, requests alternating between the processes). `db` reads and prepares data directly.
 */
export interface Target {
  name: string;
  db: Db;
  call(login: string, method: string, path: string, body?: unknown): Promise<Answer>;
  close(): Promise<void>;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (an HTML error page would be a finding of its own: the status says it)
  }
  return { status: response.status, body };
}

/** The embedded database in this process: the app answers through `app.request()`, as in the API tests. */
export async function embeddedTarget(): Promise<Target> {
  const t = await createTestContext();
  const cookies = new Map<string, string>();
  const cookie = async (login: string) => {
    if (!cookies.has(login)) cookies.set(login, await t.login(login));
    return cookies.get(login)!;
  };
  return {
    name: 'embedded database (PGlite), one process',
    db: t.db,
    async call(login, method, path, body) {
      return answer(await t.request(method, path, { cookie: await cookie(login), body }));
    },
    close: () => t.close(),
  };
}


interface ServerProcess {
  baseURL: string;
  stop(): Promise<void>;
}

/** A real server process (server/index.ts) on the given PostgreSQL database, once it is ready (/api/ready). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startTestServer({ databaseUrl, env });
}

/** A fresh database on the PostgreSQL server of `adminUrl` (…/postgres), and its removal. */
export function freshPostgresDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(adminUrl, 'px_concurrency');
}

/**
 * Two server processes on one fresh PostgreSQL database. The first seeds the demo data; the second starts on
 * the seeded database. Requests alternate between them, so every burst runs in both processes at once.
 */
export async function postgresTarget(adminUrl: string): Promise<Target> {
  const database = await freshPostgresDatabase(adminUrl);
  const servers: ServerProcess[] = [];
  let direct: Database | undefined;
  try {
    servers.push(await startServer(database.url));
    servers.push(await startServer(database.url));
    direct = await openDatabase({ databaseUrl: database.url });
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    throw error;
  }
  const cookies = new Map<string, string>();
  const cookie = async (login: string) => {
    if (!cookies.has(login)) {
      // External logins sign in through the identity provider (tests/api/oidc.test.ts): their session is opened directly.
      const [external] = await direct!.db.select({ id: users.id }).from(users).where(and(eq(users.login, login), eq(users.isExternalLogin, true)));
      if (external) {
        cookies.set(login, `${SESSION_COOKIE}=${(await createSession(direct!.db, external.id)).token}`);
        return cookies.get(login)!;
      }
      cookies.set(login, await sessionCookie(servers[0].baseURL, login));
    }
    return cookies.get(login)!;
  };
  let next = 0;
  return {
    name: 'PostgreSQL, two server processes',
    db: direct.db,
    async call(login, method, path, body) {
      const server = servers[next++ % servers.length];
      const headers: Record<string, string> = { cookie: await cookie(login) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return answer(await fetch(`${server.baseURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    },
    async close() {
      await direct?.close();
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    },
  };
}

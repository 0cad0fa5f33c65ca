import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../../server/lib/cluster.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/databases.js';
import { sessionCookie } from '../support/session.js';
import { serverEnv, startServerProcess, waitUntilReady, type ServerProcess } from './server-process.js';

describe('WEB_CONCURRENCY', () => {
  it('is one process by default and several only on PostgreSQL', () => {
    expect(serverProcesses({})).toEqual({ processes: 1 });
    expect(serverProcesses({ WEB_CONCURRENCY: '1' })).toEqual({ processes: 1 });
    expect(serverProcesses({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' })).toEqual({ processes: 2 });
    expect(serverProcesses({ WEB_CONCURRENCY: '2' })).toEqual({ error: expect.stringContaining('needs PostgreSQL') });
    for (const wrong of ['0', '-1', 'two', '1.5', '33']) expect(serverProcesses({ WEB_CONCURRENCY: wrong, DATABASE_URL: 'postgres://db/portal' })).toHaveProperty('error');
  });

  it('the server refuses two processes on the embedded database with a clear message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'px-concurrency-'));
    try {
      const server = startServerProcess(serverEnv(dataDir, { WEB_CONCURRENCY: '2' }));
      await expect(server).rejects.toThrow('exited with 1');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl).sequential('two server processes on one PostgreSQL database', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'px-concurrency-'));
  let server: ServerProcess | undefined;
  let database: ThrowawayDatabase | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('start on an empty database (one seeds), share the port, and a logout in one ends the session in both', async () => {
    database = await createThrowawayDatabase(adminUrl!, 'px_test');
    server = await startServerProcess(serverEnv(dataDir, { WEB_CONCURRENCY: '2', DATABASE_URL: database.url }));
    // Both processes ready: every answer of many in a row.
    for (let i = 0; i < 10; i++) await waitUntilReady(server.baseURL);
    const workers = execFileSync('pgrep', ['-P', String(server.child.pid)]).toString().trim().split('\n');
    expect(workers).toHaveLength(2);

    const cookie = await sessionCookie(server.baseURL, 'customer');
    const me = () => Promise.all(Array.from({ length: 20 }, () => fetch(`${server!.baseURL}/api/auth/me`, { headers: { cookie }, keepalive: false }).then((r) => r.status)));
    expect(new Set(await me())).toEqual(new Set([200]));
    expect((await fetch(`${server.baseURL}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 200));
    expect(new Set(await me())).toEqual(new Set([401]));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

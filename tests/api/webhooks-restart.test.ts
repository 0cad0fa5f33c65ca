import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../support/databases.js';
import { sessionCookie } from '../support/session.js';
import { startReceiver } from './webhook-receiver.js';
import { freePort } from '../support/ports.js';
import { copyDataDir, startTestServer, type TestServer } from '../support/server.js';
import { demoDataDir } from './socket-server.js';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dataDir: string;
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | undefined;


/** The real server (server/index.ts) on the test's database, delivering webhooks every 100 ms. */
async function startServer(port: number): Promise<TestServer> {
  return startTestServer({
    port,
    dataDir,
    databaseUrl,
    env: {
      NODE_ENV: 'production',
      WEBHOOK_INTERVAL_MS: '100',
      WEBHOOK_LEASE_MS: '1500',
      WEBHOOK_TIMEOUT_MS: '60000',
      WEBHOOK_RETRY_DELAYS_MS: '200,200',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    },
    // /api/health answers as soon as the process listens; the portal serves requests once /api/ready says so.
    readyTimeoutMs: 90_000,
  });
}

const call = (base: string, cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  receiver = await startReceiver('hang');
  dataDir = mkdtempSync(join(tmpdir(), 'px-webhook-kill-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const throwaway = await createThrowawayDatabase(adminUrl, 'px_test_kill');
    databaseUrl = throwaway.url;
    dropDatabase = throwaway.drop;
  } else copyDataDir(demoDataDir(), dataDir);
});
afterAll(async () => {
  await receiver?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between commit and delivery', () => {
  it('still delivers the event after a restart, with the same webhook-id (at least once)', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServer(port);
    try {
      const admin = await sessionCookie(base, 'admin');
      const customer = await sessionCookie(base, 'customer');
      const lots = (await (await call(base, customer, 'GET', `/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: 'Wandelemente Bauabschnitt 1' }))}`)).json()) as { id: number; tenantID: number }[];
      const lot = lots[0];
      const created = await call(base, admin, 'POST', '/api/data/planxchange/webhooks', { tenantID: lot.tenantID, url: receiver.url, eventTypes: ['order.placed'] });
      expect(created.status).toBe(201);
      const endpoint = (await created.json()) as { id: number };

      const placed = await call(base, customer, 'PUT', `/api/data/planxchange/projectunitstates/${lot.id}`, { projectUnitID: lot.id, action: 'PlaceOrder' });
      expect(placed.status).toBe(200);
      // The receiver got the request but never answers: the server dies before it could mark anything done.
      await receiver.waitFor(1);
      const killed = server.child;
      killed.kill('SIGKILL');
      await new Promise((r) => killed.once('exit', r));

      receiver.setFallback(204);
      server = await startServer(port);
      await receiver.waitFor(2, 30_000);
      expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
      expect(receiver.received[1].json.type).toBe('order.placed');

      const adminAgain = await sessionCookie(base, 'admin');
      let deliveries: { status: string; attempts: number; attemptLog: unknown[] }[] = [];
      for (let i = 0; i < 50; i++) {
        const response = await call(base, adminAgain, 'GET', `/api/data/planxchange/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ endpointID: endpoint.id }))}`);
        deliveries = (await response.json()) as typeof deliveries;
        if (deliveries[0]?.status === 'succeeded') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The killed attempt left no record (it never finished); the one after the restart succeeded.
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(receiver.received).toHaveLength(2);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);
});

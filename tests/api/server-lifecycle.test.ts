import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../src/domain/projectFiles.js';
import { simplePdf } from '../../server/lib/pdf.js';
import { sessionCookie } from '../support/session.js';
import { runBackupCommand, serverEnv, startServerProcess, waitUntilReady, type ServerProcess } from './server-process.js';

/**
 * The real server (server/index.ts) on the embedded database, one run through its life: readiness while it
 * starts, a log line per request, a backup while it runs, a graceful stop with a download under way, then
 * wipe, restore and start again on the same data and files. PGlite only: PostgreSQL is backed up with pg_dump.
 */

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'px-lifecycle-'));
const backupFile = join(mkdtempSync(join(tmpdir(), 'px-backup-')), 'portal.tar');
const env = serverEnv(dataDir, { SHUTDOWN_DRAIN_MS: '1500', METRICS_TOKEN: 'lifecycle-metrics-token' });
let server: ServerProcess;
let cookie = '';
let root = 0;
const probe = simplePdf('Backup probe', ['kept by the backup']);
let filesBefore: ProjectFile[] = [];
let avatarBefore = '';

async function rootId(baseURL: string): Promise<number> {
  const response = await fetch(`${baseURL}/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: 'Weserblick' }))}`, { headers: { cookie } });
  const rows = (await response.json()) as { id: number; title: string; parentID?: number | null }[];
  const found = rows.find((row) => row.title === 'Wohnpark Weserblick');
  if (!found) throw new Error(`no Wohnpark Weserblick in ${JSON.stringify(rows).slice(0, 300)}`);
  return found.id;
}

async function upload(baseURL: string, name: string, bytes: Uint8Array): Promise<ProjectFile> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${baseURL}/api/file/${root}/${root}`, { method: 'POST', headers: { cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as ProjectFile[])[0];
}

const listFiles = async (baseURL: string) => ((await (await fetch(`${baseURL}/api/file/${root}/${root}`, { headers: { cookie } })).json()) as ProjectFile[]).sort((a, b) => a.id - b.id);
const download = async (baseURL: string, file: ProjectFile) => Buffer.from(await (await fetch(`${baseURL}/api/file/${root}/${root}/${file.id}/content`, { headers: { cookie } })).arrayBuffer());
const avatarOf = async (baseURL: string) => {
  const me = (await (await fetch(`${baseURL}/api/auth/me`, { headers: { cookie } })).json()) as { id: number };
  const response = await fetch(`${baseURL}/api/data/planxchange/profilefiles/${me.id}/thumbnail.png`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return sha(new Uint8Array(await response.arrayBuffer()));
};

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(join(backupFile, '..'), { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL).sequential('the server from start to restore', { timeout: 180_000 }, () => {
  it('is alive but not ready while it starts, then ready', async () => {
    server = await startServerProcess(env);
    const starting = await fetch(`${server.baseURL}/api/ready`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: 'starting' });
    expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
    const early = await fetch(`${server.baseURL}/api/auth/me`, { headers: { 'accept-language': 'de' } });
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('5');
    const body = (await early.json()) as { messages: { key: string; text: string }[]; requestId: string };
    expect(body.messages[0]).toMatchObject({ key: 'ERRORMESSAGES.Unavailable', text: expect.stringContaining('Portal') });
    expect(body.requestId).toBe(early.headers.get('x-request-id'));
    const seen = await waitUntilReady(server.baseURL);
    expect(seen.at(-1)).toBe(200);
    expect(server.lines.some((line) => line.msg === 'ready')).toBe(true);
  });

  it('writes one JSON line per request with its id, route, status, duration and user', async () => {
    cookie = await sessionCookie(server.baseURL, 'staff');
    root = await rootId(server.baseURL);
    const response = await fetch(`${server.baseURL}/api/file/${root}/${root}`, { headers: { cookie } });
    const id = response.headers.get('x-request-id')!;
    await new Promise((wait) => setTimeout(wait, 100));
    const lines = server.lines.filter((line) => line.reqId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', method: 'GET', route: '/api/file/:rootId/:unitId', status: 200, userId: expect.any(Number), durationMs: expect.any(Number), time: expect.any(String) });
    const metrics = await (await fetch(`${server.baseURL}/metrics`, { headers: { authorization: 'Bearer lifecycle-metrics-token' } })).text();
    expect(metrics).toMatch(/planxchange_http_requests_total\{method="GET",route="\/api\/file\/:rootId\/:unitId",status="200"\} [1-9]/);
  });

  it('takes a backup while it runs, through the server', async () => {
    await upload(server.baseURL, 'Backup-Probe.pdf', probe);
    filesBefore = await listFiles(server.baseURL);
    avatarBefore = await avatarOf(server.baseURL);
    const result = await runBackupCommand(['backup', '--out', backupFile], env);
    expect(result.output).toContain('The running server wrote the backup');
    expect(result.code).toBe(0);
    expect(existsSync(backupFile)).toBe(true);
    expect(server.lines.some((line) => line.msg === 'backup written')).toBe(true);
  });

  it('refuses to restore over the running server', async () => {
    const result = await runBackupCommand(['restore', backupFile], env);
    expect(result.code).toBe(2);
    expect(result.output).toContain('stop it first');
  });

  it('on SIGTERM: not ready, no new connections, the download under way finishes, then it exits', async () => {
    // A large file uploaded after the backup: the restore must not bring it back.
    const large = Buffer.concat([simplePdf('Large', ['after the backup']), Buffer.alloc(24 * 1024 * 1024, 0x41)]);
    const file = await upload(server.baseURL, 'Nach-dem-Backup.pdf', large);
    const response = await new Promise<IncomingMessage>((resolveResponse) =>
      httpGet(`${server.baseURL}/api/file/${root}/${root}/${file.id}/content`, { headers: { cookie } }, resolveResponse),
    );
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    await new Promise<void>((first) => response.once('data', (chunk: Buffer) => (chunks.push(chunk), response.pause(), first())));

    server.child.kill('SIGTERM');
    // Draining: still answering, but not ready, so that the load balancer stops sending requests.
    await expect.poll(async () => (await fetch(`${server.baseURL}/api/ready`)).status, { interval: 50, timeout: 1_000 }).toBe(503);
    expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
    // Then no new connections, while the paused download keeps the process alive.
    await expect
      .poll(async () => fetch(`${server.baseURL}/api/health`).then(() => 'open', (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message), { interval: 100, timeout: 5_000 })
      .toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((end) => response.once('end', end));
    response.resume();
    await ended;
    expect(sha(Buffer.concat(chunks))).toBe(sha(large));
    expect(await server.exited).toBe(0);
    const messages = server.lines.map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['shutting down: not ready any more', 'shutdown: no more requests', 'shutdown complete']));
  });

  it('restores into a wiped data folder: the same data and files, nothing from after the backup', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const result = await runBackupCommand(['restore', backupFile], env);
    expect(result.output).toContain('Restored the backup');
    expect(result.code).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'pglite']);

    server = await startServerProcess(env);
    await waitUntilReady(server.baseURL);
    cookie = await sessionCookie(server.baseURL, 'staff');
    const files = await listFiles(server.baseURL);
    expect(files.map(({ id, name, size }) => ({ id, name, size }))).toEqual(filesBefore.map(({ id, name, size }) => ({ id, name, size })));
    expect(files.some((file) => file.name === 'Nach-dem-Backup.pdf')).toBe(false);
    for (const file of files) expect((await download(server.baseURL, file)).length).toBe(file.size);
    expect(sha(await download(server.baseURL, files.find((file) => file.name === 'Backup-Probe.pdf')!))).toBe(sha(probe));
    expect(await avatarOf(server.baseURL)).toBe(avatarBefore);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

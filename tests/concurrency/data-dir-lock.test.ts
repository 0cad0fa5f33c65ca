import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyDataDir, spawnServer, testServerEnv, waitUntilReady } from '../support/server.js';
import { demoDataDir } from '../api/socket-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'px-datadir-lock-'));
// An installation made before (the run's seeded one, where there is one): the lock is what this is about, not a first start.
copyDataDir(demoDataDir(), dataDir);
const started: ChildProcess[] = [];

/** A real server process on the embedded database in `dataDir`; its exit code and what it wrote to stderr. */
function server(port: number) {
  const child = spawnServer(testServerEnv({ port, dataDir, seed: 'none' }), ['ignore', 'ignore', 'pipe']);
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, exited, stderr: () => stderr };
}

const healthy = (port: number, child: ChildProcess) => waitUntilReady(`http://127.0.0.1:${port}`, child, { timeoutMs: 120_000 });

const port = () => 20_000 + Math.floor(Math.random() * 20_000);

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one embedded database, one server process', () => {
  it('a second server on a used DATA_DIR refuses to start with a clear message; the first keeps serving', async () => {
    const firstPort = port();
    const first = server(firstPort);
    await healthy(firstPort, first.child);
    const lock = JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8'));
    expect(lock.pid).toBe(first.child.pid);

    const second = server(port());
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`is in use by another portal server (process ${first.child.pid}`);
    expect(second.stderr()).toContain('Two processes on one embedded database would lose data, so this one does not start.');
    expect(second.stderr()).not.toContain('    at '); // a message, not a stack trace
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).ok).toBe(true);

    // Killed without a chance to clean up: the next server finds the stale lock, takes it over and starts.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    const thirdPort = port();
    const third = server(thirdPort);
    await healthy(thirdPort, third.child);
    expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(third.child.pid);

    // A clean stop removes the lock.
    third.child.kill('SIGTERM');
    await third.exited;
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 300_000);
});

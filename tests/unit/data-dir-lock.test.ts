import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from '../../server/db/data-dir-lock.js';

let dir: string;
const dataDir = () => join(dir, 'pglite');
const lockFile = () => `${dataDir()}.lock`;

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database lock file', () => {
  it('holds the pid of its owner and goes with the release', () => {
    dir = mkdtempSync(join(tmpdir(), 'px-lock-'));
    const release = acquireDataDirLock(dataDir());
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockFile())).toBe(false);
    // Released: the folder can be opened again.
    acquireDataDirLock(dataDir())();
  });

  it('refuses a second owner while the first lives, with a message naming it and the way out', () => {
    dir = mkdtempSync(join(tmpdir(), 'px-lock-'));
    const release = acquireDataDirLock(dataDir());
    let refusal: unknown;
    try {
      acquireDataDirLock(dataDir());
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    const message = (refusal as Error).message;
    expect(message).toContain(`is in use by another portal server (process ${process.pid}`);
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain(lockFile());
    release();
  });

  it('takes over a lock whose owner is gone, and an unreadable one', () => {
    dir = mkdtempSync(join(tmpdir(), 'px-lock-'));
    writeFileSync(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    const release = acquireDataDirLock(dataDir());
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
    writeFileSync(lockFile(), 'garbage');
    acquireDataDirLock(dataDir())();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('never takes over a lock of another host (its process cannot be checked from here)', () => {
    dir = mkdtempSync(join(tmpdir(), 'px-lock-'));
    writeFileSync(lockFile(), JSON.stringify({ pid: deadPid(), host: `not-${hostname()}`, startedAt: '2026-01-01T00:00:00.000Z' }));
    expect(() => acquireDataDirLock(dataDir())).toThrow(/on host not-/);
  });
});

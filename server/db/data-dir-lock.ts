import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** A second process on an embedded database that one process already holds: it must not start. */
export class DataDirInUseError extends Error {
  constructor(
    message: string,
    readonly lockFile: string,
  ) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

function ownerText(owner: LockOwner): string {
  return `${JSON.stringify(owner)}\n`;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function parseOwner(text: string | null): LockOwner | null {
  try {
    const owner = JSON.parse(text ?? '') as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? '') } : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock whose owner process is gone (on this host). Unreadable content counts as stale: files appear whole (link). */
function isStale(owner: LockOwner | null): boolean {
  if (!owner) return true;
  return owner.host === hostname() && !processAlive(owner.pid);
}

/** Creates `path` with `text` only if it does not exist; atomic (a hard link of a whole file), so never seen half-written. */
function createExclusive(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, text);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function removeIfUnchanged(path: string, text: string | null): void {
  if (readText(path) !== text) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a stale lock. Two processes may find the same stale lock at once: only the one that creates the breaker
 * file removes it, and only if it is still the stale one it read — the other then finds the winner's lock.
 */
function breakStaleLock(path: string, staleText: string | null, me: string): void {
  const breaker = `${path}.break`;
  if (!createExclusive(breaker, me)) {
    const breakerText = readText(breaker);
    if (isStale(parseOwner(breakerText))) removeIfUnchanged(breaker, breakerText);
    else pause(100);
    return;
  }
  try {
    removeIfUnchanged(path, staleText);
  } finally {
    removeIfUnchanged(breaker, me);
  }
}

function inUseMessage(dataDir: string, path: string, owner: LockOwner): string {
  const where = owner.host === hostname() ? `process ${owner.pid}` : `process ${owner.pid} on host ${owner.host}`;
  return [
    `The embedded database in ${dataDir} is in use by another portal server (${where}, running since ${owner.startedAt || 'an unknown time'}).`,
    'Two processes on one embedded database would lose data, so this one does not start.',
    'Stop the other server, give this one its own DATA_DIR, or set DATABASE_URL to run several servers on PostgreSQL.',
    `If no such server is running, delete ${path}.`,
  ].join('\n');
}

/**
 * Takes the lock file `{dataDir}.lock` that holds this process's pid, or throws `DataDirInUseError` when a live
 * process holds it. A lock left by a process that is gone (killed, crashed) is taken over. Answers the release,
 * which also runs when the process exits.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  const me = ownerText({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(path, me)) {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        removeIfUnchanged(path, me);
      };
      process.on('exit', release);
      return release;
    }
    const text = readText(path);
    if (text === null) continue;
    const owner = parseOwner(text);
    if (owner && !isStale(owner)) throw new DataDirInUseError(inUseMessage(dataDir, path, owner), path);
    breakStaleLock(path, text, me);
  }
  throw new DataDirInUseError(`The lock file ${path} of the embedded database could not be taken; another server may be starting.`, path);
}

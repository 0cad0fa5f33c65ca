// A throwaway PostgreSQL server for the bench, started the way .ci/run starts its own: Debian's binaries (installed
// by scripts/ensure-system-deps.sh when missing), a fresh cluster in a temporary folder, 127.0.0.1 on a free port,
// durability off (the databases are thrown away). The caller may pass a running server's URL instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { recreateDatabase } from './databases.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestPostgres {
  /** Admin URL of the server (database `postgres`). */
  url: string;
  /** A new empty database on it; its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function pgBin(): string {
  const out = execFileSync('bash', [join(root, 'scripts', 'ensure-system-deps.sh'), 'postgresql'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const bin = /^PG_BIN=(.+)$/m.exec(out)?.[1];
  if (!bin) throw new Error('no PostgreSQL binaries found');
  return bin;
}

function userId(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A throwaway PostgreSQL server (or, given `existingUrl`, that running server, left running at stop()). */
export async function startPostgres(existingUrl?: string): Promise<TestPostgres> {
  const databaseFor = (url: string) => (name: string) => recreateDatabase(url, name);
  if (existingUrl) {
    const url = existingUrl;
    return { url, createDatabase: databaseFor(url), stop: async () => undefined };
  }
  const bin = pgBin();
  const dir = mkdtempSync(join(tmpdir(), 'px-bench-pg-'));
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const { uid, gid } = userId('postgres');
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (command: string, args: string[]) => {
    const result = asPostgres ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'ignore' }) : spawnSync(join(bin, command), args, { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status})`);
  };
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    createDatabase: databaseFor(url),
    async stop() {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

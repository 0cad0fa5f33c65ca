import { spawn, type ChildProcess } from 'node:child_process';
import { spawnServer } from '../support/server.js';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(__dirname, '../..');

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  /** Every JSON log line the server wrote so far. */
  lines: Record<string, unknown>[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** The base environment of a real server on the embedded database in `dataDir`, JSON logs at info. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // A loopback PUBLIC_URL: requests to 127.0.0.1 on the port given at start pass the host check.
    PUBLIC_URL: 'http://127.0.0.1',
    VITEST: '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'demo',
    SCHEDULER_INTERVAL_MS: '0',
    STATIC_DIR: resolve(dataDir, 'no-app'),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ...extra,
  };
}

/** Starts server/index.ts as `npm start` would (with tsx); resolves once it listens (not yet ready). */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawnServer(env, ['ignore', 'pipe', 'inherit']);
  const lines: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveServer, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text);
      } catch {
        return;
      }
      lines.push(line);
      if (typeof line.msg === 'string' && line.msg.startsWith('listening on port')) {
        resolveServer({ baseURL: `http://127.0.0.1:${line.port}`, child, lines, exited });
      }
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code} before it listened`)));
  });
}

/** Polls /api/ready until it answers 200; returns every status seen on the way. */
export async function waitUntilReady(baseURL: string, timeoutMs = 120_000): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A start blocks the event loop now and then (WASM, migrations): a kept-alive connection may be reset meanwhile.
    const status = await fetch(`${baseURL}/api/ready`).then((response) => response.status, () => 0);
    seen.push(status);
    if (status === 200) return seen;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms: ${seen.slice(-5).join(', ')}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Runs `tsx server/backup.ts …` with the server's environment; resolves with its exit code and output. */
export function runBackupCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/backup.ts'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

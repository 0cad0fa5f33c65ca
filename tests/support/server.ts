import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { serverArgs } from '../../scripts/build-server.mjs';

// Also run by the benchmarks (tsx, ES modules: no __dirname).
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Waits until a server process answers `/api/ready` with 200 (it listens at once and answers 503 until its database
 * is open and migrated): fails at once when the process exits, and after `timeoutMs` (a loaded CI machine starts the
 * server — tsx, migrations, the demo seed — slowly). A process that did not become ready is stopped: it would
 * otherwise outlive the run and take the machine's cores from the next one.
 */
export async function waitUntilReady(baseURL: string, child: ChildProcess, { timeoutMs = 120_000, what = 'server' }: { timeoutMs?: number; what?: string } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface ServerEnvOptions {
  /** The port to listen on (0: any, the server logs which). */
  port: number;
  dataDir: string;
  /** PostgreSQL; empty or absent: the embedded database in `dataDir`. */
  databaseUrl?: string;
  seed?: 'demo' | 'none';
  /** The built app to serve; absent: none (API only). */
  staticDir?: string;
}

/**
 * The environment of a test server: this process's, then loopback on its port with a matching PUBLIC_URL, its data,
 * the demo seed, no scheduler, no app files — and `extra` over all of it.
 */
export function testServerEnv(options: ServerEnvOptions, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.port ? `http://127.0.0.1:${options.port}` : 'http://127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SEED: options.seed ?? 'demo',
    SCHEDULER_INTERVAL_MS: '0',
    STATIC_DIR: options.staticDir ?? join(options.dataDir, 'no-app'),
    ...extra,
  };
}

let args: string[] | undefined;

/**
 * Starts the server's build (dist-server/index.mjs, scripts/build-server.mjs — made first where it is missing or older
 * than its sources) as `npm start` does: the one place the tests and benchmarks start the server.
 */
export function spawnServer(env: NodeJS.ProcessEnv, stdio: StdioOptions = ['ignore', 'ignore', 'inherit']): ChildProcess {
  args ??= serverArgs();
  return spawn(process.execPath, args, { cwd: root, env, stdio });
}

export interface TestServer {
  port: number;
  baseURL: string;
  dataDir: string;
  /** The running process (a new one after restart()). */
  readonly child: ChildProcess;
  /** What the server printed on stdout so far (with `captureOutput`). */
  output(): string;
  /** Stops the server and starts it again on the same port and data (what a deployment's restart does). */
  restart(): Promise<void>;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and removes the data directory it made. */
  stop(): Promise<void>;
}

/**
 * A demo installation seeded once (a data directory a server started, seeded and stopped in), copied into a new
 * server's data directory: that server starts in ~3 s instead of ~11 s (~16 s at production password hashing: the
 * demo accounts' hashes). Sockets (the control socket) are not copied.
 */
export function copyDataDir(template: string | undefined, dataDir: string): boolean {
  if (!template || !existsSync(template)) return false;
  cpSync(template, dataDir, { recursive: true, filter: (source) => !lstatSync(source).isSocket() });
  return true;
}

/**
 * Seeds the demo into a data directory of its own: a server starts there, becomes ready, and stops again. With
 * `shared` (a path: `npm test` names one in PX_TEST_DEMO_DATA_DIR for the default hashing cost, so that its API and
 * browser phases seed once) an installation already there is used as it is, else the new one is moved there; such a
 * directory is not the caller's to remove (`owned: false`).
 */
export async function seedDataDirTemplate(options: { env?: Record<string, string | undefined>; what?: string; shared?: string } = {}): Promise<{ dir: string; owned: boolean }> {
  if (options.shared && existsSync(options.shared)) return { dir: options.shared, owned: false };
  const dir = mkdtempSync(join(tmpdir(), 'px-test-demo-template-'));
  const seeding = await startTestServer({ dataDir: dir, env: { LOG_LEVEL: 'warn', ...options.env }, what: options.what ?? 'the server seeding a demo template' });
  await seeding.stop();
  if (!options.shared) return { dir, owned: true };
  // Complete or absent: the shared path appears in one rename.
  renameSync(dir, options.shared);
  return { dir: options.shared, owned: false };
}

export interface TestServerOptions extends Partial<ServerEnvOptions> {
  /** A seeded data directory (seedDataDirTemplate) copied into the server's own before it starts. */
  template?: string;
  /** Variables over the test environment (testServerEnv). */
  env?: Record<string, string | undefined>;
  /** Keep stdout for output() (the first administrator's link, log lines); else stdout is dropped. */
  captureOutput?: boolean;
  readyTimeoutMs?: number;
  /** Names the server in errors. */
  what?: string;
}

/**
 * A real server process on a free port (or the one given), ready (`/api/ready` answers 200). Without `dataDir` it
 * gets a fresh directory of its own, removed at stop(). Used by the API, concurrency, browser and bench suites.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = options.port || (await freePort());
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'px-test-server-'));
  if (options.template) copyDataDir(options.template, dataDir);
  const baseURL = `http://127.0.0.1:${port}`;
  const env = testServerEnv({ ...options, port, dataDir }, options.env);
  let printed = '';
  const launch = async (): Promise<ChildProcess> => {
    const child = spawnServer(env, ['ignore', options.captureOutput ? 'pipe' : 'ignore', 'inherit']);
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    await waitUntilReady(baseURL, child, { timeoutMs: options.readyTimeoutMs ?? 120_000, what: options.what ?? 'server' });
    return child;
  };
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    baseURL,
    dataDir,
    get child() {
      return child;
    },
    output: () => printed,
    async restart() {
      await halt(child);
      child = await launch();
    },
    async stop() {
      await halt(child);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

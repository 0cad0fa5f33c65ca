// The API side of `npm run bench`, as ratios against a baseline measured in the same run: a bare Hono route
// answering the banner list's JSON from memory, then the portal's endpoints on the embedded database and on
// PostgreSQL, each at 50 connections, with the list cache on and off (the targets are judged with it off); then
// 1,000 requests per endpoint over 100 connections, where none may fail. Absolute numbers drift 2–3× between runs on
// shared machines; the ratio to the bare route does not.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { sessionCookie } from '../support/session.js';
import { prepareData, seedBanners, type PreparedData } from './bench-data.js';
import { root } from './chromium-app.js';
import { freePort } from '../support/ports.js';
import { spawnServer, testServerEnv } from '../support/server.js';
import { startPostgres } from '../support/postgres.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** autocannon's command line (its own process, see `autocannonRun`). */
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const CONNECTIONS = 50;
const STRESS_CONNECTIONS = 100;
/** Requests sent at 100 connections per endpoint; each must answer 2xx within 10 s. */
const STRESS_REQUESTS = Number(process.env.BENCH_STRESS_REQUESTS ?? 1000);
const P99_TARGET_MS = 100;

type Database = 'embedded' | 'PostgreSQL';
type User = 'admin' | 'customer' | 'staff';

interface Endpoint {
  name: string;
  path: (data: PreparedData) => string;
  user: User;
  /** Least share of the bare route's requests per second, per database. */
  minRatio: Record<Database, number>;
}

export const listQueryString = (query: Record<string, unknown>) => Object.entries(query).map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`).join('&');
export const listPath = (resource: string, query: Record<string, unknown>) => `/api/data/planxchange/${resource}?${listQueryString(query)}`;

export const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/auth/me', path: () => '/api/auth/me', user: 'customer', minRatio: { embedded: 0.25, PostgreSQL: 0.25 } },
  { name: 'banner list (20 of 204)', path: () => listPath('banner-notifications', { sort: ['showFrom', 'DESC'], range: [0, 19], filter: {} }), user: 'admin', minRatio: { embedded: 0.05, PostgreSQL: 0.1 } },
  // As My Tasks asks for it: the first page of 25, newest change first (staff have 1,373 tasks on the bench data).
  {
    name: 'task list (first 25 of 1,373)',
    path: () => `/api/tasks?${listQueryString({ sort: ['changedOn', 'DESC'], range: [0, 24], filter: {} })}`,
    user: 'staff',
    minRatio: { embedded: 0.05, PostgreSQL: 0.1 },
  },
  {
    name: 'unit list (lots of a root, 10k units)',
    path: (data) => listPath('projects', { filter: { rootProjectUnitID: data.rootId, projectUnitType: 'approvallot' }, range: [0, 24], sort: ['projectUnitNo', 'ASC'] }),
    user: 'customer',
    minRatio: { embedded: 0.05, PostgreSQL: 0.1 },
  },
  { name: 'search "Los 12"', path: () => listPath('projectunitssearch', { filter: { q: 'Los 12' }, range: [0, 19] }), user: 'customer', minRatio: { embedded: 0.05, PostgreSQL: 0.1 } },
  {
    name: 'journal (a root, staff)',
    path: (data) => listPath('project-unit-journal', { filter: { rootProjectUnitID: data.rootId }, range: [0, 24], sort: ['date', 'DESC'] }),
    user: 'staff',
    minRatio: { embedded: 0.05, PostgreSQL: 0.1 },
  },
];

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  failures: number;
}

export interface ApiResult {
  database: Database;
  processes: number;
  bare: Measured;
  rows: { endpoint: Endpoint; measured: Measured; ratio: number; stressFailures: number; uncached?: Measured }[];
}

/**
 * autocannon in a process of its own (its CLI, JSON out): run inside the bench's process, it shared that process's
 * event loop with the orchestration and, after other runs, reported multi-second p99s that a client in a process of
 * its own did not see against the same server (docs/decisions.md, #36) — the figures must be the portal's.
 */
function autocannonRun(url: string, cookie: string | undefined, connections: number, run: { duration: number } | { amount: number }): Promise<Record<string, any>> {
  return new Promise((resolveRun, reject) => {
    const args = [autocannonCli, '-j', '-c', String(connections), '-t', '10', ...('duration' in run ? ['-d', String(run.duration)] : ['-a', String(run.amount)])];
    if (cookie) args.push('-H', `cookie:${cookie}`);
    const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolveRun(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}

async function load(url: string, cookie: string | undefined, connections: number, duration: number): Promise<Measured> {
  const result = await autocannonRun(url, cookie, connections, { duration });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

/** `amount` requests over `connections`: every one must answer 2xx within 10 s; how many did not. */
async function stress(url: string, cookie: string, connections: number, amount: number): Promise<number> {
  const result = await autocannonRun(url, cookie, connections, { amount });
  return amount - result['2xx'];
}

/** Waits until the server has worked off what the last run left queued (a health request answers quickly). */
export async function settle(base: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ready: 10 answers in a row (with WEB_CONCURRENCY, every process must be, not just the one that answered). */
export async function waitReady(base: string, child: ChildProcess, path = '/api/ready') {
  const deadline = Date.now() + 120_000;
  let inARow = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      inARow = (await fetch(`${base}${path}`)).ok ? inARow + 1 : 0;
      if (inARow >= 10) return;
      if (inARow) continue;
    } catch {
      inARow = 0;
    }
    if (Date.now() > deadline) throw new Error(`${base} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const node = (script: string, env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });

/** The portal on prepared data, `processes` server processes (WEB_CONCURRENCY) sharing one port. */
export async function startPortal(dataDir: string, databaseUrl: string, processes: number, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawnServer(testServerEnv({ port, dataDir, databaseUrl, seed: 'none' }, { LOG_LEVEL: 'error', WEB_CONCURRENCY: String(processes), ...env }), ['ignore', 'ignore', 'inherit']);
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, child);
  return { base, child };
}

/** The bare route answering `body`. */
async function startBare(body: unknown, work: string) {
  const port = await freePort();
  const bodyFile = join(work, 'bare-body.json');
  writeFileSync(bodyFile, JSON.stringify(body));
  const child = node(join(root, 'tests', 'bench', 'baseline', 'bare-server.ts'), { PORT: String(port), BODY_FILE: bodyFile });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, child, '/api/health');
  return { base, child };
}

async function measureDatabase(database: Database, databaseUrl: string, processes: number): Promise<ApiResult> {
  const work = mkdtempSync(join(tmpdir(), 'px-bench-api-'));
  const data = await prepareData(work, databaseUrl || undefined);
  let portal = await startPortal(work, databaseUrl, processes);
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    const cookies: Record<User, string> = { admin: await sessionCookie(portal.base, 'admin'), customer: await sessionCookie(portal.base, 'customer'), staff: await sessionCookie(portal.base, 'staff') };
    await seedBanners(portal.base, cookies.admin);
    const bannerList = ENDPOINTS[1];
    bare = await startBare(await (await fetch(`${portal.base}${bannerList.path(data)}`, { headers: { cookie: cookies.admin } })).json(), work);
    // Warm both up (JIT, caches, connection pools) before anything counts.
    await load(`${bare.base}/bare`, undefined, CONNECTIONS, 2);
    for (const endpoint of ENDPOINTS) await load(`${portal.base}${endpoint.path(data)}`, cookies[endpoint.user], CONNECTIONS, 1);
    const bareMeasured = await load(`${bare.base}/bare`, undefined, CONNECTIONS, DURATION_S);
    const measured: Measured[] = [];
    for (const endpoint of ENDPOINTS) {
      await settle(portal.base);
      measured.push(await load(`${portal.base}${endpoint.path(data)}`, cookies[endpoint.user], CONNECTIONS, DURATION_S));
    }
    // 100 connections last, so that what they leave queued does not slow the measurements above.
    const rows: ApiResult['rows'] = [];
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      await settle(portal.base);
      const stressFailures = await stress(`${portal.base}${endpoint.path(data)}`, cookies[endpoint.user], STRESS_CONNECTIONS, STRESS_REQUESTS);
      rows.push({ endpoint, measured: measured[i], ratio: measured[i].requestsPerSecond / bareMeasured.requestsPerSecond, stressFailures });
    }
    if (processes === 1) {
      // The same endpoints with the list cache off (LIST_CACHE=off): what a list costs when the data just changed —
      // the figures the targets are judged on.
      await stop(portal.child);
      portal = await startPortal(work, databaseUrl, processes, { LIST_CACHE: 'off' });
      for (const endpoint of ENDPOINTS) await load(`${portal.base}${endpoint.path(data)}`, cookies[endpoint.user], CONNECTIONS, 1);
      for (const [i, endpoint] of ENDPOINTS.entries()) {
        await settle(portal.base);
        rows[i].uncached = await load(`${portal.base}${endpoint.path(data)}`, cookies[endpoint.user], CONNECTIONS, DURATION_S);
      }
    }
    return { database, processes, bare: bareMeasured, rows };
  } finally {
    if (bare) await stop(bare.child);
    await stop(portal.child);
    rmSync(work, { recursive: true, force: true });
  }
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

const row = (name: string, measured: Measured, ratio: number) =>
  `${name.padEnd(40)} ${measured.requestsPerSecond.toFixed(0).padStart(6)}   ${String(measured.p50).padStart(6)}  ${String(measured.p99).padStart(6)}  ${String(measured.failures).padStart(4)}   ${percent(ratio).padStart(13)}`;

/**
 * The table of one database: the targets are judged on the figures with the list cache off (every request asks the
 * database, as right after a change — the issue's "targets hold uncached"); the cached figures stand beside them.
 * Where the cache-off run is not made (two processes), the cached figures are judged and marked so.
 */
export function printApiResult(result: ApiResult) {
  const where = `${result.database}${result.processes > 1 ? `, ${result.processes} processes` : ''}`;
  const judged = result.rows.every((r) => r.uncached) ? 'list cache off (LIST_CACHE=off)' : 'list cache on (the cache-off run is made with one process)';
  console.log(`\nAPI on ${where}: ${CONNECTIONS} connections, ${DURATION_S} s each; then ${STRESS_REQUESTS} requests over ${STRESS_CONNECTIONS} connections; targets judged with the ${judged}`);
  console.log('endpoint                                 req/s   p50 ms  p99 ms  fail   ratio to bare   target              p99 < 100 ms   fail at 100   cached: req/s  ratio');
  const bare = result.bare;
  console.log(row('bare Hono route (baseline)', bare, 1));
  for (const r of result.rows) {
    const min = r.endpoint.minRatio[result.database];
    const judgedFigure = r.uncached ?? r.measured;
    const ratio = judgedFigure.requestsPerSecond / bare.requestsPerSecond;
    const cached = r.uncached ? `   ${r.measured.requestsPerSecond.toFixed(0).padStart(12)}  ${percent(r.ratio).padStart(6)}` : '';
    console.log(
      `${row(r.endpoint.name, judgedFigure, ratio)}   ${`≥ ${percent(min)} ${verdict(ratio >= min)}`.padEnd(18)}  ${verdict(judgedFigure.p99 < P99_TARGET_MS).padEnd(13)}  ${`${r.stressFailures} ${verdict(r.stressFailures === 0)}`.padEnd(12)}${cached}`,
    );
  }
}

/** The embedded database, then PostgreSQL with one process and with two (the bench starts its own server). */
export async function apiBenchmarks(): Promise<ApiResult[]> {
  const results: ApiResult[] = [];
  const embedded = await measureDatabase('embedded', '', 1);
  printApiResult(embedded);
  results.push(embedded);
  const postgres = await startPostgres(process.env.BENCH_DATABASE_URL);
  try {
    for (const processes of [1, 2]) {
      const url = await postgres.createDatabase(`px_bench_${processes}`);
      const result = await measureDatabase('PostgreSQL', url, processes);
      printApiResult(result);
      results.push(result);
    }
  } finally {
    await postgres.stop();
  }
  const [one, two] = results.slice(1);
  if (one && two) {
    console.log('\nPostgreSQL, 2 processes against 1 (req/s):');
    two.rows.forEach((row, i) => console.log(`  ${row.endpoint.name.padEnd(40)} × ${(row.measured.requestsPerSecond / one.rows[i].measured.requestsPerSecond).toFixed(2)}`));
  }
  return results;
}

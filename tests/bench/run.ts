// `npm run bench`: starts the real server on a fresh embedded database and measures its endpoints.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '../..');
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;

interface Target {
  name: string;
  path: string;
  /** p99 latency target in ms, where an issue sets one. */
  p99TargetMs?: number;
}

async function waitHealthy(deadline: number) {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(username: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Portal-Demo-1' }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/** 200 more banners, so the list has pages to sort and count. */
async function seedBanners(cookie: string) {
  const orgs = (await (await fetch(`${base}/api/banner-notifications/sales-orgs`, { headers: { cookie } })).json()) as { id: number }[];
  const levels = ['info', 'warning', 'important'];
  for (let i = 0; i < 200; i++) {
    const from = Date.now() + (i - 100) * 3_600_000;
    await fetch(`${base}/api/data/planxchange/banner-notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Bench banner ${i}`,
        text: `Benchmark notification number ${i}`,
        level: levels[i % 3],
        showFrom: new Date(from).toISOString(),
        showUntil: new Date(from + 86_400_000).toISOString(),
        salesOrgs: [orgs[i % orgs.length].id, orgs[(i + 1) % orgs.length].id],
      }),
    });
  }
}

function run(target: Target, cookie: string): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    autocannon(
      { url: `${base}${target.path}`, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolveRun(result)),
    );
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'px-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', STATIC_DIR: join(dataDir, 'no-app') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitHealthy(Date.now() + 60_000);
    const admin = await login('admin');
    await seedBanners(admin);
    const list = encodeURI('/api/data/planxchange/banner-notifications?sort=["showFrom","DESC"]&range=[0,19]&filter={}');
    const targets: Target[] = [
      { name: 'banner list (20 of 204, sorted)', path: list },
      { name: 'active banners of the user', path: '/api/banner-notifications/active' },
    ];
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL, must be an empty database)' : 'embedded database (PGlite)';
    console.log(`\nBenchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, ${database}\n`);
    console.log('endpoint                               req/s     p50 ms   p99 ms   errors');
    for (const target of targets) {
      const result = await run(target, admin);
      const errors = result.errors + result.non2xx;
      console.log(
        `${target.name.padEnd(38)} ${result.requests.average.toFixed(0).padStart(6)}   ${String(result.latency.p50).padStart(6)}   ${String(result.latency.p99).padStart(6)}   ${errors}`,
      );
      if (target.p99TargetMs !== undefined) {
        console.log(`  target p99 < ${target.p99TargetMs} ms: ${result.latency.p99 < target.p99TargetMs ? 'met' : 'NOT met'}`);
      }
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

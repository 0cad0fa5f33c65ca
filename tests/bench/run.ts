// `npm run bench`: starts the real server on an embedded database with the demo seed and 10,000 extra
// project units, and measures its endpoints.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { inArray, isNull } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client.js';
import { plants, productTypes, projectUnits } from '../../server/db/schema.js';
import { seedDemo } from '../../server/db/seed.js';
import { DiskFileStorage } from '../../server/services/file-storage.js';
import { aacTableBenchmark } from './aac-table.js';
import { orderProposalBenchmark } from './order-proposal.js';
import { questionnaireKeystrokeBenchmark } from './questionnaire-keystroke.js';
import { viewerExtractionBenchmark } from './viewer-extraction.js';
import { viewerFirstFrameBenchmark } from './viewer-first-frame.js';

const root = resolve(import.meta.dirname, '../..');
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
/** The project-unit issue measures with 10 simultaneous users. */
const UNIT_CONNECTIONS = 10;
const UNIT_P99_TARGET_MS = 50;

/** 5 roots × 80 subprojects × (1 + 24 approval lots) = 10,000 extra units. */
const UNIT_ROOTS = ['Wohnpark Weserblick', 'Schule am Stadtpark', 'Gewerbehof Nord', 'Appartementen Maaskade', 'Distributiecentrum Venlo'];
const SUBPROJECTS_PER_ROOT = 80;
const LOTS_PER_SUBPROJECT = 24;
const INSERT_BATCH = 500;
const LOT_STATES = ['Structuring', 'Preparing', 'ReviewPreliminaryDrawings', 'ReviseDrawings', 'ReviewRevisedDrawings', 'Finalized', 'Approved'];

interface Target {
  name: string;
  path: string;
  /** Who is signed in (default admin). */
  user?: 'admin' | 'customer' | 'staff';
  connections?: number;
  /** p99 latency target in ms, where an issue sets one. */
  p99TargetMs?: number;
}

type UnitInsert = typeof projectUnits.$inferInsert;

async function insertInBatches(db: Db, rows: UnitInsert[]) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const inserted = await db.insert(projectUnits).values(rows.slice(start, start + INSERT_BATCH)).returning({ id: projectUnits.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Subprojects with approval lots under the demo roots, numbered and titled as the portal does. */
async function addUnits(db: Db): Promise<number> {
  const roots = await db.select().from(projectUnits).where(inArray(projectUnits.title, UNIT_ROOTS));
  const children = await db.select({ parentId: projectUnits.parentId }).from(projectUnits);
  const productTypeRows = await db.select().from(productTypes);
  const plantRows = await db.select().from(plants);
  const day = 86_400_000;
  const subprojects: UnitInsert[] = [];
  for (const unit of roots) {
    const taken = children.filter((child) => child.parentId === unit.id).length;
    for (let i = 0; i < SUBPROJECTS_PER_ROOT; i++) {
      subprojects.push({
        rootId: unit.id,
        parentId: unit.id,
        tenantId: unit.tenantId,
        salesOrgId: unit.salesOrgId,
        type: 'subproject',
        number: `${unit.number}-${String(taken + i + 1).padStart(2, '0')}`,
        title: `Bauteil ${i + 1}`,
        stateKey: 'Structuring',
        stateSince: new Date(Date.now() - (i % 30) * day),
      });
    }
  }
  const subprojectIds = await insertInBatches(db, subprojects);
  const lots: UnitInsert[] = [];
  subprojects.forEach((sub, s) => {
    const productType = productTypeRows.find((row) => row.tenantId === sub.tenantId);
    const plant = plantRows.find((row) => row.tenantId === sub.tenantId);
    for (let i = 0; i < LOTS_PER_SUBPROJECT; i++) {
      const n = s * LOTS_PER_SUBPROJECT + i;
      const assigned = n % 2 === 0;
      lots.push({
        rootId: sub.rootId,
        parentId: subprojectIds[s],
        tenantId: sub.tenantId,
        salesOrgId: sub.salesOrgId,
        type: 'approvallot',
        number: `${sub.number}-${String(i + 1).padStart(2, '0')}`,
        title: `Los ${i + 1}`,
        stateKey: LOT_STATES[n % LOT_STATES.length],
        stateSince: new Date(Date.now() - (n % 20) * day),
        deliveryDate: new Date(Date.now() + (20 + (n % 90)) * day).toISOString().slice(0, 10),
        productTypeId: assigned ? productType?.id : null,
        plantId: assigned ? plant?.id : null,
        data: n % 3 === 0 ? `OrderNumber=45${String(n).padStart(6, '0')}` : '',
      });
    }
  });
  await insertInBatches(db, lots);
  return subprojects.length + lots.length;
}

/** The server's data folder: the demo seed plus the extra units, written in-process before it starts. */
async function prepareData(dataDir: string): Promise<{ units: number; rootId: number }> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, dataDir: join(dataDir, 'pglite') });
  try {
    await seedDemo(database.db, new DiskFileStorage(join(dataDir, 'files')));
    const units = await addUnits(database.db);
    const [weserblick] = await database.db.select().from(projectUnits).where(isNull(projectUnits.parentId)).orderBy(projectUnits.id).limit(1);
    return { units, rootId: weserblick.id };
  } finally {
    await database.close();
  }
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
      { url: `${base}${target.path}`, connections: target.connections ?? CONNECTIONS, duration: DURATION_S, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolveRun(result)),
    );
  });
}

const listPath = (resource: string, query: Record<string, unknown>) =>
  `/api/data/planxchange/${resource}?${Object.entries(query).map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`).join('&')}`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'px-bench-'));
  const prepared = await prepareData(dataDir);
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', STATIC_DIR: join(dataDir, 'no-app') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitHealthy(Date.now() + 60_000);
    const cookies = { admin: await login('admin'), customer: await login('customer'), staff: await login('staff') };
    await seedBanners(cookies.admin);
    const list = encodeURI('/api/data/planxchange/banner-notifications?sort=["showFrom","DESC"]&range=[0,19]&filter={}');
    const unitEndpoints: Target[] = [
      {
        name: 'unit list (approval lots of a root)',
        path: listPath('projects', { filter: { rootProjectUnitID: prepared.rootId, projectUnitType: 'approvallot' }, range: [0, 24], sort: ['projectUnitNo', 'ASC'] }),
        user: 'customer',
      },
      { name: 'children list (of a root)', path: listPath('projects', { filter: { parentProjectUnitID: prepared.rootId }, range: [0, 24], sort: ['projectUnitNo', 'ASC'] }), user: 'customer' },
      { name: 'search "Los 12" (customer)', path: listPath('projectunitssearch', { filter: { q: 'Los 12' }, range: [0, 19] }), user: 'customer' },
      { name: 'search "Los 12" (staff)', path: listPath('projectunitssearch', { filter: { q: 'Los 12' }, range: [0, 19] }), user: 'staff' },
    ];
    // The target is the latency of one request (one connection at a time); the embedded database runs one
    // query at a time, so under 10 connections p99 is about ten requests' time: shown for information.
    const targets: Target[] = [
      { name: 'banner list (20 of 204, sorted)', path: list },
      { name: 'active banners of the user', path: '/api/banner-notifications/active' },
      ...unitEndpoints.flatMap((endpoint) => [
        { ...endpoint, connections: 1, p99TargetMs: UNIT_P99_TARGET_MS },
        { ...endpoint, name: `${endpoint.name}, loaded`, connections: UNIT_CONNECTIONS },
      ]),
    ];
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL, must be an empty database)' : 'embedded database (PGlite)';
    console.log(`\nBenchmark: ${DURATION_S} s each, ${database}, ${prepared.units} extra project units\n`);
    console.log('endpoint                               conn   req/s     p50 ms   p99 ms   errors');
    for (const target of targets) {
      const result = await run(target, cookies[target.user ?? 'admin']);
      const errors = result.errors + result.non2xx;
      console.log(
        `${target.name.padEnd(38)} ${String(target.connections ?? CONNECTIONS).padStart(4)}   ${result.requests.average.toFixed(0).padStart(6)}   ${String(result.latency.p50).padStart(6)}   ${String(result.latency.p99).padStart(6)}   ${errors}`,
      );
      if (target.p99TargetMs !== undefined) {
        console.log(`  target p99 < ${target.p99TargetMs} ms: ${result.latency.p99 < target.p99TargetMs ? 'met' : 'NOT met'}`);
      }
    }
    // The AAC order table with 500 rows in Chromium (its own server with the built app).
    await aacTableBenchmark();
    // Keystroke to paint on the largest questionnaire sheet in Chromium (its own server with the built app).
    await questionnaireKeystrokeBenchmark();
    // IFC model extraction for the 3D viewer (worker thread, demo and ~20 MB model).
    await viewerExtractionBenchmark();
    // Order rows proposed from a 2,000-wall model after its extraction (target < 1 s).
    await orderProposalBenchmark();
    // The drawing viewer's time to first frame in Chromium (demo model and the ~20 MB model).
    await viewerFirstFrameBenchmark();
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

// The `scale` part of `npm run bench` (issue #36): the API on a manufacturer's data set against a small one. Two
// databases, each filled by tests/bench/scale-data.ts on top of the demo seed: "10k" (500 roots = 10,000 units,
// 1,000 users) and full scale (50,000 roots = 1,000,000 units, 100,000 users, 10 journal entries per unit: the fill
// takes minutes). Both on PostgreSQL, two server processes (WEB_CONCURRENCY=2) and the list cache off
// (LIST_CACHE=off): every request asks the database, so the figures show what the data's size costs.
// - The endpoints the app calls most, each at 50 connections for BENCH_SECONDS, spread over many signed-in users
//   (customers that are members of projects, staff of the tenants): p99 at 1M against p99 at 10k, target ≤ 1.5×.
// - A mixed workload for BENCH_SECONDS × 2, after 5 s of it unmeasured (each endpoint alone gets 1 s): 90 % reads
//   (lists, details pages, My Tasks, search, journal) by many users, 10 % writes (order row saves, unit edits, a
//   reversible pair of workflow transitions); each connection writes only units it owns, so no 409 is expected.
//   Targets: p99 < 150 ms for reads and for writes, no errors.
// SCALE_BENCH_ROOTS sets the big set's roots (users follow in proportion) to try the part on a small shape.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AacProduct } from '../../src/domain/catalogue.js';
import { AAC_LENGTH_STEP_MM } from '../../src/domain/catalogue.js';
import type { AacOrderItem } from '../../src/domain/orders.js';
import { createThrowawayDatabase } from '../support/databases.js';
import { startPostgres } from '../support/postgres.js';
import { listPath, listQueryString, settle, startPortal, stop } from './api-ratios.js';
import { seedBanners } from './bench-data.js';
import { root } from './chromium-app.js';
import { Driver, summarise, Tally, type Measured } from './load-driver.js';
import { FULL_SCALE, UNITS_PER_ROOT, type ScaleShape } from './scale-data.js';
import { findPopulation, signIn, type Owner, type Population, type Reader } from './scale-population.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const P99_TARGET_MS = 150;
/** p99 at full scale against p99 at 10k: at most this factor. */
const RATIO_TARGET = 1.5;
/** Seconds of the mixed workload run before it is measured (not counted). */
const MIXED_WARM_UP_S = 5;
/** Every tenth request of a connection in the mixed workload writes. */
const WRITE_EVERY = 10;
/**
 * Scrypt's N for the bench's fill and servers (2^12 instead of 2^17): the bench signs in some 200 users, which at
 * 0.4 s per production hash would take minutes of both cores before anything is measured. Sign-in is not measured.
 */
const HASH_LOG2N = '12';

export const SMALL_SHAPE: ScaleShape = { roots: 500, users: 1_000, journalPerUnit: 10 };

/** Full scale, or SCALE_BENCH_ROOTS roots with users in the same proportion. */
export function bigShape(): ScaleShape {
  const roots = Number(process.env.SCALE_BENCH_ROOTS ?? FULL_SCALE.roots);
  return { roots, users: Math.max(10, Math.round((FULL_SCALE.users * roots) / FULL_SCALE.roots)), journalPerUnit: FULL_SCALE.journalPerUnit };
}

const unitsLabel = (shape: ScaleShape) => {
  const units = shape.roots * UNITS_PER_ROOT;
  return units >= 1_000_000 ? `${units / 1_000_000}M` : `${Math.round(units / 1000)}k`;
};

// ---------------------------------------------------------------------------------------------------------------
// The endpoints, as the app asks for them.

const unitListPath = (reader: Reader) => listPath('projects', { filter: { rootProjectUnitID: reader.rootId, projectUnitType: 'approvallot' }, range: [0, 24], sort: ['projectUnitNo', 'ASC'] });
const tasksPath = () => `/api/tasks?${listQueryString({ sort: ['changedOn', 'DESC'], range: [0, 24], filter: {} })}`;
/** Alternately a word every root has ("Los 3") and the reader's root number ("S1234"). */
const searchPath = (reader: Reader, n: number) => listPath('projectunitssearch', { filter: { q: n % 2 ? reader.rootNo : `Los ${1 + (n % 5)}` }, range: [0, 19] });
/** The journal tab of a root: 20 newest entries first (src/resources/journal/JournalList.tsx). */
const journalPath = (reader: Reader) => listPath('project-unit-journal', { filter: { rootProjectUnitID: reader.rootId }, range: [0, 19], sort: ['date', 'DESC'] });
const detailsPath = (reader: Reader, n: number) => `/api/data/planxchange/projects/${reader.unitIds[n % reader.unitIds.length]}`;
const bannerPath = () => listPath('banner-notifications', { sort: ['showFrom', 'DESC'], range: [0, 19], filter: {} });

interface ScaleEndpoint {
  name: string;
  /** Whose cookies the requests carry, in turn. */
  users: (population: Population) => Reader[];
  path: (reader: Reader, n: number) => string;
}

const asAdmin = (population: Population): Reader[] => [{ login: 'admin', cookie: population.admin, internal: true, rootId: 0, rootNo: '', unitIds: [] }];

export const SCALE_ENDPOINTS: ScaleEndpoint[] = [
  { name: 'banner list (admin)', users: asAdmin, path: bannerPath },
  { name: 'unit list (lots of a root)', users: (p) => p.customers, path: unitListPath },
  { name: 'unit details', users: (p) => p.customers, path: detailsPath },
  { name: 'My Tasks (customers)', users: (p) => p.customers, path: tasksPath },
  { name: 'My Tasks (staff)', users: (p) => p.staff, path: tasksPath },
  { name: 'search', users: (p) => p.customers, path: searchPath },
  { name: 'journal of a root (staff)', users: (p) => p.staff, path: journalPath },
];

async function measureEndpoints(driver: Driver, base: string, population: Population): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const endpoint of SCALE_ENDPOINTS) {
    const users = endpoint.users(population);
    // Consecutive requests of a connection go to different users (and roots), the connections start apart.
    const step = (connection: number, n: number) => {
      const i = connection * 7 + n;
      const reader = users[i % users.length];
      return driver.timed<unknown>(endpoint.name, { method: 'GET', path: endpoint.path(reader, i), cookie: reader.cookie }, false).then(() => undefined);
    };
    await settle(base);
    await driver.run(1, step);
    await settle(base);
    const seconds = await driver.run(DURATION_S, step);
    results.push(summarise(driver.tally(endpoint.name), seconds));
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// The mixed workload.

interface UnitRecord {
  version: number;
  stateKey: string;
}

interface OrderPage {
  editable: boolean;
  products: AacProduct[];
  items: AacOrderItem[];
}

/** One connection's writes: the versions it last saw, kept from each answer. */
interface Writer {
  owner: Owner;
  cookies: { reviewer: string; drafter: string; planner: string };
  /** Order row: its id, version and what the PUT sends. */
  row?: { id: number; version: number; productNo: number; itemLength: number };
  unitVersion: number;
  lot: UnitRecord;
  n: number;
}

const unitPath = (id: number) => `/api/data/planxchange/projects/${id}`;

async function prepareWriter(driver: Driver, owner: Owner, cookies: Map<string, string>): Promise<Writer> {
  const own = { reviewer: cookies.get(owner.reviewer)!, drafter: cookies.get(owner.drafter)!, planner: cookies.get(owner.planner)! };
  const order = await driver.untimed<OrderPage>({ method: 'GET', path: `/api/orders/${owner.orderLotId}`, cookie: own.reviewer });
  const product = order.products.find((candidate) => candidate.active);
  const item = order.items[0];
  const row =
    order.editable && product && item
      ? { id: item.id, version: item.version, productNo: product.productNo, itemLength: (Math.ceil(product.minLength / AAC_LENGTH_STEP_MM) * AAC_LENGTH_STEP_MM) / 1000 }
      : undefined;
  const unit = await driver.untimed<UnitRecord>({ method: 'GET', path: unitPath(owner.editUnitId), cookie: own.planner });
  const lot = await driver.untimed<UnitRecord>({ method: 'GET', path: unitPath(owner.lotId), cookie: own.reviewer });
  return { owner, cookies: own, row, unitVersion: unit.version, lot: { version: lot.version, stateKey: lot.stateKey }, n: 0 };
}

const WRITE_KINDS = ['order row save', 'unit edit', 'workflow transition'] as const;

/** The writer's next write, in turn: an order row (if the lot's rows are editable), the subproject's notes, the lot's state. */
async function write(driver: Driver, writer: Writer): Promise<void> {
  const kinds = WRITE_KINDS.filter((kind) => kind !== 'order row save' || writer.row);
  const kind = kinds[writer.n++ % kinds.length];
  const { owner, cookies } = writer;
  if (kind === 'order row save' && writer.row) {
    const row = writer.row;
    const saved = await driver.timed<AacOrderItem>(kind, {
      method: 'PUT',
      path: `/api/orders/${owner.orderLotId}/items/${row.id}`,
      cookie: cookies.reviewer,
      body: { productNo: row.productNo, itemLength: row.itemLength, qty: 1 + (writer.n % 9), version: row.version },
    });
    if (saved) row.version = saved.version;
    else writer.row = undefined;
    return;
  }
  if (kind === 'unit edit') {
    const saved = await driver.timed<UnitRecord>(kind, { method: 'PUT', path: unitPath(owner.editUnitId), cookie: cookies.planner, body: { notes: `Scale bench edit ${writer.n}`, version: writer.unitVersion } });
    // After a failure, read the version again (untimed) so that one error does not make every later write a 409.
    writer.unitVersion = saved?.version ?? (await driver.untimed<UnitRecord>({ method: 'GET', path: unitPath(owner.editUnitId), cookie: cookies.planner })).version;
    return;
  }
  // The only reversible pair of the standard workflow: the drafter revises, the reviewer requests changes again.
  const revise = writer.lot.stateKey === 'ReviseDrawings';
  const body = revise
    ? { projectUnitID: owner.lotId, action: 'DrawingsRevised', version: writer.lot.version }
    : { projectUnitID: owner.lotId, action: 'RequestChanges', requirements: ['request-changes'], message: 'Scale bench: please revise', version: writer.lot.version };
  const moved = await driver.timed<UnitRecord>(kind, { method: 'PUT', path: `/api/data/planxchange/projectunitstates/${owner.lotId}`, cookie: revise ? cookies.drafter : cookies.reviewer, body });
  writer.lot = moved
    ? { version: moved.version, stateKey: moved.stateKey }
    : await driver.untimed<UnitRecord>({ method: 'GET', path: unitPath(owner.lotId), cookie: cookies.reviewer });
}

const READ_KINDS = ['unit list', 'unit details', 'My Tasks', 'search', 'journal'] as const;

async function read(driver: Driver, population: Population, readers: Reader[], connection: number, n: number): Promise<void> {
  const i = connection * 13 + n;
  const kind = READ_KINDS[i % READ_KINDS.length];
  // The journal is there for staff only; everything else for anyone (staff read their tenant's root).
  const pool = kind === 'journal' ? population.staff : readers;
  const reader = pool[Math.floor(i / READ_KINDS.length) % pool.length];
  const path = { 'unit list': unitListPath, 'unit details': detailsPath, 'My Tasks': tasksPath, search: searchPath, journal: journalPath }[kind](reader, i);
  await driver.timed<unknown>(kind, { method: 'GET', path, cookie: reader.cookie }, false);
}

interface MixedResult {
  seconds: number;
  reads: Measured;
  writes: Measured;
  kinds: { kind: string; measured: Measured }[];
  /** Connections without a root of their own (too few suitable roots): they only read. */
  readOnlyConnections: number;
  /** Writers whose order lot's rows were not editable for the reviewer (they skip order rows). */
  withoutOrderRows: number;
}

export async function mixedWorkload(driver: Driver, base: string, population: Population, cookies: Map<string, string>): Promise<MixedResult> {
  const writers: Writer[] = [];
  for (const owner of population.owners.slice(0, CONNECTIONS)) writers.push(await prepareWriter(driver, owner, cookies));
  // Each connection starts its turn of write kinds at another kind, so that even a short run writes every kind.
  writers.forEach((writer, connection) => (writer.n = connection));
  // Readers: the customers, the staff and the writers' members (members of their own roots).
  const readers = [...population.customers, ...population.staff];
  for (const owner of population.owners) {
    for (const login of [owner.reviewer, owner.drafter, owner.planner]) readers.push({ login, cookie: cookies.get(login)!, internal: false, rootId: owner.rootId, rootNo: '', unitIds: [owner.lotId, owner.editUnitId] });
  }
  for (const reader of readers) if (!reader.rootNo) reader.rootNo = `Los ${1 + (reader.rootId % 5)}`;
  const step = async (connection: number, n: number) => {
    const writer = writers[connection];
    if (writer && n % WRITE_EVERY === WRITE_EVERY - 1) await write(driver, writer);
    else await read(driver, population, readers, connection, n);
  };
  // Warmed up as each endpoint alone is (1 s there): the writes' statements are new to every pool connection of both
  // processes (named on a connection's second run of a text) and their code to the JIT. Measured on the 1M set with
  // fresh processes, two rounds each: after 2 s the first round's writes p99 was 157–216 ms against the second's
  // 134–147; after 5 s 138 / 118–138 ms (docs/decisions.md #36).
  await settle(base);
  await driver.run(MIXED_WARM_UP_S, step);
  await settle(base);
  const seconds = await driver.run(DURATION_S * 2, step);
  const reads = new Tally();
  const writes = new Tally();
  const kinds: MixedResult['kinds'] = [];
  for (const [kind, tally] of driver.tallies) {
    ((WRITE_KINDS as readonly string[]).includes(kind) ? writes : reads).merge(tally);
    kinds.push({ kind, measured: summarise(tally, seconds) });
  }
  return {
    seconds,
    reads: summarise(reads, seconds),
    writes: summarise(writes, seconds),
    kinds,
    readOnlyConnections: CONNECTIONS - writers.length,
    withoutOrderRows: writers.filter((writer) => !writer.row).length,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One data set: fill, serve, sign in, measure.

interface DataSetResult {
  label: string;
  shape: ScaleShape;
  fillSeconds: number;
  users: { customers: number; staff: number; writers: number; signedIn: number };
  endpoints: Measured[];
  mixed: MixedResult;
}

/** tests/bench/scale-fill.ts in its own process (its lines indented): the demo seed, then the scale rows. */
async function fill(databaseUrl: string, shape: ScaleShape): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests', 'bench', 'scale-fill.ts'), databaseUrl], {
    cwd: root,
    env: { ...process.env, SCALE_ROOTS: String(shape.roots), SCALE_USERS: String(shape.users), SCALE_JOURNAL: String(shape.journalPerUnit), PASSWORD_HASH_LOG2N: HASH_LOG2N },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  for await (const line of createInterface({ input: child.stdout! })) console.log(`  ${line}`);
  const code = await exited;
  if (code !== 0) throw new Error(`scale-fill exited with ${code}`);
  return (performance.now() - started) / 1000;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

function printMeasured(name: string, measured: Measured, target = true) {
  const met = target ? `  ${verdict(measured.p99 < P99_TARGET_MS && measured.errors === 0)}` : '';
  console.log(`  ${name.padEnd(30)} ${String(measured.count).padStart(7)} ${fixed(measured.requestsPerSecond).padStart(7)}  ${String(measured.p50).padStart(6)}  ${String(measured.p99).padStart(6)}  ${String(measured.errors).padStart(6)}${met}`);
  for (const sample of measured.samples) console.log(`      e.g. ${sample}`);
}

async function measureDataSet(adminUrl: string, label: string, shape: ScaleShape): Promise<DataSetResult> {
  const units = shape.roots * UNITS_PER_ROOT;
  console.log(`\nScale data "${label}": ${shape.roots} roots (${units} units), ${shape.users} users, ${shape.journalPerUnit} journal entries per unit (${units * shape.journalPerUnit} entries)`);
  const database = await createThrowawayDatabase(adminUrl, `px_scale_${label.toLowerCase()}`);
  const work = mkdtempSync(join(tmpdir(), 'px-bench-scale-'));
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  let driver: Driver | undefined;
  try {
    const fillSeconds = await fill(database.url, shape);
    console.log(`  filled in ${fixed(fillSeconds)} s`);
    portal = await startPortal(work, database.url, 2, { LIST_CACHE: 'off', PASSWORD_HASH_LOG2N: HASH_LOG2N });
    const found = await findPopulation(database.url, CONNECTIONS);
    const logins = ['admin', ...found.customers.map((r) => r.login), ...found.staff.map((r) => r.login), ...found.owners.flatMap((o) => [o.reviewer, o.drafter, o.planner])];
    const signInStarted = performance.now();
    const cookies = await signIn(portal.base, logins);
    console.log(`  ${cookies.size} users signed in (${fixed((performance.now() - signInStarted) / 1000, 1)} s): ${found.customers.length} customers, ${found.staff.length} staff, ${found.owners.length} roots with writers`);
    await seedBanners(portal.base, cookies.get('admin')!);
    const withCookie = (reader: Omit<Reader, 'cookie'>): Reader => ({ ...reader, cookie: cookies.get(reader.login)! });
    const population: Population = { admin: cookies.get('admin')!, customers: found.customers.map(withCookie), staff: found.staff.map(withCookie), owners: found.owners };
    if (!population.customers.length || !population.staff.length) throw new Error(`too few users found (customers ${population.customers.length}, staff ${population.staff.length})`);
    driver = new Driver(portal.base, CONNECTIONS);

    console.log(`\nScale "${label}" on PostgreSQL, 2 processes, list cache off: ${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log('  endpoint                        requests   req/s  p50 ms  p99 ms  errors');
    const endpoints = await measureEndpoints(driver, portal.base, population);
    SCALE_ENDPOINTS.forEach((endpoint, i) => printMeasured(endpoint.name, endpoints[i], false));

    const mixed = await mixedWorkload(driver, portal.base, population, cookies);
    console.log(`\nScale "${label}" mixed workload: ${CONNECTIONS} connections, ${fixed(mixed.seconds, 1)} s, every ${WRITE_EVERY}th request of a connection a write (p99 < ${P99_TARGET_MS} ms, 0 errors)`);
    console.log('                                 requests   req/s  p50 ms  p99 ms  errors  target');
    printMeasured('reads', mixed.reads);
    printMeasured('writes', mixed.writes);
    for (const { kind, measured } of mixed.kinds) printMeasured(`  ${kind}`, { ...measured, samples: [] }, false);
    if (mixed.readOnlyConnections) console.log(`  ${mixed.readOnlyConnections} connections only read: too few open roots with a writable lot, order lot and members`);
    if (mixed.withoutOrderRows) console.log(`  ${mixed.withoutOrderRows} writers have no editable order row (they edit units and move lots only)`);
    return {
      label,
      shape,
      fillSeconds,
      users: { customers: population.customers.length, staff: population.staff.length, writers: Math.min(CONNECTIONS, population.owners.length), signedIn: cookies.size },
      endpoints,
      mixed,
    };
  } finally {
    driver?.close();
    if (portal) await stop(portal.child);
    rmSync(work, { recursive: true, force: true });
    await database.drop();
  }
}

function printComparison(small: DataSetResult, big: DataSetResult) {
  console.log(`\nScale: p99 at ${big.label} against ${small.label} (target ≤ ${RATIO_TARGET}×; ${CONNECTIONS} connections, list cache off, 2 processes)`);
  console.log(`  endpoint                        p99 ${small.label.padEnd(5)}  p99 ${big.label.padEnd(5)}   ratio  target    req/s ${small.label.padEnd(5)}  req/s ${big.label}`);
  SCALE_ENDPOINTS.forEach((endpoint, i) => {
    const [a, b] = [small.endpoints[i], big.endpoints[i]];
    const ratio = b.p99 / Math.max(1, a.p99);
    console.log(
      `  ${endpoint.name.padEnd(30)} ${`${a.p99} ms`.padStart(9)}  ${`${b.p99} ms`.padStart(9)}  ${`${ratio.toFixed(2)}×`.padStart(6)}  ${verdict(ratio <= RATIO_TARGET).padEnd(8)} ${fixed(a.requestsPerSecond).padStart(10)}  ${fixed(b.requestsPerSecond).padStart(10)}${a.errors || b.errors ? `  (errors ${a.errors} / ${b.errors})` : ''}`,
    );
  });
  for (const result of [small, big]) {
    const { reads, writes } = result.mixed;
    console.log(
      `  mixed at ${result.label.padEnd(4)}: reads p99 ${reads.p99} ms ${verdict(reads.p99 < P99_TARGET_MS && reads.errors === 0)}, writes p99 ${writes.p99} ms ${verdict(writes.p99 < P99_TARGET_MS && writes.errors === 0)}, errors ${reads.errors + writes.errors}; fill ${fixed(result.fillSeconds)} s`,
    );
  }
}

/** The 10k data set, then the big one (full scale unless SCALE_BENCH_ROOTS), each in its own database. */
export async function scaleBenchmark(): Promise<DataSetResult[]> {
  const postgres = await startPostgres(process.env.BENCH_DATABASE_URL);
  try {
    const small = await measureDataSet(postgres.url, unitsLabel(SMALL_SHAPE), SMALL_SHAPE);
    const shape = bigShape();
    const big = await measureDataSet(postgres.url, unitsLabel(shape), shape);
    printComparison(small, big);
    return [small, big];
  } finally {
    await postgres.stop();
  }
}

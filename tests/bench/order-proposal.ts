// Order rows proposed from the model (issue #26): a generated model of 2,000 walls (4,000 windows, quantity
// sets) is extracted once, then `GET /api/orders/{lot}/proposal` is timed for an AAC lot and a lintel lot linked
// to all 2,000 walls — session, access, the cached model from the database, the catalogue, the rules and the
// JSON answer. Target: under 1 s after extraction. Part of `npm run bench`; alone: `npx tsx tests/bench/order-proposal.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { createApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/client.js';
import { projectUnits } from '../../server/db/schema.js';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed.js';
import { generateLargeIfc, largeIfcModelSpec } from '../../server/db/fixtures/ifc-demo-large.js';
import { DiskFileStorage } from '../../server/services/file-storage.js';
import { settleViewerExtractions } from '../../server/services/ifc-viewer.js';
import { proposalWalls, proposeAacRows } from '../../src/domain/orderProposal.js';
import type { AacProduct } from '../../src/domain/catalogue.js';
import type { ViewerModel } from '../../src/domain/viewerModel.js';
import { ifcModels } from '../../server/db/schema.js';

const MODEL = { storeys: 4, wallsPerStorey: 500, quantities: true };
const TARGET_MS = 1000;
const RUNS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function orderProposalBenchmark(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'px-bench-proposal-'));
  const database = await openDatabase({});
  try {
    const files = new DiskFileStorage(join(dir, 'files'));
    await seedDemo(database.db, files);
    const app = createApp(database.db, {}, files);
    const request = (path: string, init: RequestInit = {}) => Promise.resolve(app.request(`http://localhost${path}`, init));
    const login = await request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'customer', password: DEMO_PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

    const text = generateLargeIfc(MODEL);
    const names = largeIfcModelSpec(MODEL).buildings.flatMap((building) => building.storeys.flatMap((storey) => storey.walls.map((wall) => wall.name)));
    const lots: { title: string; id: number; rootId: number }[] = [];
    for (const title of ['Wandelemente Bauabschnitt 2', 'Stürze Bauabschnitt 2']) {
      const [lot] = await database.db.select().from(projectUnits).where(eq(projectUnits.title, title));
      await database.db.update(projectUnits).set({ data: `WallNos=${names.join(',')}` }).where(eq(projectUnits.id, lot.id));
      lots.push({ title, id: lot.id, rootId: lot.rootId! });
    }
    // The model on the lots' project (order lots and their subprojects hold no files; a lot reads the nearest
    // model above it, and the new upload is the project's newest).
    const started = performance.now();
    for (const rootId of new Set(lots.map((lot) => lot.rootId))) {
      const form = new FormData();
      form.append('file', new Blob([text]), 'Large-2000.ifc');
      const uploaded = await request(`/api/file/${rootId}/${rootId}`, { method: 'POST', headers: { cookie }, body: form });
      if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    }
    // The upload queues the extraction in the background: ready once the proposal stops answering 202.
    for (const deadline = Date.now() + 120_000; ; ) {
      await settleViewerExtractions(database.db);
      const status = (await request(`/api/orders/${lots[0].id}/proposal`, { headers: { cookie } })).status;
      if (status !== 202) break;
      if (Date.now() > deadline) throw new Error('the model was not extracted within 2 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    const extractionMs = performance.now() - started;
    const [model] = await database.db.select().from(ifcModels);

    console.log(`\nOrder proposal from the model (${names.length} walls, ${(text.length / 1048576).toFixed(1)} MB IFC, extracted once in ${(extractionMs / 1000).toFixed(1)} s)`);
    console.log('  lot                            rows  unmatched   first ms  median ms    max ms');
    for (const lot of lots) {
      const times: number[] = [];
      let body: { rows?: unknown[]; unmatched?: unknown[] } = {};
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const response = await request(`/api/orders/${lot.id}/proposal`, { headers: { cookie } });
        body = (await response.json()) as typeof body;
        times.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`proposal ${lot.title}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
      console.log(
        `  ${lot.title.padEnd(30)} ${String(body.rows?.length ?? 0).padStart(5)} ${String(body.unmatched?.length ?? 0).padStart(10)} ${times[0].toFixed(0).padStart(10)} ${median(times).toFixed(0).padStart(10)} ${Math.max(...times).toFixed(0).padStart(9)}`,
      );
      console.log(`    target < ${TARGET_MS} ms after extraction: ${Math.max(...times) < TARGET_MS ? 'met' : 'NOT met'} (slowest of ${RUNS})`);
    }
    // The rules alone, without the database and HTTP.
    const products = ((await (await request(`/api/orders/${lots[0].id}`, { headers: { cookie } })).json()) as { products: AacProduct[] }).products;
    const t0 = performance.now();
    const { walls, missing } = proposalWalls(model.model as ViewerModel, { wallNames: names });
    const rows = proposeAacRows(walls, products, missing).rows.length;
    console.log(`  the AAC rules alone (pure function): ${(performance.now() - t0).toFixed(1)} ms for ${rows} rows`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  orderProposalBenchmark()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

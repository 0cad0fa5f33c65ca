// Bulk administration (issue #28): a 10,000-row lintel catalogue written like German Excel (`;`, decimal commas,
// umlauts) is imported through `POST /api/bulk/lintelproducts/import`, exported whole and read back by the preview.
// Target: the import in under 10 s with flat memory (peak RSS growth well below the file's parsed size × 50).
// Part of `npm run bench`; alone: `npx tsx tests/bench/bulk-import.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/client.js';
import { tenants } from '../../server/db/schema.js';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed.js';
import { DiskFileStorage } from '../../server/services/file-storage.js';

const ROWS = 10_000;
const TARGET_MS = 10_000;
const TARGET_PEAK_MB = 250;

/** The catalogue file as German Excel writes it. */
function catalogueCsv(tenantId: number): string {
  const lines = ['Mandant;Artikel-Nr.;Bezeichnung;Kurzzeichen;Höhe (mm);Dicke (mm);Länge (mm);Typ;Stück je Palette;Preis;Aktiv'];
  for (let index = 0; index < ROWS; index++) {
    const length = 1000 + (index % 40) * 50;
    lines.push(`${tenantId};GS-${String(index).padStart(5, '0')};Flachsturz Größe ${index};FS${index};124;${115 + (index % 5) * 10};${length};FS;20;${(index % 900) + 1},${String(index % 100).padStart(2, '0')};ja`);
  }
  return lines.join('\r\n');
}

/** Resident memory sampled every 10 ms while `work` runs: the peak above the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const began = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - began, peakMb: (peak - start) / 1048576 };
  } finally {
    clearInterval(timer);
  }
}

export async function bulkImportBenchmark(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'px-bench-bulk-'));
  const database = await openDatabase({});
  try {
    const files = new DiskFileStorage(join(dir, 'files'));
    await seedDemo(database.db, files);
    const app = createApp(database.db, {}, files);
    const request = (path: string, init: RequestInit = {}) => Promise.resolve(app.request(`http://localhost${path}`, init));
    const login = await request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const [tenant] = await database.db.insert(tenants).values({ name: 'Großhandel Süd' }).returning({ id: tenants.id });
    const csv = catalogueCsv(tenant.id);
    const send = (path: string, text: string) => {
      const form = new FormData();
      form.append('file', new Blob([new TextEncoder().encode(text)]), 'catalogue.csv');
      return request(`/api/bulk/lintelproducts/${path}`, { method: 'POST', headers: { cookie }, body: form });
    };

    const imported = await measured(async () => {
      const response = await send('import', csv);
      if (response.status !== 200) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return response.json();
    });
    const filter = encodeURIComponent(JSON.stringify({ tenantID: tenant.id }));
    const exported = await measured(async () => (await request(`/api/bulk/lintelproducts/export.csv?filter=${filter}`, { headers: { cookie } })).text());
    const previewed = await measured(async () => (await send('import/preview', exported.result)).json());
    const unchanged = (previewed.result as { summary: { unchanged: number } }).summary.unchanged;

    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\nBulk import of a ${ROWS.toLocaleString('en')}-row lintel catalogue (${(csv.length / 1048576).toFixed(1)} MB CSV, German Excel style)`);
    console.log('  step                  ms   peak RSS growth MB   target');
    console.log(`  import           ${imported.ms.toFixed(0).padStart(7)}   ${imported.peakMb.toFixed(0).padStart(18)}   < ${TARGET_MS} ms, < ${TARGET_PEAK_MB} MB: ${verdict(imported.ms < TARGET_MS && imported.peakMb < TARGET_PEAK_MB)}`);
    console.log(`  export (whole)   ${exported.ms.toFixed(0).padStart(7)}   ${exported.peakMb.toFixed(0).padStart(18)}`);
    console.log(`  re-import preview${previewed.ms.toFixed(0).padStart(7)}   ${previewed.peakMb.toFixed(0).padStart(18)}   unchanged ${unchanged}/${ROWS}: ${verdict(unchanged === ROWS)}`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  bulkImportBenchmark()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

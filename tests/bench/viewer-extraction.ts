// IFC model extraction for the 3D viewer (issue #10): time and memory of the worker for the Schule am
// Stadtpark demo model and for a generated ~20 MB model with a few thousand walls (windows and property
// sets), and how long the main thread's event loop stalls meanwhile (the API must not block).
// Part of `npm run bench`; alone: `npx tsx tests/bench/viewer-extraction.ts`. Time to first frame in Chromium
// is measured with the viewer page.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { schoolIfcModel } from '../../server/db/fixtures/ifc-demo-school.js';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large.js';
import { ExtractionPool, type ExtractionResult } from '../../server/services/ifc-viewer-pool.js';

/** 10 storeys × 740 walls ≈ 20 MB of STEP (about 2.8 kB per wall with two windows and a property set). */
const LARGE = { storeys: 10, wallsPerStorey: 740 };
const MB = 1024 * 1024;

interface Measurement {
  name: string;
  fileBytes: number;
  result: ExtractionResult;
  /** Submit → result, worker start included for the first job. */
  totalMs: number;
  /** Peak growth of the process's resident memory (the worker thread included) over the run. */
  rssPeakMb: number;
  /** Longest stall of the main thread's event loop meanwhile. */
  loopMaxMs: number;
}

async function measure(pool: ExtractionPool, name: string, text: string): Promise<Measurement> {
  const bytes = new TextEncoder().encode(text);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const result = await pool.extract(bytes);
  const totalMs = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  return { name, fileBytes: bytes.length, result, totalMs, rssPeakMb: (rssPeak - rssBefore) / MB, loopMaxMs: loop.max / 1e6 };
}

const size = (bytes: number) => (bytes < MB ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / MB).toFixed(1)} MB`).padStart(9);

function report(entry: Measurement) {
  const { result } = entry;
  if (!result.ok) {
    console.log(`  ${entry.name.padEnd(30)} ${size(entry.fileBytes)}   FAILED ${result.key} ${result.reason ?? ''}`);
    return;
  }
  console.log(
    `  ${entry.name.padEnd(30)} ${size(entry.fileBytes)} ${String(result.wallCount).padStart(7)} ${String(result.triangleCount).padStart(9)}` +
      ` ${String(result.parseMs).padStart(8)} ${entry.totalMs.toFixed(0).padStart(8)} ${size(result.geometry.byteLength)}` +
      ` ${result.memory.heapMb.toFixed(0).padStart(6)} ${result.memory.externalMb.toFixed(0).padStart(6)} ${entry.rssPeakMb.toFixed(0).padStart(7)} ${entry.loopMaxMs.toFixed(0).padStart(6)}` +
      ` ${`${result.booleans.cut}/${result.booleans.webIfc}`.padStart(11)}`,
  );
}

export async function viewerExtractionBenchmark(): Promise<void> {
  const pool = new ExtractionPool({ timeoutMs: 600_000, idleMs: 5_000, heapLimitMb: 1024 });
  try {
    const school = schoolIfcModel();
    const large = generateLargeIfc(LARGE);
    console.log('\nIFC extraction for the viewer (one worker thread; web-ifc single-threaded)');
    console.log('  model                               file   walls triangles parse ms total ms      .bin heapMB wasmMB rss+MB loopMs cut/web-ifc');
    // The first job starts the worker and loads web-ifc: shown separately from the warm run.
    report(await measure(pool, 'Schule am Stadtpark (cold)', school));
    report(await measure(pool, 'Schule am Stadtpark (warm)', school));
    report(await measure(pool, `generated ${LARGE.storeys}×${LARGE.wallsPerStorey} walls`, large));
    console.log('  heapMB: worker JS heap; wasmMB: worker buffers outside the heap (web-ifc memory); rss+MB: process peak growth;');
    console.log('  loopMs: longest main-thread event-loop stall meanwhile (requests are answered during extraction);');
    console.log('  cut/web-ifc: walls whose openings the worker cut itself / left to web-ifc\'s boolean (target: 20 MB ready in ≤ 2 s)');
  } finally {
    await pool.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  viewerExtractionBenchmark().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

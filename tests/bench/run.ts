// `npm run bench`: every figure as a ratio to a baseline measured in the same run (absolute numbers on shared
// machines drift 2–3× between runs), with the absolute numbers beside it:
// - the API against a bare Hono route, on the embedded database and on PostgreSQL (one and two processes);
// - the API at a manufacturer's scale (1,000,000 units, 100,000 users) against 10,000 units, with a mixed read and
//   write workload (tests/bench/scale-bench.ts; filling the big database takes minutes);
// - the first load against a bare react-admin app (initial JavaScript), the dashboard's LCP and login → dashboard;
// - then the Chromium and worker benchmarks with their own targets: the AAC order table (500 rows), the
//   questionnaire's largest sheet, IFC extraction, the order proposal, the bulk import, workflow transitions and the
//   viewer's first frame.
// - 1,000 open live-update streams on one process (memory, the API's p99 while changes fan out to them).
// BENCH_SECONDS sets the seconds per API measurement (default 8); BENCH_ONLY=api|scale|first-load|pages|live runs one
// part (several: comma-separated).
import { aacTableBenchmark } from './aac-table.js';
import { bulkImportBenchmark } from './bulk-import.js';
import { apiBenchmarks } from './api-ratios.js';
import { firstLoadInChromium, initialJsRatio } from './first-load.js';
import { orderProposalBenchmark } from './order-proposal.js';
import { questionnaireKeystrokeBenchmark } from './questionnaire-keystroke.js';
import { sheetBuilderEditBenchmark } from './sheet-builder-edit.js';
import { viewerExtractionBenchmark } from './viewer-extraction.js';
import { transitionBenchmark } from './transition.js';
import { viewerFirstFrameBenchmark } from './viewer-first-frame.js';
import { liveStreamsBenchmark } from './live-streams.js';
import { scaleBenchmark } from './scale-bench.js';

const only = process.env.BENCH_ONLY;
const part = (name: string) => !only || only.split(',').includes(name);

async function main() {
  if (part('api')) await apiBenchmarks();
  // The API on 10,000 and on 1,000,000 units (SCALE_BENCH_ROOTS shrinks the big one): p99 ratios, mixed workload.
  if (part('scale')) await scaleBenchmark();
  if (part('first-load')) {
    initialJsRatio();
    await firstLoadInChromium();
  }
  if (part('pages')) {
    // The AAC order table with 500 rows in Chromium (its own server with the built app).
    await aacTableBenchmark();
    // Keystroke to paint on the largest questionnaire sheet in Chromium (its own server with the built app).
    await questionnaireKeystrokeBenchmark();
    // A property edit in the visual sheet builder on the largest shipped sheet → canvas painted (target < 50 ms).
    await sheetBuilderEditBenchmark();
    // IFC model extraction for the 3D viewer (worker thread, demo and ~20 MB model).
    await viewerExtractionBenchmark();
    // Order rows proposed from a 2,000-wall model after its extraction (target < 1 s).
    await orderProposalBenchmark();
    // A 10,000-row catalogue imported, exported whole and read back (target < 10 s, flat memory).
    await bulkImportBenchmark();
    // Workflow transitions in Chromium: Confirm → dialog closed and tasks updated (target ≤ 500 ms).
    await transitionBenchmark();
    // The drawing viewer's time to first frame in Chromium (demo model and the ~20 MB model).
    await viewerFirstFrameBenchmark();
  }
  // 1,000 open live-update streams: memory and the API's p99 beside them.
  if (part('live')) await liveStreamsBenchmark();
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });

import { parentPort } from 'node:worker_threads';
import { IfcReadError, readIfcFacts } from './ifc-structure.js';
import { extractViewerModel } from './ifc-viewer-extract.js';
import type { WorkerJob, WorkerReply } from './ifc-viewer-pool.js';

/** The extraction thread: one job at a time (the pool sends the next after the answer), geometry handed back without a copy. */
// No V8 flags here: they are process-wide, and the embedded database (PGlite) is WebAssembly too — `--no-liftoff`
// would send its lazily compiled functions through the optimising compiler on first use, for ~5 % on the 20 MB model.
const port = parentPort;
if (!port) throw new Error('ifc-viewer-worker must run in a worker thread');

const megabytes = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** A structure job's facts, or a viewer job's extraction with the worker's memory (geometry transferred). */
async function run(job: WorkerJob): Promise<{ reply: WorkerReply; transfer: ArrayBuffer[] }> {
  const bytes = new Uint8Array(job.bytes);
  if (job.kind === 'structure') return { reply: { id: job.id, ok: true, facts: await readIfcFacts(bytes) }, transfer: [] };
  const before = process.memoryUsage();
  const result = await extractViewerModel(bytes);
  const after = process.memoryUsage();
  return {
    reply: {
      id: job.id,
      ok: true,
      ...result,
      // The worker's own heap, and the buffers outside it (web-ifc's wasm memory among them).
      memory: { heapMb: megabytes(after.heapUsed), externalMb: megabytes(after.external + after.arrayBuffers), externalGrowthMb: megabytes(after.external - before.external) },
    },
    transfer: [result.geometry.buffer],
  };
}

port.on('message', async (job: WorkerJob) => {
  try {
    const { reply, transfer } = await run(job);
    port.postMessage(reply, transfer);
  } catch (error) {
    const reply: WorkerReply =
      error instanceof IfcReadError
        ? { id: job.id, ok: false, key: error.key, reason: error.reasonKey ?? null }
        : { id: job.id, ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' };
    port.postMessage(reply);
  }
});

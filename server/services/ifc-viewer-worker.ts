import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { IfcReadError } from './ifc-structure.js';
import { extractViewerModel } from './ifc-viewer-extract.js';
import type { WorkerJob, WorkerReply } from './ifc-viewer-pool.js';

/** The extraction thread: one job at a time (the pool sends the next after the answer), geometry handed back without a copy. */
// web-ifc's wasm compiled by the optimising compiler at once: V8 otherwise starts with its baseline compiler and
// optimises a function only once it ran hot, which left the first large model of a fresh worker 2–3 times slower.
// The flag is process-wide but only changes how WebAssembly is compiled; web-ifc is the process's only wasm.
if (process.env.IFC_WASM_BASELINE !== '1') setFlagsFromString('--no-liftoff');
const port = parentPort;
if (!port) throw new Error('ifc-viewer-worker must run in a worker thread');

const megabytes = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

port.on('message', async (job: WorkerJob) => {
  const before = process.memoryUsage();
  try {
    const result = await extractViewerModel(new Uint8Array(job.bytes));
    const after = process.memoryUsage();
    const reply: WorkerReply = {
      id: job.id,
      ok: true,
      ...result,
      // The worker's own heap, and the buffers outside it (web-ifc's wasm memory among them).
      memory: { heapMb: megabytes(after.heapUsed), externalMb: megabytes(after.external + after.arrayBuffers), externalGrowthMb: megabytes(after.external - before.external) },
    };
    port.postMessage(reply, [result.geometry.buffer]);
  } catch (error) {
    const reply: WorkerReply =
      error instanceof IfcReadError
        ? { id: job.id, ok: false, key: error.key, reason: error.reasonKey ?? null }
        : { id: job.id, ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' };
    port.postMessage(reply);
  }
});

import { setFlagsFromString } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { IfcReadError, readIfcFacts } from './ifc-structure.js';
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

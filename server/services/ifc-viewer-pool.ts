import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { IfcFacts } from '../../src/domain/ifcStructure.js';
import type { IfcErrorKey, IfcReasonKey } from './ifc-structure.js';
import type { ViewerExtraction } from './ifc-viewer-extract.js';
import { logger } from '../lib/logging.js';
import { envVar } from '../env.js';
import { appPath } from '../paths.js';

/**
 * The one extraction worker of the process: jobs (the viewer's extraction, the structure import's facts) wait in
 * a queue and run one at a time off the request path; a job that runs too long ends the worker (the next job gets a fresh one), an idle worker ends after
 * a while so web-ifc's memory goes back to the system.
 */

export interface WorkerJob {
  id: number;
  kind: 'viewer' | 'structure';
  bytes: ArrayBuffer;
}

export interface WorkerMemory {
  heapMb: number;
  externalMb: number;
  externalGrowthMb: number;
}

export type ExtractionFailure = { ok: false; key: IfcErrorKey; reason: IfcReasonKey | null };
export type ExtractionSuccess = { ok: true; memory: WorkerMemory } & ViewerExtraction;
export type ExtractionResult = ExtractionSuccess | ExtractionFailure;
export type StructureResult = { ok: true; facts: IfcFacts } | ExtractionFailure;
export type WorkerReply = { id: number } & (ExtractionResult | StructureResult);
type JobResult = ExtractionResult | StructureResult;

export interface PoolOptions {
  /** A job taking longer fails with IFC.Broken / IFC.Reason.Timeout. */
  timeoutMs: number;
  /** An idle worker is ended after this long. */
  idleMs: number;
  /** V8 heap limit of the worker (web-ifc's wasm memory comes on top). */
  heapLimitMb: number;
}

interface Running {
  id: number;
  resolve: (result: JobResult) => void;
  timer: NodeJS.Timeout;
}

const WORKER_URL = pathToFileURL(appPath('server', 'services', 'ifc-viewer-worker.mjs'));

export class ExtractionPool {
  private worker: Worker | null = null;
  private readonly queue: { job: WorkerJob; resolve: (result: JobResult) => void }[] = [];
  private running: Running | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;

  constructor(private readonly options: PoolOptions) {}

  /** Queues the viewer's extraction of the bytes (copied: the caller keeps its buffer); never rejects. */
  extract(bytes: Uint8Array): Promise<ExtractionResult> {
    return this.submit('viewer', bytes) as Promise<ExtractionResult>;
  }

  /** Queues the structure import's reading of the bytes (copied); never rejects. */
  readStructureFacts(bytes: Uint8Array): Promise<StructureResult> {
    return this.submit('structure', bytes) as Promise<StructureResult>;
  }

  private submit(kind: WorkerJob['kind'], bytes: Uint8Array): Promise<JobResult> {
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    return new Promise((resolve) => {
      this.queue.push({ job: { id: this.nextId++, kind, bytes: copy.buffer }, resolve });
      this.runNext();
    });
  }

  /** Jobs queued or running. */
  get load(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Ends the worker; queued and running jobs fail. */
  async close(): Promise<void> {
    for (const { resolve } of this.queue.splice(0)) resolve({ ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' });
    this.finish({ ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' });
    await this.stopWorker();
  }

  private startWorker(): Worker {
    const worker = new Worker(WORKER_URL, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.options.heapLimitMb } });
    worker.on('message', (reply: WorkerReply) => {
      if (this.running?.id !== reply.id) return;
      const { id: _id, ...result } = reply;
      this.finish(result);
      this.runNext();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      logger.error({ err: error }, 'IFC extraction worker failed');
      const reason: IfcReasonKey = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'IFC.Reason.OutOfMemory' : 'IFC.Reason.Unreadable';
      this.dropWorker(worker, { ok: false, key: 'IFC.Broken', reason });
    });
    worker.on('exit', () => this.dropWorker(worker, { ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' }));
    return worker;
  }

  /** The worker died (error, exit or terminate): its job fails, the next job starts a new one. */
  private dropWorker(worker: Worker, failure: ExtractionFailure) {
    if (this.worker !== worker) return;
    this.worker = null;
    this.finish(failure);
    this.runNext();
  }

  private finish(result: JobResult) {
    const running = this.running;
    if (!running) return;
    this.running = null;
    clearTimeout(running.timer);
    running.resolve(result);
  }

  private async stopWorker() {
    const worker = this.worker;
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (worker) await worker.terminate();
  }

  private runNext() {
    if (this.running) return;
    const next = this.queue.shift();
    if (!next) {
      // Idle: the worker no longer keeps the process alive, and goes after idleMs.
      if (this.worker) {
        this.worker.unref();
        if (this.idleTimer) clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => void this.stopWorker(), this.options.idleMs);
        this.idleTimer.unref();
      }
      return;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = (this.worker ??= this.startWorker());
    worker.ref();
    const timer = setTimeout(() => {
      this.finish({ ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Timeout' });
      // A stuck parse cannot be interrupted: the thread goes, the queue continues on a new one.
      this.worker = null;
      void worker.terminate().finally(() => this.runNext());
    }, this.options.timeoutMs);
    this.running = { id: next.job.id, resolve: next.resolve, timer };
    worker.postMessage(next.job, [next.job.bytes]);
  }
}

/** The process's pool: IFC_VIEWER_TIMEOUT_MS (default 120 s), IFC_VIEWER_IDLE_MS (default 60 s). */
export const viewerExtractionPool = new ExtractionPool({
  timeoutMs: envVar('IFC_VIEWER_TIMEOUT_MS'),
  idleMs: envVar('IFC_VIEWER_IDLE_MS'),
  heapLimitMb: envVar('IFC_VIEWER_HEAP_MB'),
});

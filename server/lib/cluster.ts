import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logging.js';

export const MAX_PROCESSES = 32;

/**
 * How many server processes WEB_CONCURRENCY asks for (default 1), or the reason it cannot be: several
 * processes share one PostgreSQL database; the embedded database belongs to one process.
 */
export function serverProcesses(env: NodeJS.ProcessEnv): { processes: number } | { error: string } {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return { processes: 1 };
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PROCESSES) {
    return { error: `WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES}, not "${raw}"` };
  }
  const processes = Number(raw);
  if (processes > 1 && !env.DATABASE_URL) {
    return { error: `WEB_CONCURRENCY=${processes} needs PostgreSQL (DATABASE_URL): the embedded database can only be opened by one process` };
  }
  return { processes };
}

/** A worker that dies within this long after its start is not restarted again and again. */
const RESTART_WINDOW_MS = 10_000;

/**
 * The primary process of WEB_CONCURRENCY=N: forks N server processes that share the port (node:cluster hands out
 * the connections), starts a new one when one dies, and on SIGTERM/SIGINT passes the signal on and exits once
 * all have shut down (each drains its own requests).
 */
export function runPrimary(processes: number, logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  let stopping = false;
  let exitCode = 0;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    return worker;
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const livedMs = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) {
        logger.info('all server processes stopped');
        exit(exitCode);
      }
      return;
    }
    if (livedMs < RESTART_WINDOW_MS) {
      logger.fatal({ pid: worker.process.pid, code, signal }, 'a server process failed at start; stopping the others');
      stop('start failure', 1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'a server process ended unexpectedly; starting a new one');
    fork();
  });
  const stop = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ reason }, `stopping ${processes} server processes`);
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) exit(code);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  logger.info({ processes }, `starting ${processes} server processes on one port`);
  for (let i = 0; i < processes; i++) fork();
}

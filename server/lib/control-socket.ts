import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import type { Logger } from './logging.js';

/**
 * The running server's local door for maintenance: an HTTP server on a Unix socket in DATA_DIR
 * (`control.sock`, mode 0600). Whoever may read DATA_DIR may take a backup; nobody on the network can.
 * `npm run backup` uses it to get a consistent archive from the server that holds the embedded database.
 */

export const controlSocketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}/control.sock`;

export interface ControlHandlers {
  backup(out: Writable): Promise<unknown>;
}

/** Whether a server answers on the socket (a socket file left by a crash does not). */
export function controlSocketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ socketPath: path, method: 'GET', path: '/status', timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.on('error', () => resolve(false));
    probe.on('timeout', () => probe.destroy());
    probe.end();
  });
}

/** Starts the control server; resolves to its stop function, or null when the socket could not be opened. */
export async function startControlSocket(path: string, handlers: ControlHandlers, logger: Logger): Promise<(() => Promise<void>) | null> {
  if (await controlSocketAnswers(path)) {
    logger.warn({ path }, 'another server answers on the control socket; online backups go to it');
    return null;
  }
  await rm(path, { force: true });
  let busy = false;
  const server = createServer((req: IncomingMessage, res) => {
    if (req.method === 'GET' && req.url === '/status') return void res.end('ok');
    if (req.method !== 'POST' || req.url !== '/backup') return void res.writeHead(404).end();
    if (busy) return void res.writeHead(409).end('a backup is running already\n');
    busy = true;
    const started = Date.now();
    res.writeHead(200, { 'Content-Type': 'application/x-tar' });
    handlers
      .backup(res)
      .then((summary) => logger.info({ summary, durationMs: Date.now() - started }, 'backup written'))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'backup failed');
        // The client sees a cut connection and discards the partial archive.
        res.destroy(error as Error);
      })
      .finally(() => (busy = false));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    await chmod(path, 0o600);
  } catch (error) {
    logger.warn({ err: error, path }, 'the control socket could not be opened: npm run backup works only while the server is stopped');
    return null;
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => void rm(path, { force: true }).finally(resolve));
    });
}

import type { Server } from 'node:http';
import { Hono } from 'hono';
import { isLanguage } from '../../src/domain/languages.js';
import type { AppEnv } from './context.js';
import { startHttpServer } from './http-server.js';
import { ApiError, sendError } from './errors.js';
import { requestLogging, type Logger } from './logging.js';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;
export type ServerState = 'starting' | 'ready' | 'stopping';

export interface LifecycleOptions {
  port: number;
  hostname: string;
  logger: Logger;
  /** After SIGTERM, how long /api/ready answers 503 while requests are still served (the load balancer notices). */
  drainMs: number;
  /** How long requests under way may take to finish before their connections are cut. */
  timeoutMs: number;
  /** Ends the process (tests of this module pass their own). */
  exit?: (code: number) => void;
}

export interface Lifecycle {
  readonly state: ServerState;
  readonly port: number;
  /** From now on the portal's app answers and /api/ready is up to it. */
  ready(app: { fetch: Fetch }): void;
  /** Stops something at shutdown, once requests have finished; the last registered stops first. */
  onShutdown(name: string, stop: () => unknown): void;
  /** Runs as the shutdown begins, before the server waits for requests: ends what never finishes by itself (event streams). */
  onStopping(stop: () => void): void;
  shutdown(reason: string): Promise<void>;
}

/** What the server answers while it starts (everything 503 but /api/health) and /api/ready while it stops. */
function statusApp(state: () => ServerState, logger: Logger) {
  const app = new Hono<AppEnv>();
  app.use('*', requestLogging(logger));
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.get('/api/ready', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: state() === 'starting' ? 'starting' : 'stopping' }, 503);
  });
  app.all('*', (c) => {
    const accept = c.req.header('accept-language')?.slice(0, 2);
    return sendError(c, new ApiError(503, [{ key: 'ERRORMESSAGES.Unavailable' }], { 'Retry-After': '5' }), accept && isLanguage(accept) ? accept : 'en');
  });
  return app;
}

/**
 * Listens at once, so that orchestrators see a live process (/api/health 200) that is not ready yet
 * (/api/ready 503) while the database opens, migrates and seeds. On SIGTERM or SIGINT: /api/ready 503 for
 * `drainMs`, then no new connections, requests under way finish (at most `timeoutMs`), then the registered
 * parts stop (scheduler, mail delivery, extraction, database) and the process exits.
 */
export function startLifecycle(options: LifecycleOptions): Promise<Lifecycle> {
  const { logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let state: ServerState = 'starting';
  let app: { fetch: Fetch } | null = null;
  const status = statusApp(() => state, logger);
  const stops: { name: string; stop: () => unknown }[] = [];
  const stopping: (() => void)[] = [];
  let started!: () => void;
  const startedOrFailed = new Promise<void>((resolve) => (started = resolve));
  let active = 0;
  let shuttingDown: Promise<void> | null = null;

  const fetch: Fetch = (request, env) => {
    if (!app || (state === 'stopping' && new URL(request.url).pathname === '/api/ready')) return status.fetch(request, env);
    return app.fetch(request, env);
  };

  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Connections waiting for their next request go now; busy ones once their answer is out.
      const deadline = Date.now() + options.timeoutMs;
      const sweep = setInterval(() => {
        if (active === 0) server.closeIdleConnections();
        if (Date.now() > deadline) {
          logger.warn({ active }, 'shutdown: requests still running are cut off');
          server.closeAllConnections();
        }
      }, 50);
      server.once('close', () => clearInterval(sweep));
    });

  return new Promise((resolveLifecycle, rejectLifecycle) => {
    // lib/http-server.ts: unread bodies are dropped after the answer (keep-alive) or the connection closes gracefully.
    const server = startHttpServer(fetch, { port: options.port, hostname: options.hostname }, (info) => {
      logger.info({ port: info.port }, `listening on port ${info.port}, starting`);
      resolveLifecycle(lifecycle(info.port));
    }) as Server;
    server.on('request', (_request, response) => {
      active += 1;
      response.once('close', () => (active -= 1));
    });
    server.once('error', (error) => rejectLifecycle(error));

    const shutdown = (reason: string) => {
      shuttingDown ??= (async () => {
        const wasReady = state === 'ready';
        state = 'stopping';
        logger.info({ reason }, 'shutting down: not ready any more');
        const force = setTimeout(() => {
          logger.error('shutdown did not finish in time; exiting');
          exit(1);
        }, options.drainMs + options.timeoutMs + 15_000);
        force.unref();
        if (wasReady && options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
        for (const stop of stopping) stop();
        await closeServer(server);
        logger.info('shutdown: no more requests');
        // A start still under way finishes first, so that what it opened is closed in order.
        await startedOrFailed;
        for (const { name, stop } of stops.reverse()) {
          try {
            await stop();
          } catch (error) {
            logger.error({ err: error }, `shutdown: stopping ${name} failed`);
          }
        }
        logger.info('shutdown complete');
        exit(0);
      })();
      return shuttingDown;
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));

    const lifecycle = (port: number): Lifecycle => ({
      get state() {
        return state;
      },
      port,
      ready(portal) {
        app = portal;
        started();
        if (state === 'starting') {
          state = 'ready';
          logger.info('ready');
        }
      },
      onShutdown(name, stop) {
        stops.push({ name, stop });
      },
      onStopping(stop) {
        stopping.push(stop);
      },
      shutdown,
    });
  });
}

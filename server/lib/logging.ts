import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppEnv } from './context.js';
import { requestsInFlight } from './event-loop-monitor.js';
import { rawEnv } from '../env.js';

export type { Logger };

type Env = Record<string, string | undefined>;
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Level from `LOG_LEVEL` (default `info`; `error` under vitest so that test output stays readable);
 * format from `LOG_FORMAT`: `json` (one object per line, for log shippers) or `pretty` (readable, for a
 * developer); by default pretty when stdout is a terminal, JSON otherwise.
 */
export function loggerOptions(env: Env = rawEnv()) {
  const level = (env.LOG_LEVEL || (env.VITEST ? 'error' : 'info')).toLowerCase();
  if (!LEVELS.has(level)) throw new Error(`LOG_LEVEL must be one of ${[...LEVELS].join(', ')}, not "${env.LOG_LEVEL}"`);
  const format = (env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json')).toLowerCase();
  if (format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be "json" or "pretty", not "${env.LOG_FORMAT}"`);
  return { level, format: format as 'json' | 'pretty' };
}

/** The portal's logger: JSON lines with an ISO time and the level's name, or pino-pretty's lines. */
export function createLogger(options: { level?: string; format?: 'json' | 'pretty'; destination?: DestinationStream } = {}): Logger {
  const defaults = loggerOptions();
  const level = options.level ?? defaults.level;
  const format = options.format ?? defaults.format;
  const settings = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  if (options.destination) return pino(settings, options.destination);
  if (format === 'pretty') {
    // The request fields are in the message already; the rest (errors, extra fields) is printed below it.
    const stream = pretty({ colorize: !!process.stdout.isTTY, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,reqId,method,route,path,status,durationMs,userId' });
    return pino(settings, stream);
  }
  return pino(settings, pino.destination({ dest: 1, sync: true }));
}

/** The process's logger (services, start-up, shutdown); requests log through a child with their id. */
export const logger: Logger = createLogger();

/** A request id from the proxy in front (nginx's $request_id, a load balancer's trace id) is kept. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** Probes would drown the log: their lines are debug. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

function levelOf(status: number, path: string): Level {
  if (PROBES.has(path)) return 'debug';
  // 503 is the server starting or stopping, not a fault.
  if (status === 503) return 'warn';
  return status >= 500 ? 'error' : 'info';
}

/**
 * Gives every request an id (`X-Request-Id` on every answer, `requestId` in every error body) and a child
 * logger carrying it, then writes one line per request: id, method, route pattern, path, status,
 * duration and the signed-in user.
 */
export function requestLogging(base: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = base.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    // For the event-loop watchdog (event-loop-monitor.ts): which route held the loop.
    const ended = requestsInFlight.begin(`${c.req.method} ${c.req.path}`);
    // Before the route: a header set on a finished answer makes Hono rebuild it around its body as a stream
    // (@hono/node-server then writes it chunk by chunk), a third of a small request's cost.
    c.header('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      // An answer the route built without the context (none today) still gets the id, on its own headers.
      if (!c.res.headers.has('x-request-id')) c.res.headers.set('X-Request-Id', requestId);
      const path = c.req.path;
      const status = c.res.status;
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const userId = c.get('user')?.id ?? null;
      ended(`${c.req.method} ${routePath(c) || path}`);
      log[levelOf(status, path)]({ method: c.req.method, route: routePath(c) || path, path, status, durationMs, userId }, `${c.req.method} ${path} ${status} ${durationMs} ms${userId ? ` user ${userId}` : ''}`);
    }
  };
}

import { readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { inject } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/databases.js';


export interface ServerProcess {
  port: number;
  baseURL: string;
  pid: number;
  /** Resident memory now, and the peak since the last resetPeak(), in bytes (from /proc). */
  memory(): { rss: number; peak: number };
  resetPeak(): void;
  stop(): Promise<void>;
}

/** With TEST_DATABASE_URL a throwaway PostgreSQL database (as the API suite uses), else none (PGlite). */
function throwawayDatabase(): Promise<ThrowawayDatabase> | undefined {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createThrowawayDatabase(adminUrl, 'px_socket') : undefined;
}

/**
 * The run's seeded PGlite data directory for servers hashing passwords with 2^`log2n` (global-setup.ts makes one
 * per cost the suites use; the demo accounts' hashes carry it), or undefined: the server seeds its own — also outside
 * vitest (the benchmarks start these servers too, and have no global setup to ask).
 */
export function demoDataDir(log2n = process.env.PASSWORD_HASH_LOG2N ?? ''): string | undefined {
  return process.env.VITEST ? inject('demoDataDirs')?.[log2n] : undefined;
}

/**
 * The real server (server/index.ts) in its own process on a fresh database with the demo seed (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): for what app.request() cannot show — sockets, keep-alive, the
 * process's memory, the event loop under load.
 */
export async function startServerProcess(env: Record<string, string | undefined> = {}): Promise<ServerProcess> {
  const database = await throwawayDatabase();
  let server: TestServer;
  try {
    // A loaded CI machine starts the server (and seeds) slowly.
    // On PGlite a copy of the run's seeded data directory: the same installation a fresh seed makes, ~10 s sooner.
    const template = database ? undefined : demoDataDir(env.PASSWORD_HASH_LOG2N);
    server = await startTestServer({ databaseUrl: database?.url, template, env, readyTimeoutMs: 180_000 });
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const { port, baseURL } = server;
  const child = server.child;
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  return {
    port,
    baseURL,
    pid: child.pid!,
    memory() {
      const text = status();
      return { rss: kb(text, 'VmRSS'), peak: kb(text, 'VmHWM') };
    },
    resetPeak() {
      // Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM) to the current one.
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    },
    async stop() {
      await server.stop();
      await database?.drop();
    },
  };
}


/** One HTTP/1.1 connection driven by hand: write raw requests, read the responses as they come. */
export class RawConnection {
  readonly socket: Socket;
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;
  error: string | undefined;

  constructor(port: number) {
    // Half-open allowed: like a browser or curl, the client keeps sending after the server's FIN.
    this.socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    this.socket.on('data', (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    this.socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error = error.code ?? error.message;
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once the data is handed to the kernel (or the connection is gone). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolveWrite) => {
      if (this.socket.destroyed) return resolveWrite();
      if (this.socket.write(data)) return resolveWrite();
      const done = () => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolveWrite();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  /** Stops reading from the kernel: answers wait there, as for a client busy sending its upload. */
  pause() {
    this.socket.pause();
  }

  resume() {
    this.socket.resume();
  }

  /** The next complete response (status, headers, body by Content-Length), or undefined when the connection ends first. */
  async response(timeoutMs = 10_000): Promise<{ status: number; headers: Record<string, string>; body: string } | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.takeResponse();
      if (parsed) return parsed;
      if (this.closed) return undefined;
      if (Date.now() > deadline) throw new Error(`no response within ${timeoutMs} ms`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  private takeResponse() {
    const end = this.received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const lines = this.received.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(lines[0].split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.received.length < end + 4 + length) return undefined;
    const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    this.received = this.received.subarray(end + 4 + length);
    return { status, headers, body };
  }

  close() {
    this.socket.destroy();
  }
}

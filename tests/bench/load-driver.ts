// A closed-loop HTTP load driver for the benches: node:http over one keep-alive agent, `connections` loops that each
// wait for their answer before the next request (as autocannon does), every latency kept (exact percentiles, split by
// kind). Its own rather than autocannon because a write needs the version the previous answer returned.
import { Agent, request } from 'node:http';

interface Answer {
  status: number;
  body: string;
}

export interface Call {
  method: 'GET' | 'PUT';
  path: string;
  cookie: string;
  body?: unknown;
}

function send(base: URL, agent: Agent, call: Call): Promise<Answer> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string | number> = { cookie: call.cookie };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolveAnswer, reject) => {
    const req = request({ host: base.hostname, port: base.port, path: call.path, method: call.method, agent, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout after 10 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Latencies and errors of one kind of request. */
export class Tally {
  readonly latencies: number[] = [];
  errors = 0;
  /** The first few failures, to print (status and the start of the answer). */
  readonly samples: string[] = [];

  add(ms: number, failure?: string) {
    this.latencies.push(ms);
    if (failure === undefined) return;
    this.errors++;
    if (this.samples.length < 3) this.samples.push(failure);
  }

  merge(other: Tally) {
    this.latencies.push(...other.latencies);
    this.errors += other.errors;
    for (const sample of other.samples) if (this.samples.length < 3) this.samples.push(sample);
  }

  percentile(p: number): number {
    if (!this.latencies.length) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  }
}

export interface Measured {
  count: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  samples: string[];
}

export const summarise = (tally: Tally, seconds: number): Measured => ({
  count: tally.latencies.length,
  requestsPerSecond: tally.latencies.length / seconds,
  p50: Math.round(tally.percentile(50)),
  p99: Math.round(tally.percentile(99)),
  errors: tally.errors,
  samples: tally.samples,
});

export class Driver {
  readonly agent: Agent;
  readonly tallies = new Map<string, Tally>();
  readonly base: URL;

  constructor(
    base: string,
    readonly connections: number,
  ) {
    this.base = new URL(base);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  tally(kind: string): Tally {
    let tally = this.tallies.get(kind);
    if (!tally) this.tallies.set(kind, (tally = new Tally()));
    return tally;
  }

  /**
   * One timed request; a non-2xx answer or a network error counts as an error of `kind`. Returns the parsed body on
   * 2xx — unless `parse` is false (reads whose answer nobody uses: the driver shares the machine's cores with the
   * servers it measures, so it does no work it does not need).
   */
  async timed<T>(kind: string, call: Call, parse = true): Promise<T | undefined> {
    const started = performance.now();
    try {
      const answer = await send(this.base, this.agent, call);
      const ms = performance.now() - started;
      if (answer.status >= 200 && answer.status < 300) {
        this.tally(kind).add(ms);
        return parse && answer.body ? (JSON.parse(answer.body) as T) : undefined;
      }
      this.tally(kind).add(ms, `${call.method} ${decodeURIComponent(call.path).slice(0, 90)} → ${answer.status} ${answer.body.slice(0, 160)}`);
    } catch (error) {
      this.tally(kind).add(performance.now() - started, `${call.method} ${call.path.slice(0, 90)} → ${(error as Error).message}`);
    }
    return undefined;
  }

  /** An untimed request (setup): throws unless 2xx. */
  async untimed<T>(call: Call): Promise<T> {
    const answer = await send(this.base, this.agent, call);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${call.method} ${call.path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as T;
  }

  /** `connections` loops of `step(connection, n)` until `seconds` have passed; the tallies are emptied first. */
  async run(seconds: number, step: (connection: number, n: number) => Promise<void>): Promise<number> {
    this.tallies.clear();
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: this.connections }, async (_, connection) => {
        for (let n = 0; performance.now() < end; n++) await step(connection, n);
      }),
    );
    return (performance.now() - started) / 1000;
  }

  close() {
    this.agent.destroy();
  }
}

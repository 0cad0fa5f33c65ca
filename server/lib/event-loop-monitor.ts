import type { Logger } from 'pino';

/**
 * The event-loop watchdog (docs/security.md, "Bounded request bodies"): the only thread that answers requests must
 * not be held. prom-client's default metrics put the delay on /metrics (`planxchange_nodejs_eventloop_lag_*`); this
 * writes a warn line when one delay exceeds the threshold, naming the requests that were running meanwhile.
 */
export const EVENT_LOOP_WARN_MS = 200;

interface Running {
  /** `PUT /api/workflow-definition` — the path first, the route pattern once routing knows it. */
  label: string;
  ended?: number;
}

/** The requests of this process: in flight, and the last few that ended (a blocking route often ends before the timer fires). */
export class RequestsInFlight {
  private readonly running = new Set<Running>();
  private readonly ended: Running[] = [];

  constructor(private readonly now: () => number = () => performance.now(), private readonly keep = 20) {}

  /** Registers a request; call the result with its route pattern when it ends. */
  begin(label: string): (finalLabel?: string) => void {
    const entry: Running = { label };
    this.running.add(entry);
    return (finalLabel) => {
      if (finalLabel) entry.label = finalLabel;
      entry.ended = this.now();
      this.running.delete(entry);
      this.ended.push(entry);
      if (this.ended.length > this.keep) this.ended.shift();
    };
  }

  /** The requests running at some moment since `since` (distinct labels). */
  since(since: number): string[] {
    const labels = [...this.running].map((entry) => entry.label);
    for (const entry of this.ended) if (entry.ended! >= since) labels.push(entry.label);
    return [...new Set(labels)];
  }
}

/** The process's requests (the request logger registers each one). */
export const requestsInFlight = new RequestsInFlight();

export interface EventLoopMonitorOptions {
  log: Pick<Logger, 'warn'>;
  requests?: RequestsInFlight;
  thresholdMs?: number;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Checks every `intervalMs` how late its timer fired; a delay over `thresholdMs` is logged at warn with the routes
 * that held the loop. Returns the stop function. The timer does not keep the process alive.
 */
export function startEventLoopMonitor(options: EventLoopMonitorOptions): () => void {
  const { log, requests = requestsInFlight, thresholdMs = EVENT_LOOP_WARN_MS, intervalMs = 50, now = () => performance.now() } = options;
  let last = now();
  const timer = setInterval(() => {
    const at = now();
    const delayMs = Math.round(at - last - intervalMs);
    if (delayMs > thresholdMs) {
      const routes = requests.since(last);
      log.warn(
        { eventLoopDelayMs: delayMs, routes },
        `event loop blocked for ${delayMs} ms${routes.length ? ` while serving ${routes.join(', ')}` : ' (no request in flight)'}`,
      );
    }
    last = at;
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

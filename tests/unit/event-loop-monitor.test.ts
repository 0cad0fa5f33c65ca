import { describe, expect, it } from 'vitest';
import { RequestsInFlight, startEventLoopMonitor } from '../../server/lib/event-loop-monitor.js';
import { hasMoreValuesThan } from '../../server/lib/bounded-validation.js';

function block(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event-loop watchdog', () => {
  it('logs at warn when a callback holds the loop over 200 ms, naming the route that ran', async () => {
    const lines: { fields: { eventLoopDelayMs: number; routes: string[] }; msg: string }[] = [];
    const requests = new RequestsInFlight();
    const stop = startEventLoopMonitor({ log: { warn: ((fields: never, msg: string) => lines.push({ fields, msg })) as never }, requests });
    try {
      await pause(120);
      expect(lines).toEqual([]);
      // A request that blocks and ends before the monitor's timer can fire (as a slow validation does).
      const end = requests.begin('PUT /api/workflow-definition');
      block(400);
      end('PUT /api/workflow-definition');
      // A request that ended long before does not get the blame.
      await pause(120);
      expect(lines).toHaveLength(1);
      expect(lines[0].fields.eventLoopDelayMs).toBeGreaterThan(200);
      expect(lines[0].fields.routes).toEqual(['PUT /api/workflow-definition']);
      expect(lines[0].msg).toMatch(/^event loop blocked for \d+ ms while serving PUT \/api\/workflow-definition$/);

      const other = requests.begin('GET /api/health');
      other();
      await pause(600);
      block(300);
      await pause(120);
      expect(lines).toHaveLength(2);
      expect(lines[1].fields.routes).toEqual([]);
      expect(lines[1].msg).toMatch(/no request in flight/);
    } finally {
      stop();
    }
  });

  it('stays quiet below the threshold', async () => {
    const lines: unknown[] = [];
    const stop = startEventLoopMonitor({ log: { warn: ((...args: unknown[]) => lines.push(args)) as never }, thresholdMs: 10_000 });
    block(300);
    await pause(120);
    stop();
    expect(lines).toEqual([]);
  });
});

describe('hasMoreValuesThan', () => {
  it('counts JSON values and stops early', () => {
    expect(hasMoreValuesThan({ a: [1, 2], b: 'x' }, 5)).toBe(false);
    expect(hasMoreValuesThan({ a: [1, 2], b: 'x' }, 4)).toBe(true);
    const huge = Array.from({ length: 1_000_000 }, (_, i) => i);
    const started = performance.now();
    expect(hasMoreValuesThan(huge, 5_000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

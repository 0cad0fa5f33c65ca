import { sessionCookie } from '../support/session.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './socket-server.js';

/**
 * The four stalls of issue #40 (docs/security.md, "Bounded request bodies"): a 100,000-element array where the
 * workflow definition or a structure draft has a few hundred entries is refused with a 4xx in < 200 ms, and
 * /api/health answers in < 50 ms meanwhile. The server runs in its own process; the limits are over a baseline
 * measured in the same run (the same body with a string where the array was), and the server's own CPU time for
 * the request must stay under 200 ms: the machine's load cannot fail the test, a real stall (54 s) still does.
 */
const ANSWER_LIMIT_MS = 200;
const PROBE_LIMIT_MS = 50;
const METRICS = 'metrics-token-for-the-oversized-arrays-test';

let server: ServerProcess;
const cookies: Record<string, string> = {};
let maaskade = 0;
let definition: Record<string, unknown>;

beforeAll(async () => {
  server = await startServerProcess({ METRICS_TOKEN: METRICS });
  for (const login of ['customer', 'configurer']) cookies[login] = await sessionCookie(server.baseURL, login);
  const projects = (await (
    await fetch(`${server.baseURL}/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: 'Appartementen Maaskade' }))}`, { headers: { cookie: cookies.customer } })
  ).json()) as { id: number; title: string }[];
  maaskade = projects.find((project) => project.title === 'Appartementen Maaskade')!.id;
  definition = JSON.parse(readFileSync(new URL('../../schemas/workflow.default.json', import.meta.url), 'utf8'));
}, 400_000);
afterAll(async () => server?.stop());

async function timed(method: string, path: string, cookie?: string, body?: string): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${server.baseURL}${path}`, { method, headers: cookie ? { cookie, 'content-type': 'application/json' } : {}, body });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

/** The server process's CPU time so far, in ms (user + system, from /proc; 10 ms steps). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const huge = `[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]`;

describe('100,000-element arrays', () => {
  const cases: [string, string, string, () => string][] = [
    ['workflow definition states', 'PUT', 'configurer', () => JSON.stringify({ definition: { ...definition, states: '@' } }).replace('"@"', huge)],
    ['workflow definition transitions', 'PUT', 'configurer', () => JSON.stringify({ definition: { ...definition, transitions: '@' } }).replace('"@"', huge)],
    ['workflow definition escalations', 'PUT', 'configurer', () => JSON.stringify({ definition: { ...definition, escalations: '@' } }).replace('"@"', huge)],
    ['structure draft subprojects', 'PUT', 'customer', () => `{"draft":{"subprojects":${huge}},"version":null}`],
    ['create-project-structure subprojects', 'POST', 'customer', () => `{"subprojects":${huge}}`],
  ];
  it.each(cases)('%s: 4xx in < 200 ms, /api/health < 50 ms meanwhile', async (name, method, login, body) => {
    const path = name.startsWith('workflow') ? '/api/workflow-definition' : name.startsWith('structure') ? `/api/structure/${maaskade}/draft` : `/api/tasks/create-project-structure/${maaskade}`;
    const text = body();
    // The baseline: the same body with the array replaced by a string of the same length, refused by a type check
    // at once; it costs the same transfer and parse, so what is left is the array's own cost.
    const baselineText = text.replace(huge, JSON.stringify('x'.repeat(huge.length - 2)));
    const measure = async (sent: string) => {
      const cpuBefore = serverCpuMs();
      const request = timed(method, path, cookies[login], sent);
      // Probes sent with the request and just after it, on their own connections.
      const probes = Promise.all([0, 10, 30].map((delay) => new Promise((r) => setTimeout(r, delay)).then(() => timed('GET', '/api/health'))));
      const [answer, health] = await Promise.all([request, probes]);
      return { answer, health, cpu: serverCpuMs() - cpuBefore, worstProbe: Math.max(...health.map((probe) => probe.ms)) };
    };
    // Warm up once (the first call compiles and optimises), then measure.
    await measure(text);
    const baselines = [await measure(baselineText), await measure(baselineText)];
    const baseline = { answer: Math.max(...baselines.map((b) => b.answer.ms)), probe: Math.max(...baselines.map((b) => b.worstProbe)) };
    // The best of three: a stall shows in every attempt, a neighbour's burst on the shared CPU (the other test
    // workers) in one of them. The server's own CPU, too, counts its least (a stall costs it every time).
    const attempts = [await measure(text), await measure(text), await measure(text)];
    const { answer, health, worstProbe } = attempts.reduce((best, next) => (next.worstProbe + next.answer.ms < best.worstProbe + best.answer.ms ? next : best));
    const cpu = Math.min(...attempts.map((attempt) => attempt.cpu));
    console.log(
      `${method} ${path} [${name}]: ${answer.status} in ${answer.ms.toFixed(0)} ms (server CPU ${cpu} ms); worst probe ${worstProbe.toFixed(0)} ms ` +
        `(baseline, same size as a string: ${baseline.answer.toFixed(0)} ms, probe ${baseline.probe.toFixed(0)} ms)`,
    );
    for (const b of baselines) expect(b.answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.text).messages.length).toBeGreaterThan(0);
    // The server's own CPU for the request (and the probes): the machine's load does not inflate it.
    expect(cpu).toBeLessThan(ANSWER_LIMIT_MS);
    expect(answer.ms).toBeLessThan(ANSWER_LIMIT_MS + baseline.answer);
    expect(worstProbe).toBeLessThan(PROBE_LIMIT_MS + baseline.probe);
    expect(health.every((probe) => probe.status === 200)).toBe(true);
    for (const attempt of attempts) expect(attempt.health.every((probe) => probe.status === 200)).toBe(true);
  });
});

describe('the event loop on /metrics', () => {
  it("exposes prom-client's event-loop lag", async () => {
    const response = await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
    const text = await response.text();
    expect(response.status).toBe(200);
    for (const name of ['planxchange_nodejs_eventloop_lag_seconds', 'planxchange_nodejs_eventloop_lag_p99_seconds', 'planxchange_nodejs_eventloop_lag_max_seconds'])
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
  });
});

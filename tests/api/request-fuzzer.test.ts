import { sessionCookie } from '../support/session.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWith, fieldPlaces, oversizedValues, resolver, sampleValue, startProber, writeRoutes, type JsonSchema, type WriteRoute } from './request-fuzz.js';
import { startServerProcess, type ServerProcess } from './socket-server.js';

/**
 * The guard of docs/security.md ("No single request stalls the portal"): every write route of the OpenAPI document —
 * routes added later included — gets oversized bodies (100,000-element arrays, 1 MB strings, 10,000 properties,
 * deep nesting; at the top and in the fields its schema names) as a role that may use it, on the real server in its
 * own process, while a prober asks /api/health every 100 ms. No answer may take over 2 s, no probe over 500 ms,
 * nothing may answer 5xx. The server runs in its own process so that this file's work cannot delay it.
 */
const ANSWER_LIMIT_MS = 2_000;
const PROBE_LIMIT_MS = 500;
/** Routes after which the sessions are renewed. */
const SESSION_ROUTES = /logout|sign-?out|password|account|profile|sessions?\b/i;
const ROLES = ['admin', 'staff', 'configurer', 'customer', 'drafter'] as const;

let server: ServerProcess;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  server = await startServerProcess({ LOG_LEVEL: 'warn' });
  for (const role of ROLES) cookies[role] = await sessionCookie(server.baseURL, role);
}, 400_000);
afterAll(async () => server?.stop());

async function getJson<T>(path: string, role: (typeof ROLES)[number]): Promise<T> {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { cookie: cookies[role] } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Demo units for the path parameters, so that the bodies reach the routes' validation (not just a 404). */
async function demoParams() {
  const rootOf = async (title: string, role: (typeof ROLES)[number]) => {
    const rows = await getJson<{ id: number; title: string }[]>(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`, role);
    return rows.find((row) => row.title === title)?.id ?? 0;
  };
  const maaskade = await rootOf('Appartementen Maaskade', 'staff');
  const riverside = await rootOf('Riverside Apartments', 'staff');
  const orderLot = await rootOf('Wandelemente Bauabschnitt 1', 'customer');
  const delivery = await getJson<{ subProjects: { approvalLots: { approvalLotID: number }[] }[] }>(`/api/delivery-data/${maaskade}`, 'staff');
  const schedule = await getJson<{ entries: { projectUnitID: number }[] }>(`/api/questionnaire/ccl-delivery-schedule/${riverside}`, 'staff');
  const order = await getJson<{ items: { id: number }[] }>(`/api/orders/${orderLot}`, 'customer');
  return {
    byName: { rootId: maaskade, rootUnitId: maaskade, unitId: maaskade, lotId: orderLot, itemId: order.items[0]?.id ?? 1, resource: 'users' } as Record<string, string | number>,
    byRoute: {
      '/api/materials/{unitId}': { unitId: delivery.subProjects[0].approvalLots[0].approvalLotID },
      '/api/questionnaire/ccl-delivery-schedule/{rootId}/{unitId}': { rootId: riverside, unitId: schedule.entries[0].projectUnitID },
    } as Record<string, Record<string, string | number>>,
  };
}

/** A path with its parameters filled: demo units by name, `{id}` from the collection's first record, else 1. */
async function fillPath(route: WriteRoute, params: Awaited<ReturnType<typeof demoParams>>, role: (typeof ROLES)[number]): Promise<string> {
  let path = route.template;
  for (const [, name] of route.template.matchAll(/\{([^}]+)\}/g)) {
    let value = params.byRoute[route.template]?.[name] ?? params.byName[name];
    if (value === undefined && name === 'id') {
      const collection = route.template.slice(0, route.template.indexOf('/{id}'));
      const response = await fetch(`${server.baseURL}${collection}?range=${encodeURIComponent('[0,0]')}`, { headers: { cookie: cookies[role] } });
      const rows = response.ok ? ((await response.json()) as { id?: number }[]) : [];
      value = Array.isArray(rows) && rows[0]?.id !== undefined ? rows[0].id : 1;
    }
    path = path.replace(`{${name}}`, encodeURIComponent(String(value ?? 1)));
  }
  return path;
}

interface Answer {
  route: string;
  shape: string;
  status: number;
  ms: number;
  started: number;
  ended: number;
}

async function send(method: string, path: string, role: (typeof ROLES)[number], body: string | FormData, shape: string): Promise<Answer> {
  const started = Date.now();
  const t0 = performance.now();
  let status = 0;
  try {
    const headers: Record<string, string> = { cookie: cookies[role] };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const response = await fetch(`${server.baseURL}${path}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    status = response.status;
  } catch {
    status = 0; // no answer within a minute, or the connection dropped: a failure like a 5xx
  }
  return { route: `${method} ${path}`, shape, status, ms: performance.now() - t0, started, ended: Date.now() };
}

const SHAPE_NAME = { array: '100,000 elements', string: '1 MB string', object: '10,000 properties', other: 'nested' } as const;

/**
 * The bodies for one route: the four shapes at the top, then one oversized value per kind of field the schema names
 * (the first array, string, object and other field, and the first array inside an array's items) — not every field.
 */
function jsonBodies(route: WriteRoute, resolve: (schema: JsonSchema) => JsonSchema, values: ReturnType<typeof oversizedValues>): [string, string][] {
  const sample = sampleValue(route.schema, resolve) ?? {};
  const bodies: [string, string][] = [
    ['body: 10,000 properties', values.properties],
    ['body: 100,000-element array', values.array],
    ['body: nested 62 deep', values.deep(62)],
    ['body: 1 MB string field', `{"text":${values.string}}`],
  ];
  const places = fieldPlaces(route.schema, resolve);
  const chosen = new Map<string, (typeof places)[number]>();
  for (const place of places) {
    const nested = place.kind === 'array' && place.path.some((step) => Array.isArray(step));
    const kind = nested ? 'nested array' : place.kind;
    if (!chosen.has(kind)) chosen.set(kind, place);
  }
  for (const place of chosen.values()) {
    const name = place.path.map((step) => (Array.isArray(step) ? '[]' : step)).join('.');
    const depth = place.path.length * 2;
    // A field of unknown type gets an array: what a validator iterates over.
    const raw = { array: values.array, string: values.string, object: values.properties, other: values.array }[place.kind];
    bodies.push([`${name}: ${place.kind === 'other' ? SHAPE_NAME.array : SHAPE_NAME[place.kind]}`, bodyWith(sample, place.path, raw)]);
    if (place.kind === 'object') bodies.push([`${name}: nested`, bodyWith(sample, place.path, values.deep(Math.max(2, 60 - depth)))]);
  }
  return bodies;
}

function multipartBodies(route: WriteRoute, resolve: (schema: JsonSchema) => JsonSchema): [string, () => FormData][] {
  const fields = Object.keys(resolve(route.schema).properties ?? {});
  return [
    ['form: 10,000 fields', () => {
      const form = new FormData();
      for (let i = 0; i < 10_000; i++) form.append(`f${i}`, String(i));
      return form;
    }],
    ...fields.map((field): [string, () => FormData] => [`form ${field}: 1 MB string`, () => {
      const form = new FormData();
      form.append(field, 'x'.repeat(1_000_000));
      return form;
    }]),
  ];
}

describe('oversized bodies on every write route', () => {
  it('answer within 2 s, never 5xx, and /api/health stays under 500 ms meanwhile', async () => {
    const document = await (await fetch(`${server.baseURL}/api/openapi.json`)).json();
    const resolve = resolver(document.components?.schemas ?? {});
    const routes = writeRoutes(document);
    const params = await demoParams();
    const values = oversizedValues();
    const answers: Answer[] = [];
    const unreached: string[] = [];

    const prober = startProber(`${server.baseURL}/api/health`);
    const began = performance.now();
    for (const route of routes) {
      const shapes: [string, () => string | FormData][] =
        route.contentType === 'application/json' ? jsonBodies(route, resolve, values).map(([name, body]) => [name, () => body]) : multipartBodies(route, resolve);
      // The role: the first whose first answer is not "no session / not allowed / not visible".
      let role: (typeof ROLES)[number] = ROLES[0];
      let path = '';
      let first: Answer | undefined;
      for (const candidate of ROLES) {
        const candidatePath = await fillPath(route, params, candidate);
        const answer = await send(route.method, candidatePath, candidate, shapes[0][1](), shapes[0][0]);
        answers.push(answer);
        if (!first || ![401, 403, 404].includes(answer.status)) [role, path, first] = [candidate, candidatePath, answer];
        if (![401, 403, 404].includes(answer.status)) break;
      }
      if ([401, 403, 404].includes(first!.status)) unreached.push(`${route.method} ${route.template} (${first!.status})`);
      for (const [shape, body] of shapes.slice(1)) answers.push(await send(route.method, path, role, body(), shape));
      // A route that may end the session (sign-out, a password change) does not leave the next routes without one.
      if (SESSION_ROUTES.test(route.template)) for (const each of ROLES) cookies[each] = await sessionCookie(server.baseURL, each);
    }
    const seconds = (performance.now() - began) / 1000;
    const probes = await prober.stop();

    const slow = answers.filter((answer) => answer.ms > ANSWER_LIMIT_MS);
    const failed = answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    const slowProbes = probes.filter((probe) => probe.ms > PROBE_LIMIT_MS || probe.status !== 200);
    const worst = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    const worstProbe = Math.max(...probes.map((probe) => probe.ms));
    const during = (probe: { at: number; ms: number }) =>
      answers.filter((answer) => answer.started <= probe.at + probe.ms && answer.ended >= probe.at).map((answer) => `${answer.route} [${answer.shape}]`);
    console.log(
      `fuzzer: ${routes.length} write routes (${routes.length - unreached.length} reached past access checks), ${answers.length} requests in ${seconds.toFixed(1)} s; ` +
        `worst answer ${worst.ms.toFixed(0)} ms (${worst.route} [${worst.shape}] → ${worst.status}); ` +
        `${probes.length} probes, worst ${worstProbe.toFixed(0)} ms` +
        `\n  routes: ${routes.map((route) => `${route.method} ${route.template}`).join(', ')}` +
        (unreached.length ? `\n  answered 401/403/404 for every role: ${unreached.join(', ')}` : ''),
    );
    expect(slow.map((answer) => `${answer.route} [${answer.shape}] ${answer.ms.toFixed(0)} ms`)).toEqual([]);
    expect(failed.map((answer) => `${answer.route} [${answer.shape}] → ${answer.status}`)).toEqual([]);
    expect(slowProbes.map((probe) => `probe ${probe.ms.toFixed(0)} ms (${probe.status}) during ${during(probe).join(', ')}`)).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
    expect(probes.length).toBeGreaterThan(10);
  }, 600_000);
});

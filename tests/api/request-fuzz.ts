/**
 * The pieces of the oversized-body fuzzer (request-fuzzer.test.ts): what to send where, read from the OpenAPI
 * document, and a /api/health prober on its own thread (so that building bodies here cannot delay its clock).
 */
import { Worker } from 'node:worker_threads';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  additionalProperties?: unknown;
};

export interface WriteRoute {
  method: string;
  /** As in the document: `/api/orders/{lotId}/items`. */
  template: string;
  contentType: 'application/json' | 'multipart/form-data';
  schema: JsonSchema;
}

/** Every operation with a request body (JSON or multipart), any method but GET. */
export function writeRoutes(document: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }): WriteRoute[] {
  const routes: WriteRoute[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = operation.requestBody?.content;
      if (method === 'get' || !content) continue;
      const contentType = content['application/json'] ? 'application/json' : content['multipart/form-data'] ? 'multipart/form-data' : undefined;
      if (contentType) routes.push({ method: method.toUpperCase(), template, contentType, schema: content[contentType].schema ?? {} });
    }
  }
  return routes;
}

/** Follows `#/components/schemas/…` references and merges `allOf`; other references stay unknown (`{}`). */
export function resolver(components: Record<string, JsonSchema>) {
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema => {
    if (!schema || depth > 20) return {};
    if (schema.$ref) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
      return name ? resolve(components[decodeURIComponent(name)], depth + 1) : {};
    }
    if (schema.allOf) {
      const parts = schema.allOf.map((part) => resolve(part, depth + 1));
      return { type: 'object', properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})), required: parts.flatMap((part) => part.required ?? []) };
    }
    // A nullable field (`anyOf: [x, {type: null}]`): its other branch.
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) {
      const real = branches.filter((branch) => branch.type !== 'null');
      if (real.length === 1) return { ...resolve(real[0], depth + 1), nullable: true } as JsonSchema;
    }
    return schema;
  };
  return resolve;
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A small plausible value, so that a route's other checks pass and the oversized field is what it meets. */
export function sampleValue(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema, depth = 0): unknown {
  const s = resolve(schema);
  if ((s as { nullable?: boolean }).nullable || (Array.isArray(s.type) && s.type.includes('null'))) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (depth > 6) return null;
  switch (typeOf(s)) {
    case 'string':
      if (s.format === 'date') return '2030-01-15';
      if (s.format === 'date-time') return '2030-01-15T10:00:00.000Z';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri') return 'https://example.com/';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sampleValue(s.items ?? {}, resolve, depth + 1)) : [];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((name) => [name, sampleValue(s.properties?.[name] ?? {}, resolve, depth + 1)]));
    default:
      return null;
  }
}

export type FieldKind = 'array' | 'string' | 'object' | 'other';

export interface FieldPlace {
  /** Property names from the body down; `[]` marks "inside the items of the array here". */
  path: (string | [])[];
  kind: FieldKind;
}

/** The fields a body's schema names, down into objects and array items (a few levels): where to put the oversized values. */
export function fieldPlaces(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema, maxDepth = 4): FieldPlace[] {
  const places: FieldPlace[] = [];
  const walk = (node: JsonSchema, path: (string | [])[], depth: number) => {
    const s = resolve(node);
    const type = typeOf(s);
    if (path.length) places.push({ path, kind: type === 'array' || type === 'string' || type === 'object' ? type : 'other' });
    if (depth >= maxDepth) return;
    if (type === 'object' || s.properties) for (const [name, child] of Object.entries(s.properties ?? {})) walk(child, [...path, name], depth + 1);
    if (type === 'array' && s.items) {
      const items = resolve(s.items);
      if (items.properties) for (const [name, child] of Object.entries(items.properties)) walk(child, [...path, [], name], depth + 1);
    }
  };
  walk(schema, [], 0);
  return places;
}

/** The route's sample body with `raw` (a JSON text) at `path`; array steps become one-element arrays. */
export function bodyWith(sample: unknown, path: (string | [])[], raw: string): string {
  const marker = `\u0000fuzz\u0000`;
  const place = (value: unknown, rest: (string | [])[]): unknown => {
    if (!rest.length) return marker;
    const [step, ...tail] = rest;
    if (Array.isArray(step)) return [place(Array.isArray(value) && value.length ? value[0] : {}, tail)];
    const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    return { ...object, [step]: place(object[step], tail) };
  };
  return JSON.stringify(place(sample, path)).replace(JSON.stringify(marker), raw);
}

/** The oversized values, as JSON text (built once). */
export function oversizedValues() {
  const array = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i));
  const string = JSON.stringify('x'.repeat(1_000_000));
  const properties = JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, i])));
  // Just under the parser's 64 levels counted from the body (json-body.ts), alternating objects and arrays.
  const deep = (levels: number) => '{"a":['.repeat(levels / 2) + '1' + ']}'.repeat(levels / 2);
  return { array, string, properties, deep };
}

export interface Probe {
  /** Epoch milliseconds at the request's start. */
  at: number;
  ms: number;
  status: number;
}

/** GET /api/health every 100 ms (sequentially: a stalled server gives one long probe) on a worker thread. */
export function startProber(url: string): { stop(): Promise<Probe[]> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const probes = [];
    let running = true;
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const at = Date.now();
        const started = performance.now();
        let status = 0;
        try {
          const response = await fetch(workerData.url, { signal: AbortSignal.timeout(60000) });
          await response.arrayBuffer();
          status = response.status;
        } catch {}
        const ms = performance.now() - started;
        probes.push({ at, ms, status });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - ms)));
      }
      parentPort.postMessage(probes);
    })();
  `;
  const worker = new Worker(code, { eval: true, workerData: { url } });
  return {
    stop: () =>
      new Promise<Probe[]>((resolve, reject) => {
        worker.once('message', (probes: Probe[]) => void worker.terminate().then(() => resolve(probes)));
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

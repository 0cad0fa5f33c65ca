import type { MiddlewareHandler } from 'hono';
import { bodyLength } from './body-limit.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/** The deepest nesting of arrays and objects a JSON body or query parameter may have (the app's deepest is ~15). */
export const JSON_MAX_DEPTH = 64;

export type BodyKind = 'json' | 'multipart' | 'json-charset' | 'other';

/**
 * What a Content-Type announces: `application/json` (no charset, or UTF-8) is JSON; a JSON type with
 * another charset is refused (the server reads UTF-8 only); `application/jsonx`, `text/json` … are not JSON.
 */
export function bodyKind(contentType: string | undefined): BodyKind {
  const [essence, ...parameters] = (contentType ?? '').split(';');
  const type = essence.trim().toLowerCase();
  if (type === 'multipart/form-data') return 'multipart';
  if (type !== 'application/json') return 'other';
  for (const parameter of parameters) {
    const [name, ...rest] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = rest.join('=').trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return 'json-charset';
  }
  return 'json';
}

/** True when arrays and objects nest deeper than `max` (a linear scan; strings are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse with the depth bound: too deep or malformed is a 400 (`reference` names a query parameter). */
export function parseJsonText(text: string, reference?: string, malformedKey = 'ERRORMESSAGES.MalformedJson'): unknown {
  if (nestsDeeperThan(text, JSON_MAX_DEPTH)) throw ApiError.badRequest('ERRORMESSAGES.JsonTooDeep', reference, { max: JSON_MAX_DEPTH });
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest(malformedKey, reference);
  }
}

export function unsupportedBody(kind: BodyKind): ApiError {
  return new ApiError(415, [{ key: kind === 'json-charset' ? 'ERRORMESSAGES.JsonCharset' : 'ERRORMESSAGES.JsonRequired' }]);
}

const parsedBodies = new WeakMap<Request, unknown>();
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Request bodies are JSON, or multipart where a route takes uploads (it checks that itself); anything else is
 * 415 — a browser cannot send JSON across sites without a CORS preflight this server never grants. Every JSON
 * body is parsed once, before any route sees it: bounded in size (body-limit.ts) and depth, UTF-8 only.
 * Routes read the result through `readJson`.
 */
export const jsonBodyParser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || !bodyLength(c.req.raw)) return next();
  const kind = bodyKind(c.req.header('content-type'));
  if (kind === 'multipart') return next();
  if (kind !== 'json') throw unsupportedBody(kind);
  let text: string;
  try {
    text = utf8.decode(await c.req.raw.arrayBuffer());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.badRequest('ERRORMESSAGES.MalformedJson');
  }
  parsedBodies.set(c.req.raw, parseJsonText(text));
  return next();
};

/** The JSON body of a request: parsed by jsonBodyParser, else (an empty body) read here; 415 when not JSON. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const kind = bodyKind(request.headers.get('content-type') ?? undefined);
  if (kind !== 'json') throw unsupportedBody(kind);
  if (parsedBodies.has(request)) return parsedBodies.get(request);
  return parseJsonText(request.bodyUsed ? '' : await request.text());
}

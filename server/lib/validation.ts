import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, fromZod } from './errors.js';
import { readJson, readJsonObject } from './rest-query.js';

export interface CheckOptions {
  /** Prefixes each message's `reference` (e.g. `data` when the checked value is the body's `data`). */
  prefix?: string;
  /** The refusal where a route answers a failure differently from one message per field. */
  refuse?: (error: z.ZodError) => ApiError;
}

/**
 * A value checked against its schema: the parsed value, or a 400 with one message per field (fromZod). The one
 * place a route's input meets zod, so every route answers a wrong body with the same shape and keys.
 */
export function checkBody<S extends z.ZodType>(schema: S, value: unknown, options: CheckOptions = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw options.refuse ? options.refuse(result.error) : fromZod(result.error, options.prefix);
}

/**
 * The request's JSON body (parsed once by jsonBodyParser), checked against its schema. A body must be a JSON
 * object (400 ObjectExpected before any field is checked) unless `object: false` (a list, e.g. materials).
 */
export async function readBody<S extends z.ZodType>(c: Context, schema: S, options: CheckOptions & { object?: boolean } = {}): Promise<z.output<S>> {
  const body = options.object === false ? await readJson(c.req.raw) : await readJsonObject(c.req.raw);
  return checkBody(schema, body, options);
}

/** A query parameter's value if the schema takes it, else undefined (the route names its own 400). */
export function validOrUndefined<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

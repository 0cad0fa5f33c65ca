import { extendZodWithOpenApi, OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

/**
 * The contract's one registry. Route modules stay free of documentation: the `paths-*.ts` modules here register
 * each route with the zod schemas the routes validate with (exported from `src/domain` or the route module) and
 * response schemas (`schemas.ts`). `tests/api/openapi.test.ts` compares it with the app's route table.
 */
export const registry = new OpenAPIRegistry();

registry.registerComponent('securitySchemes', 'session', {
  type: 'apiKey',
  in: 'cookie',
  name: 'pxsid',
  description: 'The session cookie that `POST /api/auth/login` sets.',
});

/** `{ status, messages: [{ type, text, reference?, key?, code?, params? }] }`, the one error shape. */
export const ErrorBody = z
  .object({
    status: z.number().int(),
    messages: z
      .array(
        z.object({
          type: z.string(),
          text: z.string(),
          reference: z.string().optional(),
          key: z.string().optional(),
          code: z.string().optional(),
          params: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .min(1),
  })
  .openapi('Error');

type Status = 200 | 201 | 202 | 204 | 206 | 302 | 303 | 304 | 410 | 422 | 503;
/** A JSON schema, or another content type (files, CSV, HTML) with an optional schema. */
export type ResponseSpec = z.ZodType | { contentType: string | string[]; schema?: z.ZodType; description?: string; headers?: Record<string, string> } | { empty: string };

export interface OperationSpec {
  summary: string;
  description?: string;
  tags: string[];
  /** Reachable without a session. */
  public?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data fields (uploads). */
  multipart?: z.ZodObject;
  responses: Partial<Record<Status, ResponseSpec>>;
}

const DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content', 206: 'Partial content', 302: 'Found (redirect)', 303: 'See other', 304: 'Not modified', 410: 'Gone', 422: 'Unprocessable', 503: 'Unavailable' };

const binary = () => z.string().openapi({ format: 'binary' });
/** JSON content gets the schema; other types (files, CSV) are bytes unless a schema describes their text. */
const contentSchema = (type: string, schema?: z.ZodType) => (schema && (type === 'application/json' || type.startsWith('text/')) ? schema : type === 'application/json' ? z.unknown() : binary());

function response(status: number, spec: ResponseSpec): ResponseConfig {
  if ('empty' in spec) return { description: spec.empty };
  if (spec instanceof z.ZodType) return { description: DESCRIPTIONS[status], content: { 'application/json': { schema: spec } } };
  return {
    description: spec.description ?? DESCRIPTIONS[status],
    content: Object.fromEntries([spec.contentType].flat().map((type) => [type, { schema: contentSchema(type, spec.schema) }])),
    headers: spec.headers ? Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) : undefined,
  };
}

/** Registers one route; `path` is written as in Hono (`/api/orders/:lotId`). */
export function op(method: 'get' | 'post' | 'put' | 'delete', path: string, spec: OperationSpec): void {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  const request: RouteConfig['request'] = {};
  if (names.length) request.params = z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  if (spec.query) request.query = spec.query;
  if (spec.body) request.body = { required: true, content: { 'application/json': { schema: spec.body } } };
  if (spec.multipart) request.body = { required: true, content: { 'multipart/form-data': { schema: spec.multipart } } };
  const responses: RouteConfig['responses'] = {};
  for (const [status, value] of Object.entries(spec.responses)) responses[status] = response(Number(status), value as ResponseSpec);
  responses.default = { description: 'An error (400 bad input, 401 no session, 403, 404, 409, 413, 415, 421 another host, 422, 429, 500)', content: { 'application/json': { schema: ErrorBody } } };
  registry.registerPath({
    method,
    path: path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    security: spec.public ? [] : [{ session: [] }],
    request,
    responses,
  });
}

/** The list query of ra-data-simple-rest: JSON-encoded `sort`, `range` and `filter`. */
export function listQuery(filters: string, sortable: string) {
  return z.object({
    sort: z.string().optional().openapi({ description: `JSON \`["field","ASC"|"DESC"]\`; fields: ${sortable}`, example: '["id","ASC"]' }),
    range: z.string().optional().openapi({ description: 'JSON `[start, end]`, at most 1000 records', example: '[0,24]' }),
    filter: z.string().optional().openapi({ description: `JSON object; fields: ${filters}` }),
  });
}

export interface ResourceSpec {
  tag: string;
  /** What the records are, in a few words. */
  what: string;
  record: z.ZodType;
  filters?: string;
  sortable?: string;
  create?: z.ZodType;
  update?: z.ZodType;
  remove?: boolean;
  /** Only the list (no `GET …/{id}`). */
  listOnly?: boolean;
}

/** The five routes of a ra-data-simple-rest resource (those it has). */
export function resource(base: string, spec: ResourceSpec): void {
  const list = z.array(spec.record);
  op('get', base, {
    tags: [spec.tag],
    summary: `List ${spec.what}`,
    description: 'Answers `Content-Range: {resource} {start}-{end}/{total}`.',
    query: listQuery(['id', 'q', spec.filters].filter(Boolean).join(', '), spec.sortable ?? 'id'),
    responses: { 200: list },
  });
  if (!spec.listOnly) op('get', `${base}/:id`, { tags: [spec.tag], summary: `One of the ${spec.what}`, responses: { 200: spec.record } });
  if (spec.create) op('post', base, { tags: [spec.tag], summary: `Create one of the ${spec.what}`, body: spec.create, responses: { 201: spec.record } });
  if (spec.update) op('put', `${base}/:id`, { tags: [spec.tag], summary: `Change one of the ${spec.what} (any subset of the fields)`, body: spec.update, responses: { 200: spec.record } });
  if (spec.remove) op('delete', `${base}/:id`, { tags: [spec.tag], summary: `Delete one of the ${spec.what}`, description: 'Answers the deleted record.', responses: { 200: spec.record } });
}

export const DATA = '/api/data/planxchange';
export const id = z.number().int();
export const isoDateTime = z.string().openapi({ format: 'date-time' });
export const isoDate = z.string().openapi({ format: 'date' });
export const png = { contentType: 'image/png' } as const;

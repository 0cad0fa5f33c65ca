import { z } from 'zod';
import { ApiError } from './errors.js';
import { parseJsonText, readJsonBody } from './json-body.js';

/** The largest page one list request may ask for. */
export const MAX_PAGE_SIZE = 1000;

export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

const sortSchema = z.tuple([z.string().min(1).max(64), z.enum(['ASC', 'DESC', 'asc', 'desc'])]);
const rangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const filterSchema = z.record(z.string(), z.unknown());

function parseJsonParam(name: string, raw: string): unknown {
  return parseJsonText(raw, name, 'ERRORMESSAGES.MalformedQuery');
}

/** Parses `sort`, `range` and `filter` of the ra-data-simple-rest contract; anything malformed is a 400. */
export function parseListQuery(params: URLSearchParams, sortable: readonly string[], filterable: readonly string[]): ListQuery {
  const allowed = new Set(['sort', 'range', 'filter', '_', 'page', 'perPage']);
  for (const key of params.keys()) {
    if (!allowed.has(key)) throw ApiError.badRequest('ERRORMESSAGES.UnknownParameter', key, { name: key });
  }
  const query: ListQuery = { range: { start: 0, end: 24 }, filter: {} };

  const rawSort = params.get('sort');
  if (rawSort !== null) {
    const sort = sortSchema.safeParse(parseJsonParam('sort', rawSort));
    if (!sort.success) throw ApiError.badRequest('ERRORMESSAGES.MalformedQuery', 'sort');
    const [field, order] = sort.data;
    if (!sortable.includes(field)) throw ApiError.badRequest('ERRORMESSAGES.UnknownSortField', 'sort', { field });
    query.sort = { field, order: order.toUpperCase() as 'ASC' | 'DESC' };
  }

  const rawRange = params.get('range');
  if (rawRange !== null) {
    const range = rangeSchema.safeParse(parseJsonParam('range', rawRange));
    if (!range.success) throw ApiError.badRequest('ERRORMESSAGES.InvalidRange', 'range');
    const [start, end] = range.data;
    if (end < start) throw ApiError.badRequest('ERRORMESSAGES.InvalidRange', 'range');
    if (end - start + 1 > MAX_PAGE_SIZE) throw ApiError.badRequest('ERRORMESSAGES.RangeTooLarge', 'range', { max: MAX_PAGE_SIZE });
    query.range = { start, end };
  }

  const rawFilter = params.get('filter');
  if (rawFilter !== null) {
    const filter = filterSchema.safeParse(parseODataFilter(rawFilter) ?? parseJsonParam('filter', rawFilter));
    if (!filter.success) throw ApiError.badRequest('ERRORMESSAGES.MalformedQuery', 'filter');
    // Field names match regardless of case: the spec writes `ParentProjectUnitID`, `ParamKey`, `ProjectUnitID`.
    const named: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(filter.data)) {
      const field = filterable.includes(key) ? key : filterable.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
      if (!field) throw ApiError.badRequest('ERRORMESSAGES.UnknownFilterField', `filter.${key}`, { field: key });
      named[field] = value;
    }
    query.filter = named;
  }
  return query;
}

const ODATA_TERM = /\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s+eq\s+('(?:[^']|'')*'|-?\d{1,15}(?:\.\d{1,15})?|true|false|null)\s*/iy;
const ODATA_AND = /and\s+/iy;

/**
 * The spec's OData-style filter (`projectUnitID eq 12`, terms joined with `and`; numbers, 'text', true, false,
 * null) as the JSON filter ra-data-simple-rest sends; undefined when the text is not of that form.
 */
export function parseODataFilter(raw: string): Record<string, unknown> | undefined {
  if (/^\s*[{[]/.test(raw)) return undefined;
  const filter: Record<string, unknown> = {};
  let position = 0;
  for (let terms = 0; terms < 20; terms++) {
    ODATA_TERM.lastIndex = position;
    const term = ODATA_TERM.exec(raw);
    if (!term || term[1] in filter) return undefined;
    const text = term[2];
    const lower = text.toLowerCase();
    filter[term[1]] = text.startsWith("'") ? text.slice(1, -1).replace(/''/g, "'") : lower === 'null' ? null : lower === 'true' ? true : lower === 'false' ? false : Number(text);
    position = ODATA_TERM.lastIndex;
    if (position === raw.length) return filter;
    ODATA_AND.lastIndex = position;
    if (!ODATA_AND.test(raw)) return undefined;
    position = ODATA_AND.lastIndex;
  }
  return undefined;
}

/** Request ids in a path: positive whole numbers, anything else is 404 (the record cannot exist). */
export function parseId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw ApiError.notFound();
  const id = Number(raw);
  if (id > 2_147_483_647) throw ApiError.notFound();
  return id;
}

/** A JSON body of any kind (415 without the JSON content type, 400 when it does not parse or nests too deep). */
export function readJson(request: Request): Promise<unknown> {
  return readJsonBody(request);
}

/** Reads a JSON object body; malformed JSON or a non-object is a 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJson(request);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ApiError.badRequest('ERRORMESSAGES.ObjectExpected');
  return body as Record<string, unknown>;
}

/** A LIKE pattern that matches `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

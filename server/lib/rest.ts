import { and, asc, desc, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionUser } from '../../src/domain/user.js';
import { canAccess, type Action } from '../../src/domain/permissions.js';
import type { Db, Tx } from '../db/client.js';
import { placeholder, preparedQuery } from '../db/prepared.js';
import { lastWithCommit } from '../db/transaction-round-trips.js';
import type { AppEnv } from './context.js';
import type { FileStorage } from '../services/file-storage.js';
import { ApiError } from './errors.js';
import { cachedList } from './list-cache.js';
import { parseId, parseListQuery, readJsonObject } from './rest-query.js';
import { checkBody } from './validation.js';
import { requiredVersion, staleVersion } from './versions.js';

type Row = Record<string, unknown>;
export interface ApiRecord {
  id: number;
  [field: string]: unknown;
}

export interface FilterDefinition {
  /** Validates the filter value; a failure is a 400 naming the filter. */
  schema: z.ZodType;
  where: (value: never, user: SessionUser) => SQL | undefined;
  /**
   * `where(placeholder)` builds the condition `where(value)` builds for every number or string value, whoever the user
   * (it compares the value, does not look at it): a prepared list page (see `preparedScope`) calls it once with a
   * placeholder and runs it with each request's value. Other values (arrays, null) are built per request.
   */
  prepared?: true;
}

/** A scope in a prepared query: its shape for a user, the condition with placeholders, and their values. */
export interface PreparedScope {
  /** Users of one shape share the condition's SQL (e.g. how many tenants they see). */
  shape: string;
  condition: () => SQL | undefined;
  values: Record<string, unknown>;
}

/** The `preparedScope` of a resource without a `scope` (its routes check the access before the list runs). */
export const unscoped = (): PreparedScope => ({ shape: '', condition: () => undefined, values: {} });

/**
 * A drizzle table + zod schemas + an access rule = a ra-data-simple-rest resource.
 * Everything specific (relations, derived fields) goes through the hooks.
 */
export interface ResourceDefinition {
  name: string;
  table: PgTable;
  id: PgColumn;
  /** Fields of the API record that may be sorted by, mapped to their column (or a computed column's SQL). */
  sortable: Record<string, PgColumn | SQL>;
  defaultSort: [string, 'ASC' | 'DESC'];
  filters?: Record<string, FilterDefinition>;
  /** Text search for the `q` filter. */
  search?: (q: string) => SQL | undefined;
  /** Row-level access: what this user may see at all (404 outside of it). */
  scope?: (user: SessionUser) => SQL | undefined;
  /**
   * `scope` for a prepared query (server/db/prepared.ts), where the resource gives it — the same rule, written with
   * placeholders. The record (`GET /:id`, outside a transaction) and list pages whose filters are all `prepared` are
   * then rendered once per shape instead of per request (rendering a wide selection is most of drizzle's work).
   */
  preparedScope?: (user: SessionUser) => PreparedScope;
  /**
   * The user as a list page's `scope` should see them, read once per computed page (not on a cached answer): facts
   * the scope would otherwise ask in a subquery, given to the planner as constants. It must leave the scope's rows
   * the same — it only narrows what the scope could not use anyway.
   */
  listViewer?: (db: Db, user: SessionUser) => Promise<SessionUser>;
  /** Permission beyond the shared `canAccess(user, {action, resource})`. */
  allow?: (user: SessionUser, action: Action) => boolean;
  /** Computed columns selected with every row (e.g. a relation as an array), to save a query per request. */
  columns?: () => Record<string, SQL>;
  /** Turns rows into API records (attach relations, rename ids); `user` for texts in the caller's language. */
  toRecords: (db: Db, rows: Row[], user: SessionUser) => Promise<ApiRecord[]>;
  /** Every table a list page reads (`reading(…)`), so that changes to others keep its cached answers; default: all. */
  reads?: readonly string[];
  /** Other names of the id the client may echo back (the spec's id name); stripped before validation. */
  readOnlyFields?: string[];
  create?: { schema: z.ZodType; write: (tx: Tx, input: never, user: SessionUser) => Promise<number> };
  update?: {
    schema: z.ZodType;
    /** May answer the updated row as `findOne` reads it (RETURNING), which the answer then uses instead of reading it again. */
    write: (tx: Tx, id: number, input: never, existing: Row, user: SessionUser) => Promise<void | Row>;
  };
  /** May answer work to do once the deletion has committed (removing stored files). */
  remove?: (tx: Tx, id: number, existing: Row, user: SessionUser, files: FileStorage) => Promise<void | (() => Promise<void>)>;
  /**
   * Optimistic concurrency: the table's `version` column. A PUT must then name the version it read; the layer
   * raises it with `… where id = $id and version = $version` before `update.write` runs (0 rows → 409 with
   * `conflict`, default ERRORMESSAGES.ChangedMeanwhile), so `write` must not change it itself.
   */
  version?: PgColumn;
  conflict?: string;
}

/**
 * How far past a page's end a list counts (#36). Up to `end + COUNT_LOOKAHEAD` the total is exact; a list with more
 * says `end + COUNT_LOOKAHEAD` in Content-Range, which is still a correct "there are more pages" for react-admin's
 * pagination, and grows as the user pages on; the real number appears once the end is within reach. So a count
 * never reads more than 250 rows beyond the page, at any size of the table (docs/decisions.md, "#36": at 1,000 the
 * count was most of staff's My Tasks at a million units).
 */
export const COUNT_LOOKAHEAD = 250;

/** A page as a query takes it: rows skipped, rows returned, rows counted at most — values, or a prepared query's placeholders. */
export interface PageBounds {
  offset: number | Placeholder;
  limit: number | Placeholder;
  countBound: number | Placeholder;
}

/** The bounds of a requested range: its rows, and a count up to COUNT_LOOKAHEAD rows past its end. */
export function pageBounds(range: { start: number; end: number }): { offset: number; limit: number; countBound: number } {
  return { offset: range.start, limit: range.end - range.start + 1, countBound: range.end + 1 + COUNT_LOOKAHEAD };
}

/** The bounds in a prepared query, run with `pageBounds`' values. */
export const PAGE_PLACEHOLDERS: PageBounds = { offset: placeholder('offset'), limit: placeholder('limit'), countBound: placeholder('countBound') };

/** `select count(*)` of `fromWhere` (a FROM … WHERE … clause), reading at most `bound` rows (`PageBounds`). */
export function cappedCount(fromWhere: SQL, bound: number | Placeholder): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${fromWhere} limit ${bound}) as counted)`;
}

function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw ApiError.unauthorized();
  return user;
}

/** Every mounted resource by its API name (the whole-list export reads a list through its definition). */
const DEFINITIONS = new Map<string, ResourceDefinition>();

export function mountedResource(name: string): ResourceDefinition | undefined {
  return DEFINITIONS.get(name);
}

export function authorizeResource(definition: ResourceDefinition, user: SessionUser, action: Action): void {
  authorize(definition, user, action);
}

function authorize(definition: ResourceDefinition, user: SessionUser, action: Action): void {
  const allowed = definition.allow ? definition.allow(user, action) : canAccess(user, { action, resource: definition.name });
  if (!allowed) throw ApiError.forbidden();
}

/** Drops the record's own ids echoed back by the client; on update they must match the path. */
function stripReadOnly(definition: ResourceDefinition, body: Record<string, unknown>, id?: number) {
  const copy = { ...body };
  for (const field of ['id', ...(definition.readOnlyFields ?? [])]) {
    if (!(field in copy)) continue;
    if (id !== undefined && copy[field] !== id) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', field);
    delete copy[field];
  }
  return copy;
}

function selection(definition: ResourceDefinition, extra: Record<string, SQL> = {}) {
  return { ...getTableColumns(definition.table), ...(definition.columns?.() ?? {}), ...extra };
}

async function findOne(db: Db | Tx, definition: ResourceDefinition, id: number, user: SessionUser): Promise<Row> {
  const scope = definition.preparedScope?.(user);
  const prepared = scope && preparedQuery(db, `one/${definition.name}/${scope.shape}`, (pool) => recordQuery(pool, definition, placeholder('id'), scope.condition()).prepare(undefined as never));
  const [row] = prepared ? await prepared.execute({ ...scope.values, id }) : await recordQuery(db, definition, id, definition.scope?.(user));
  if (!row) throw ApiError.notFound();
  return row as Row;
}

/** The record `id` if `scope` reaches it (values, or a prepared query's placeholders). */
function recordQuery(db: Db | Tx, definition: ResourceDefinition, id: number | Placeholder, scope: SQL | undefined) {
  return (db as Db).select(selection(definition)).from(definition.table).where(and(eq(definition.id, id), scope)).limit(1);
}

/** The rows of `where` a list page shows, each with the page's capped total (an uncorrelated subquery, see `cappedCount`). */
function listPageQuery(db: Db, definition: ResourceDefinition, where: SQL | undefined, order: SQL[], bounds: PageBounds) {
  return db
    .select(selection(definition, { __total: listCount(definition, where, bounds.countBound) }))
    .from(definition.table)
    .where(where)
    .orderBy(...order)
    .limit(bounds.limit)
    .offset(bounds.offset);
}

const listCount = (definition: ResourceDefinition, where: SQL | undefined, bound: number | Placeholder) => cappedCount(sql`${definition.table} where ${where ?? sql`true`}`, bound);

type ListQuery = ReturnType<typeof listQuery>;

/**
 * A list page as a prepared query, where the resource has a `preparedScope` and every filter of the request is
 * `prepared` with a number or string; null otherwise (the page is then built for its values).
 */
async function preparedListPage(db: Db, definition: ResourceDefinition, user: SessionUser, list: ListQuery): Promise<(Row & { __total: number })[] | null> {
  if (!definition.preparedScope || definition.listViewer || 'id' in list.query.filter || 'q' in list.query.filter) return null;
  const filters = definition.filters ?? {};
  const keys = Object.keys(list.filterValues).sort();
  for (const key of keys) {
    const value = list.filterValues[key];
    if (!filters[key]?.prepared || (typeof value !== 'number' && typeof value !== 'string')) return null;
  }
  const scope = definition.preparedScope(user);
  const sort = list.query.sort ? `${list.query.sort.field}/${list.query.sort.order}` : '';
  const prepared = preparedQuery(db, `list/${definition.name}/${scope.shape}/${keys.join(',')}/${sort}`, (pool) => {
    const where = and(scope.condition(), ...keys.map((key) => filters[key].where(placeholder(`filter.${key}`) as never, user)));
    return listPageQuery(pool, definition, where, list.order, PAGE_PLACEHOLDERS).prepare(undefined as never);
  });
  if (!prepared) return null;
  const values = Object.fromEntries(keys.map((key) => [`filter.${key}`, list.filterValues[key]]));
  return (await prepared.execute({ ...scope.values, ...values, ...pageBounds(list.query.range) })) as (Row & { __total: number })[];
}

/** A list request's filter and sort for this user (the same for a page of the list and for its export). */
export function listQuery(definition: ResourceDefinition, user: SessionUser, params: URLSearchParams) {
  const filters = definition.filters ?? {};
  const filterable = ['id', 'q', ...Object.keys(filters)];
  const query = parseListQuery(params, Object.keys(definition.sortable), filterable);

  const conditions: (SQL | undefined)[] = [definition.scope?.(user)];
  // The filters' parsed values, by filter (not `id` and `q`): what a prepared page runs with.
  const filterValues: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query.filter)) {
    if (key === 'id') {
      const ids = z.union([z.array(z.number().int()), z.number().int()]).safeParse(value);
      if (!ids.success) throw ApiError.badRequest('ERRORMESSAGES.InvalidFilter', 'filter.id');
      const list = Array.isArray(ids.data) ? ids.data : [ids.data];
      conditions.push(list.length ? inArray(definition.id, list) : eq(definition.id, -1));
    } else if (key === 'q') {
      if (typeof value !== 'string' || value.length > 200) throw ApiError.badRequest('ERRORMESSAGES.InvalidFilter', 'filter.q');
      if (value.trim() && definition.search) conditions.push(definition.search(value.trim()));
    } else {
      const filter = filters[key];
      const parsed = filter.schema.safeParse(value);
      if (!parsed.success) throw ApiError.badRequest('ERRORMESSAGES.InvalidFilter', `filter.${key}`);
      filterValues[key] = parsed.data;
      conditions.push(filter.where(parsed.data as never, user));
    }
  }
  const where = and(...conditions);
  const [sortField, sortOrder] = query.sort ? [query.sort.field, query.sort.order] : definition.defaultSort;
  const column = definition.sortable[sortField];
  const order = sortOrder === 'DESC' ? desc(column) : asc(column);
  return { query, where, order: [order, asc(definition.id)] as SQL[], filterValues };
}

/**
 * Every record of a list with its filter and sort, page by page (an export: no range, memory bounded by the page).
 * Offset paging in the list's own order; the id breaks ties, so no record is read twice.
 */
export async function* listAll(db: Db, definition: ResourceDefinition, user: SessionUser, params: URLSearchParams, pageSize = 500): AsyncGenerator<ApiRecord[]> {
  const { where, order } = listQuery(definition, user, params);
  for (let offset = 0; ; offset += pageSize) {
    const rows = (await db.select(selection(definition)).from(definition.table).where(where).orderBy(...order).limit(pageSize).offset(offset)) as Row[];
    if (rows.length) yield await definition.toRecords(db, rows, user);
    if (rows.length < pageSize) return;
  }
}

/**
 * Claims the version the client read: one UPDATE that raises it only if it is still that version (and the row
 * visible), returning the row as `findOne` reads it (the write's `existing`, without a round trip of its own).
 */
async function claimVersion(tx: Tx, definition: ResourceDefinition, id: number, expected: number, user: SessionUser): Promise<Row> {
  const column = definition.version!;
  const [claimed] = (await tx
    .update(definition.table)
    .set({ version: sql`${column} + 1` } as never)
    .where(and(eq(definition.id, id), eq(column, expected), definition.scope?.(user)))
    .returning(selection(definition) as never)) as unknown as Row[];
  if (claimed) return claimed as Row;
  await findOne(tx, definition, id, user);
  throw staleVersion(definition.conflict);
}

/**
 * The record a create or update answers with, read on its transaction's connection — read after the commit, each of
 * its queries waited for one of the pool's connections again, which under load is the longer part of a write (#36).
 * Its first query goes with the commit (`lastWithCommit`); so an `update.write` must not hold back (`writeAtCommit`)
 * what the record shows.
 */
async function readBack(tx: Tx, definition: ResourceDefinition, id: number, user: SessionUser, written?: Row): Promise<ApiRecord> {
  const [record] = await definition.toRecords(tx as unknown as Db, [written ?? (await findOne(tx, definition, id, user))], user);
  return record;
}

/** Mounts list / getOne / create / update / delete for one resource. */
export function restResource(definition: ResourceDefinition): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  DEFINITIONS.set(definition.name, definition);

  app.get('/', async (c) => {
    const user = requireUser(c.get('user'));
    authorize(definition, user, 'list');
    return cachedList(c, user, async () => {
      const db = c.get('db');
      const viewer = definition.listViewer ? await definition.listViewer(db, user) : user;
      const list = listQuery(definition, viewer, new URL(c.req.url).searchParams);
      const { query, where, order } = list;
      const { start } = query.range;
      const bounds = pageBounds(query.range);

      // The total comes with the page as an uncorrelated subquery (computed once, unlike a window count, which
      // would read and sort every match before the page), counted up to COUNT_LOOKAHEAD rows past the page: what
      // lies beyond is never read (see `cappedCount`). Only a page past the end needs a second query.
      const page =
        (await preparedListPage(db, definition, viewer, list)) ?? ((await listPageQuery(db, definition, where, order, bounds)) as (Row & { __total: number })[]);
      let total = page.length ? Number(page[0].__total) : 0;
      if (!page.length && start > 0) {
        const [row] = await db.select({ total: listCount(definition, where, bounds.countBound) }).from(sql`(select 1) as one`);
        total = Number(row.total);
      }
      const records = await definition.toRecords(db, page.map(({ __total: _, ...row }) => row), user);
      const last = records.length ? start + records.length - 1 : start;
      c.header('Content-Range', `${definition.name} ${start}-${last}/${total}`);
      return c.json(records);
    }, definition.reads);
  });

  app.get('/:id', async (c) => {
    const user = requireUser(c.get('user'));
    authorize(definition, user, 'show');
    const db = c.get('db');
    const row = await findOne(db, definition, parseId(c.req.param('id')), user);
    const [record] = await definition.toRecords(db, [row], user);
    return c.json(record);
  });

  const { create, update, remove } = definition;

  if (create) {
    app.post('/', async (c) => {
      const user = requireUser(c.get('user'));
      authorize(definition, user, 'create');
      const input = checkBody(create.schema, stripReadOnly(definition, await readJsonObject(c.req.raw)));
      const db = c.get('db');
      const record = await db.transaction(async (tx) => {
        const id = await create.write(tx, input as never, user);
        return lastWithCommit(tx, () => readBack(tx, definition, id, user));
      });
      return c.json(record, 201);
    });
  }

  if (update) {
    app.put('/:id', async (c) => {
      const user = requireUser(c.get('user'));
      authorize(definition, user, 'edit');
      const id = parseId(c.req.param('id'));
      const body = stripReadOnly(definition, await readJsonObject(c.req.raw), id);
      const { version, ...fields } = body;
      const input = checkBody(update.schema, definition.version ? fields : body);
      const expected = definition.version ? requiredVersion(version) : undefined;
      const db = c.get('db');
      const record = await db.transaction(async (tx) => {
        const existing = expected !== undefined ? await claimVersion(tx, definition, id, expected, user) : await findOne(tx, definition, id, user);
        const written = await update.write(tx, id, input as never, existing, user);
        return lastWithCommit(tx, () => readBack(tx, definition, id, user, written || undefined));
      });
      return c.json(record);
    });
  }

  if (remove) {
    app.delete('/:id', async (c) => {
      const user = requireUser(c.get('user'));
      authorize(definition, user, 'delete');
      const id = parseId(c.req.param('id'));
      const db = c.get('db');
      const { before, afterCommit } = await db.transaction(async (tx) => {
        const existing = await findOne(tx, definition, id, user);
        const [record] = await definition.toRecords(tx as unknown as Db, [existing], user);
        return { before: record, afterCommit: await remove(tx, id, existing, user, c.get('files')) };
      });
      if (afterCommit) await afterCommit();
      return c.json(before);
    });
  }

  return app;
}

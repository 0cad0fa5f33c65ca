import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

/**
 * Queries of a fixed shape, built and rendered once per database and shape (drizzle's prepared queries), then run with
 * the request's values. drizzle builds a query's SQL anew for every request, and rendering a wide selection costs it
 * a check of each chunk's class (a walk of prototypes per check): under the mixed workload of #36 the servers spent a
 * quarter of their CPU rendering SQL, the unit access alone ~0.3 ms per request. A prepared query is rendered once.
 *
 * Outside a transaction only: drizzle binds a prepared query to the session it was made on (the pool), so inside a
 * transaction the query is built as before, on the transaction's connection. The text and its values are the same as
 * the built query's, so the statement's name and plan are shared by both ways (`StatementNames`).
 */

/**
 * Shapes kept per database (a bound on memory: a shape is a query's SQL and its columns, a few kilobytes). When a new
 * shape finds it full — queries made for rules of workflow versions no longer in force — all are dropped and made again
 * as they are asked for.
 */
const MAX_SHAPES = 200;

const byDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * The prepared query of `key` on `db` (made with `make` the first time), or null inside a transaction — the caller
 * then builds the query with its values.
 */
export function preparedQuery<P>(db: Db | Tx, key: string, make: (db: Db) => P): P | null {
  if (db instanceof PgTransaction) return null;
  let shapes = byDatabase.get(db);
  if (!shapes) byDatabase.set(db, (shapes = new Map()));
  let query = shapes.get(key) as P | undefined;
  if (query === undefined) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    query = make(db as Db);
    shapes.set(key, query);
  }
  return query;
}

/**
 * A list of ids as one array parameter (`= any(${intArray(ids)})`): the statement's text stays the same whatever the
 * list's length (one named statement, one plan), and drizzle renders one chunk instead of one per id.
 */
export const intArray = (ids: readonly number[]): SQL => sql`${sql.param(ids)}::int[]`;

/** A named value of a prepared query. */
export const placeholder = (name: string): Placeholder => sql.placeholder(name) as Placeholder;

/** Placeholders for a list of values (`name0`, `name1`, …), and the values under those names. */
export function listPlaceholders(name: string, count: number): Placeholder[] {
  return Array.from({ length: count }, (_, index) => placeholder(`${name}${index}`));
}

export function listValues<T>(name: string, values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((value, index) => [`${name}${index}`, value]));
}

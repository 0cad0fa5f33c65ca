import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Db, Tx } from './client.js';

/**
 * Fewer round trips per PostgreSQL transaction (#36): under load every round trip of a write waits behind the other
 * requests' work (the mixed workload's writes missed p99 < 150 ms while its reads met it). Two rules, both on the
 * pool's connections (node-postgres sends one statement at a time and waits for its answer):
 *
 * **The `begin` rides with the first statement.** drizzle sends `begin` on its own; a connection now answers it at
 * once without sending it, and sends it with the transaction's first statement, whose values are written in as
 * literals, in one simple-protocol query (`begin; select set_config(…); select … for no key update`). The first
 * statement's answer is that statement's. A statement that cannot be written so (a value in bytes, text this does not
 * read) goes after the `begin` as before.
 *
 * **Writes sent with the commit.** A write transaction ends with statements whose answer it does not need — the
 * journal entry, the outbox's events, the bell's notices, the final update of a row it has already claimed. Each was
 * a round trip of its own, and under load every round trip of a write waits behind the other requests' work (the
 * mixed workload's writes missed p99 < 150 ms while its reads met it). On PostgreSQL such a statement is now held back
 * and sent, with its values written in as literals, in one simple-protocol query with the transaction's `commit`:
 * `insert …; insert …; commit`. PostgreSQL runs them in order; if one fails, the rest (the commit too) is skipped, the
 * transaction rolls back and the error reaches the caller from its transaction, as a failed commit would.
 *
 * What may be held back: a statement whose result the transaction does not read, and that no later statement of the
 * same transaction depends on (they all run after everything sent before the commit). Row locks a write relies on
 * are taken before (they stay immediate). Only a top-level transaction holds statements back (a savepoint's
 * statements would survive its rollback); in a savepoint, on the embedded database and for a value that cannot be
 * written as a literal (bytes), the statement runs at once — the same result, one round trip more.
 */

/** What this needs of node-postgres: its literal quoting and the value conversion it applies to bound values. */
export interface PgModule {
  escapeLiteral(value: string): string;
  utils: { prepareValue(value: unknown): unknown };
}

interface Held {
  pg: PgModule;
  statements: string[];
}

/** Connections whose `commit` carries held statements (PostgreSQL's, with `carryWritesInCommit`). */
const carriers = new WeakMap<PoolClient, PgModule>();
/** The statements each connection holds for its open transaction's commit. */
const held = new WeakMap<PoolClient, Held>();

const dialect = new PgDialect();

type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/** The pg connection under a top-level transaction of node-postgres, if this module carries its commit. */
function carrierOf(tx: Tx): { client: PoolClient; pg: PgModule } | undefined {
  const inner = tx as unknown as { nestedIndex?: number; session?: { client?: unknown } };
  if (inner.nestedIndex !== 0) return undefined;
  const client = inner.session?.client as PoolClient | undefined;
  const pg = client && carriers.get(client);
  return pg ? { client: client!, pg } : undefined;
}

/**
 * `text` with each `$n` outside quotes replaced by `literal(n)`; undefined when the text has what this does not read
 * (dollar quoting, escape strings, comments), which then run as they are.
 */
export function inlineParameters(text: string, literal: (index: number) => string | undefined): string | undefined {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "'" || char === '"') {
      // An escape string (E'…') reads backslashes otherwise.
      if (char === "'" && /[eE]/.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? '')) return undefined;
      const end = closingQuote(text, i, char);
      if (end < 0) return undefined;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (char === '$') {
      const match = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (!match) return undefined;
      const value = literal(Number(match[1]));
      if (value === undefined) return undefined;
      out += value;
      i += match[0].length;
    } else if ((char === '-' && text[i + 1] === '-') || (char === '/' && text[i + 1] === '*')) {
      // A comment may hold quotes or `$n` of its own.
      return undefined;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** The index of the quote closing the one at `start` (a doubled quote is part of the text). */
function closingQuote(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue;
    if (text[i + 1] === quote) {
      i += 1;
      continue;
    }
    return i;
  }
  return -1;
}

/** A parameter as a literal PostgreSQL reads as it would read the bound value (untyped, resolved by its context). */
function literalOf(pg: PgModule, value: unknown): string | undefined {
  const prepared = pg.utils.prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (typeof prepared !== 'string') return undefined;
  return pg.escapeLiteral(prepared);
}

function render(pg: PgModule, statement: Statement): string | undefined {
  const { sql: text, params } = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  if (text.includes(';')) return undefined;
  return inlineParameters(text, (index) => (index >= 1 && index <= params.length ? literalOf(pg, params[index - 1]) : undefined));
}

/**
 * Runs `statement` with the transaction's commit (PostgreSQL, top-level transaction), else now. The caller must not
 * need its result, nor run anything later in the transaction that depends on it.
 */
export async function writeAtCommit(tx: Tx, statement: Statement): Promise<void> {
  const carrier = carrierOf(tx);
  const text = carrier && render(carrier.pg, statement);
  if (!carrier || !text) {
    await ('toSQL' in statement ? (statement as unknown as Promise<unknown>) : (tx as unknown as Db).execute(statement));
    return;
  }
  const entry = held.get(carrier.client) ?? { pg: carrier.pg, statements: [] };
  entry.statements.push(text);
  held.set(carrier.client, entry);
}

/** The statements `client` holds for its commit (tests). */
export function heldStatements(tx: Tx): readonly string[] {
  const carrier = carrierOf(tx);
  return (carrier && held.get(carrier.client)?.statements) ?? [];
}

/** A transaction's end (`commit`, perhaps `commit and chain`) or start, or its whole rollback (not to a savepoint). */
const COMMIT = /^\s*commit\b/i;
const DROPS = /^\s*(begin\b|rollback\s*$)/i;

/** Connections whose next statement is their transaction's last (`lastWithCommit`). */
const lastNext = new WeakSet<PoolClient>();
/** Connections whose transaction committed with its last statement: drizzle's own `commit` is answered here. */
const committed = new WeakSet<PoolClient>();
const COMMITTED = Object.freeze({ command: 'COMMIT', rowCount: null, rows: [], fields: [] });

/**
 * Runs `work`, whose first statement is the transaction's last, in one round trip with the statements held for the
 * commit and the `commit` itself (PostgreSQL, top-level transaction; elsewhere `work` runs as usual). When it returns,
 * the transaction has committed: what follows in the transaction may only read (on the same connection, outside the
 * transaction) and must not throw expecting a rollback — a refusal that depends on the statement's answer (a version
 * that no longer matched: nothing was written) is fine. If the statement fails, the transaction rolls back as before.
 */
export async function lastWithCommit<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const carrier = carrierOf(tx);
  if (!carrier) return work();
  lastNext.add(carrier.client);
  try {
    return await work();
  } finally {
    lastNext.delete(carrier.client);
  }
}

/**
 * A pool connection's `commit` carries the statements its transaction held back (`writeAtCommit`): one simple-protocol
 * query, the statements first; or, with `lastWithCommit`, its last statement does, the `commit` after it. A whole
 * `rollback` and a `begin` drop what is held. Installed last on each connection (outermost), so that it sees drizzle's
 * `commit` before a statement name does, and the combined text passes the session-write check (actor.ts
 * `noteSessionWrites`).
 */
export function carryWritesInCommit(pg: PgModule) {
  return (client: PoolClient): void => {
    carriers.set(client, pg);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const text = config && typeof config === 'object' ? (config as { text?: unknown }).text : config;
      if (typeof text !== 'string') return query(config, ...rest);
      if (committed.has(client) && (COMMIT.test(text) || DROPS.test(text))) {
        // Committed with the last statement: drizzle's commit (or the rollback after a refusal) has nothing left to
        // do; a `begin` (none should come first) starts the next transaction as usual.
        committed.delete(client);
        if (!OPENING.test(text)) return Promise.resolve(COMMITTED);
      }
      const entry = held.get(client);
      if (lastNext.has(client) && !COMMIT.test(text) && !DROPS.test(text) && rest.length <= 1 && typeof rest[0] !== 'function') {
        lastNext.delete(client);
        const last = inlineStatement(pg, config, rest[0]);
        if (last !== undefined) {
          held.delete(client);
          const before = entry?.statements ?? [];
          const options = config && typeof config === 'object' ? (config as { rowMode?: unknown; types?: unknown }) : {};
          const combined = { text: [...before, last, 'commit'].join(';\n'), ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(options.types ? { types: options.types } : {}) };
          return query(combined).then((results) => {
            committed.add(client);
            // One answer per statement: the last statement's comes after the held ones'.
            return Array.isArray(results) ? results[before.length] : results;
          });
        }
      }
      if (entry) {
        if (COMMIT.test(text)) {
          held.delete(client);
          return query(`${entry.statements.join(';\n')};\n${text.trim()}`, ...rest);
        }
        if (DROPS.test(text)) held.delete(client);
      }
      return query(config, ...rest);
    }) as PoolClient['query'];
  };
}

/** drizzle's `begin`, as the actor's rule (actor.ts `nameActorsInBegin`) may have extended it. */
const OPENING = /^\s*begin\b/i;
/** What `begin` answers while it waits for the first statement (drizzle does not read it). */
const OPENED = Object.freeze({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });

/** A statement as node-postgres takes it, as one text with its values written in; undefined if it cannot be. */
function inlineStatement(pg: PgModule, config: unknown, values: unknown): string | undefined {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string') return undefined;
  const params = (config && typeof config === 'object' && (config as { values?: unknown[] }).values) || values;
  if (params !== undefined && !Array.isArray(params)) return undefined;
  if (!params?.length) return /\$\d/.test(text) ? undefined : text;
  return inlineParameters(text, (index) => (index >= 1 && index <= params.length ? literalOf(pg, params[index - 1]) : undefined));
}

/**
 * A pool connection's `begin` waits for the transaction's first statement and goes with it (see the top of this file).
 * Installed inside the actor's rule (which writes the actor into the `begin`) and the session-write check (which then
 * sees the first statement on its own), outside the statement naming (the combined text runs unnamed).
 */
export function carryBeginWithFirstStatement(pg: PgModule) {
  return (client: PoolClient): void => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let opening: string | undefined;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
      const plain = typeof text === 'string' && rest.length <= 1 && typeof rest[0] !== 'function' && !(config && typeof config === 'object' && 'submit' in config);
      if (opening === undefined) {
        if (plain && OPENING.test(text as string) && !(text as string).includes('$')) {
          opening = (text as string).trim();
          return Promise.resolve(OPENED);
        }
        return query(config, ...rest);
      }
      const held = opening;
      opening = undefined;
      const first = plain ? inlineStatement(pg, config, rest[0]) : undefined;
      if (first === undefined) return query(held).then(() => query(config, ...rest));
      const options = config && typeof config === 'object' ? (config as { rowMode?: unknown; types?: unknown }) : {};
      // The opening's own statements (`begin`, the actor's set_config) have no `;` inside them.
      const opened = held.split(';').length;
      return query({ text: `${held};\n${first}`, ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(options.types ? { types: options.types } : {}) }).then((result) => {
        // One answer per statement: the opening's come first; what was asked for answers as if sent alone (several
        // statements — the commit's combined text — as an array).
        if (!Array.isArray(result)) return result;
        const asked = result.slice(opened);
        return asked.length === 1 ? asked[0] : asked;
      });
    }) as PoolClient['query'];
  };
}

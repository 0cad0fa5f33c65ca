import { setImmediate as nextTurn } from 'node:timers/promises';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { matchesPattern, StatementNames } from './named-statements.js';

/**
 * Named statements and plans made once for the embedded database (#36).
 *
 * PGlite's `query()` runs every text as the unnamed statement and talks to the database six times for it (Parse,
 * Describe, Bind, Describe, Execute, Sync, each a call into WebAssembly), so each request parsed and planned its
 * list query anew — for staff's My Tasks on the bench data 2.4 ms of planning against 4 ms of execution. Here:
 * - a text sent a second time is prepared once under a name (`StatementNames`, the rule node-postgres follows too)
 *   and from then on bound and executed in one call (Bind, Describe, Execute and Sync in one message buffer);
 * - the session plans generically (`plan_cache_mode = force_generic_plan`): a named statement is planned once, not
 *   per run. PostgreSQL's own choice (auto) kept re-planning My Tasks each time, its estimate for the generic plan
 *   being higher than for the custom ones — the plan it made was the same;
 * - pattern matches (`like`, `ilike`) are the exception, as on PostgreSQL: their plan depends on the pattern (the
 *   trigram index for a rare word, a walk in the page's order for a common one), so they run unnamed with custom
 *   plans around them, in two calls instead of six.
 * - every query first waits one turn of the event loop (PGlite answers in the calling thread; see `client.query`).
 * Parameters are serialised by the types the statement declared and values parsed by PGlite's own serializers and
 * parsers, as its `query()` does (`toResults` reads the rows as its `parseResults` does, without a copy per query).
 * What its `query()` does besides is kept: the query lock (and, outside a transaction, the transaction lock), the
 * readiness check, the file system sync after a query outside a transaction, the query and parameters on a database
 * error. Queries with options this path does not know (a blob for COPY, declared parameter types) and texts without
 * a name go to PGlite's `query()` unchanged.
 */

interface Prepared {
  name: string;
  /** Parameter types the statement declared (Describe Statement). */
  paramTypes: number[];
}

type QueryOptions = Parameters<PGlite['query']>[2];
type Results = Awaited<ReturnType<PGlite['query']>>;
type Message = { name: string };
type Parser = (value: string, typeId: number) => unknown;
interface Field {
  name: string;
  dataTypeID: number;
}

/** The parts of PGlite this path uses that its typings keep internal. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs: boolean }): Promise<Message[]>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, Parser>;
}

const { serialize } = protocol;
/** Bind's followers: the portal's row description, its rows, the end of the exchange. */
const EXECUTE = [serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()];
const GENERIC_PLANS = 'set plan_cache_mode = force_generic_plan';
const CUSTOM_PLANS = 'set plan_cache_mode = force_custom_plan';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The rows of one statement's messages, as PGlite's `parseResults` makes them — without its copy of every type's
 * parser per query (it spreads its ~200 parsers into a new object to lay the query's own over them, which cost as
 * much as reading the rows): the query's parser is asked first, then the database's.
 */
function toResults(messages: Message[], parsers: Record<number, Parser>, options: QueryOptions): Results {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const asArrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as { fields: Field[] }).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      columnParsers = fields.map(({ dataTypeID }) => own?.[dataTypeID] ?? parsers[dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields.map((value, i) => {
        const parser = columnParsers[i];
        return value === null ? null : parser ? parser(value, fields[i].dataTypeID) : value;
      });
      if (asArrays) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        fields.forEach((field, i) => (row[field.name] = values[i]));
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0];
      const count = parseInt(words[words.length - 1], 10);
      const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? count : 0;
      return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as unknown as Results;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] } as unknown as Results;
}

/** A database error carries what PGlite's `query()` attaches to it. */
function withQuery(error: unknown, text: string, params: unknown[] | undefined, options: QueryOptions): unknown {
  if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

export async function nameRepeatedPgliteStatements(client: PGlite): Promise<void> {
  await client.exec(GENERIC_PLANS);
  const internals = client as unknown as PGliteInternals;
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  const run = (message: Uint8Array) => internals.execProtocolStream(message, { syncToFs: false });
  /** Parameters as text by the types the statement declared (PGlite's serializers, as its `query()` does). */
  const serializeParams = (paramTypes: number[], params: unknown[], options: QueryOptions) =>
    params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? internals.serializers[paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });

  /** The parameter types a Describe Statement answered. */
  const declaredTypes = (described: Message[]) => (described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined)?.dataTypeIDs ?? [];
  /** What PGlite's `query()` does after a query outside a transaction: its file system in step. */
  const afterQuery = async (inTransaction: boolean) => {
    if (!inTransaction && !client.isInTransaction()) await client.syncToFs();
  };

  /** Runs `text` as the statement `name`, under the query lock. */
  const runNamed = (text: string, name: string, params: unknown[] = [], options: QueryOptions, inTransaction: boolean): Promise<Results> =>
    client.runExclusive(async () => {
      let statement = prepared.get(text);
      try {
        if (!statement || statement.name !== name) {
          const described = await run(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()])).catch((error) => {
            names.forget(text);
            throw error;
          });
          statement = { name, paramTypes: declaredTypes(described) };
          prepared.set(text, statement);
        }
        const messages = await run(concat([serialize.bind({ statement: name, values: serializeParams(statement.paramTypes, params, options) }), ...EXECUTE]));
        await afterQuery(inTransaction);
        return toResults(messages, internals.parsers, options);
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
    });

  /**
   * A pattern match, planned for its values (the session plans generically): unnamed, with custom plans around it.
   * Two calls: the plan mode, Parse and Describe first (the parameter types), then Bind, Execute and the mode back.
   * A setting made in a transaction that fails is undone with it, so the session's mode survives an error too.
   */
  const runPatternMatch = (text: string, params: unknown[] = [], options: QueryOptions, inTransaction: boolean): Promise<Results> =>
    client.runExclusive(async () => {
      try {
        const described = await run(concat([serialize.query(CUSTOM_PLANS), serialize.parse({ text }), serialize.describe({ type: 'S' }), serialize.sync()])).catch(async (error) => {
          await run(serialize.query(GENERIC_PLANS)).catch(() => undefined);
          throw error;
        });
        const messages = await run(concat([serialize.bind({ values: serializeParams(declaredTypes(described), params, options) }), ...EXECUTE, serialize.query(GENERIC_PLANS)]));
        await afterQuery(inTransaction);
        // The execution's own messages: from its BindComplete to the Sync's ReadyForQuery (not the setting's after it).
        return toResults(messages.slice(0, messages.findIndex((message) => message.name === 'readyForQuery') + 1), internals.parsers, options);
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
    });

  /** How this path runs a text: as a named statement, as a pattern match, or not at all (PGlite's own `query()`). */
  const routeOf = (text: string, options: QueryOptions): { name: string } | 'pattern' | undefined => {
    if (options?.blob || options?.paramTypes) return undefined;
    if (typeof text === 'string' && !text.includes(';') && matchesPattern(text)) return 'pattern';
    const name = names.nameFor(text);
    return name ? { name } : undefined;
  };
  const runRouted = (route: { name: string } | 'pattern', text: string, params: unknown[] | undefined, options: QueryOptions, inTransaction: boolean) =>
    route === 'pattern' ? runPatternMatch(text, params, options, inTransaction) : runNamed(text, route.name, params, options, inTransaction);

  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    // PGlite answers in the calling thread: the queries waiting for its lock would run one after another in one
    // chain of promise callbacks, with no turn of the event loop between them — no answer written, no request read
    // until the whole line has run (at 50 connections lists waited 2–3 s now and then). One turn first.
    await nextTurn();
    const route = routeOf(text, options);
    if (!route) return query(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => runRouted(route, text, params, options, false));
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        await nextTurn();
        const route = tx.closed ? undefined : routeOf(text, options);
        return route ? runRouted(route, text, params, options, true) : txQuery(text, params, options);
      }) as typeof tx.query;
      return fn(tx);
    })) as PGlite['transaction'];
}

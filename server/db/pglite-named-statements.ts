import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { StatementNames } from './named-statements.js';

/**
 * Named statements for the embedded database (#36), the same rule as on PostgreSQL (`StatementNames`): a text sent a
 * second time is prepared once under a name and from then on only bound and executed.
 *
 * PGlite's `query()` runs every text as the unnamed statement and talks to the database six times for it (Parse,
 * Describe, Bind, Describe, Execute, Sync, each a call into WebAssembly), so each request parsed and planned its
 * list query anew: for staff's My Tasks on the bench data 2.4 ms of planning against 4 ms of execution. A named text
 * costs one call: Bind, Describe, Execute and Sync in one message buffer. Its parameters are serialised by the types
 * the statement declared (PGlite's own serializers, as its `query()` does), its rows parsed by PGlite's own parser.
 *
 * What PGlite's `query()` does besides is kept: the query lock (and, outside a transaction, the transaction lock),
 * the readiness check, the file system sync after a query outside a transaction, the query and parameters on a
 * database error. Queries with options this path does not know (a blob for COPY, declared parameter types) and texts
 * without a name go to PGlite's `query()` unchanged.
 */

interface Prepared {
  name: string;
  /** Parameter types the statement declared (Describe Statement). */
  paramTypes: number[];
}

type QueryOptions = Parameters<PGlite['query']>[2];
type Results = Awaited<ReturnType<PGlite['query']>>;
type Message = { name: string };

/** The parts of PGlite this path uses that its typings keep internal. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs: boolean }): Promise<Message[]>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A database error carries what PGlite's `query()` attaches to it. */
function withQuery(error: unknown, text: string, params: unknown[] | undefined, options: QueryOptions): unknown {
  if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

export function nameRepeatedPgliteStatements(client: PGlite): void {
  const internals = client as unknown as PGliteInternals;
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  const run = (message: Uint8Array) => internals.execProtocolStream(message, { syncToFs: false });

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
          const description = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
          statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
          prepared.set(text, statement);
        }
        const { paramTypes } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[paramTypes[i]] ?? internals.serializers[paramTypes[i]];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await run(concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
        if (!inTransaction && !client.isInTransaction()) await client.syncToFs();
        return parse.parseResults(messages as never, internals.parsers as never, options)[0] as Results;
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
    });

  /** The text's name when this path may run it (undefined: PGlite's own `query()`). */
  const nameOf = (text: string, options: QueryOptions) => (!options || (!options.blob && !options.paramTypes) ? names.nameFor(text) : undefined);

  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const name = nameOf(text, options);
    if (!name) return query(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => runNamed(text, name, params, options, false));
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        const name = tx.closed ? undefined : nameOf(text, options);
        return name ? runNamed(text, name, params, options, true) : txQuery(text, params, options);
      }) as typeof tx.query;
      return fn(tx);
    })) as PGlite['transaction'];
}

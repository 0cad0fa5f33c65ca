import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Db } from '../db/client.js';

/**
 * Who causes the writes of a request: the signed-in user, for the change journal's "Changed by … at …" (the
 * triggers of migration 0026 read `px.actor`). Set by the session middleware (security.ts) for the request's
 * asynchronous work; every write transaction names it first (`set_config(…, true)`: for that transaction only).
 */
const actors = new AsyncLocalStorage<number>();

export function asActor<T>(userId: number, work: () => T): T {
  return actors.run(userId, work);
}

export function currentActor(): number | undefined {
  return actors.getStore();
}

/**
 * Makes every transaction of `db` name the current actor (one statement more per transaction of a signed-in request).
 * The embedded database's way; PostgreSQL's connections name it in their `begin` (`nameActorsInBegin`).
 */
export function nameActorsInTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const actor = currentActor();
    if (actor === undefined) return transaction(work, config);
    return transaction(async (tx) => {
      await tx.execute(sql`select set_config('px.actor', ${String(actor)}, true)`);
      return work(tx);
    }, config);
  }) as Db['transaction'];
}

/** A transaction's opening statement as drizzle sends it (`begin`, perhaps with an isolation level). */
const BEGIN = /^begin(\s+[a-z ]+)?$/i;

/**
 * PostgreSQL: a connection's `begin` inside a signed-in request names the actor in the same round trip (#36) —
 * `begin; select set_config('px.actor', '<id>', true)`, one simple-protocol query — instead of a statement of its own
 * after it: under load every round trip of a write waits behind the other requests. The id is the session's user id,
 * a safe integer (anything else is sent as it came, without the actor). Installed after the statement naming
 * (named-statements.ts), so that it sees drizzle's `begin` before a name does.
 */
export function nameActorsInBegin(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const actor = currentActor();
    const text = config && typeof config === 'object' ? (config as { text?: unknown }).text : config;
    if (actor !== undefined && Number.isSafeInteger(actor) && typeof text === 'string' && BEGIN.test(text.trim())) {
      const opening = `${text.trim()}; select set_config('px.actor', '${actor}', true)`;
      return query(typeof config === 'string' ? opening : { ...(config as object), text: opening, name: undefined }, ...rest);
    }
    return query(config, ...rest);
  }) as PoolClient['query'];
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
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

/** Makes every transaction of `db` name the current actor (one statement more per transaction of a signed-in request). */
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

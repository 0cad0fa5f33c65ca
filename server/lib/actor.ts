import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Db } from '../db/client.js';

/**
 * What the database needs to know of the request a statement belongs to, for the request's asynchronous work:
 * - who causes its writes — the signed-in user, for the change journal's "Changed by … at …" (the triggers of
 *   migration 0026 read `px.actor`); every write transaction names it first (`set_config(…, true)`: for that
 *   transaction only);
 * - whether it wrote what a session carries (PostgreSQL, `noteSessionWrites`): only then does the request wait, before
 *   its answer, for this process's session cache to hear the invalidations (security.ts `sessionReader`).
 * Set by the session middleware for every API request.
 */
export interface RequestScope {
  actor: number | undefined;
  sessionsWritten: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as the request of `scope`. */
export function inRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** Runs `work` as a request of this user (its writes name them). */
export function asActor<T>(userId: number, work: () => T): T {
  return inRequestScope({ actor: userId, sessionsWritten: false }, work);
}

export function currentActor(): number | undefined {
  return scopes.getStore()?.actor;
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

/**
 * The tables whose rows a session carries (migration 0021's triggers notify `px_session` for them), and those whose
 * deletion cascades into them (tenants, sales organisations).
 */
const SESSION_TABLES = /(^|[^\w])"?(users|user_profiles|user_tenants|user_sales_orgs|sessions|tenants|sales_organisations)"?(?!\w)/i;
/** A statement that may write (anything but a plain SELECT or a transaction's control). */
const READ_ONLY = /^\s*(select|begin|commit|rollback|savepoint|release|set|show|explain|listen|unlisten)\b/i;

/**
 * PostgreSQL: marks the request whose statement may write a table a session carries (or cascades into one), so that
 * it waits for this process's session cache to hear the invalidation before it answers. Generous on purpose: any
 * writing statement that names such a table counts (a needless wait is only a round trip; a missed one would let
 * this process serve the old session once).
 */
export function noteSessionWrites(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const scope = scopes.getStore();
    if (scope && !scope.sessionsWritten) {
      const text = config && typeof config === 'object' ? (config as { text?: unknown }).text : config;
      if (typeof text === 'string' && !READ_ONLY.test(text) && SESSION_TABLES.test(text)) scope.sessionsWritten = true;
    }
    return query(config, ...rest);
  }) as PoolClient['query'];
}

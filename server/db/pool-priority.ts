import type { Pool } from 'pg';

/** pg-pool's queue of callers waiting for a connection (served from the front as connections come back). */
interface QueuedPool {
  _pendingQueue?: unknown[];
}

/**
 * A transaction waiting for a connection is served before the single queries waiting with it (#36).
 *
 * Under load every connection of the pool is busy and callers queue for the next one that comes back (first come,
 * first served). A read acquires a connection for each of its queries and gives it back at once; a write acquires one
 * for its whole transaction. drizzle asks for a transaction's connection with `pool.connect()` (a promise) and runs a
 * single query with `pool.query()`, which asks with a callback: a promise-style `connect()` that had to queue is moved
 * to the front of the queue, ahead of the single queries (transactions among themselves stay in order).
 */
export function transactionsFirst(pool: Pool): void {
  const queued = pool as unknown as QueuedPool;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const transactions = new WeakSet<object>();
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const queue = queued._pendingQueue;
    if (args.length > 0 || !Array.isArray(queue)) return connect(...args);
    const before = queue.length;
    const result = connect();
    if (queue.length === before + 1) {
      // Behind the transactions already waiting, ahead of every single query.
      const waiting = queue.pop() as object;
      transactions.add(waiting);
      let position = 0;
      while (position < queue.length && transactions.has(queue[position] as object)) position++;
      queue.splice(position, 0, waiting);
    }
    return result;
  };
}

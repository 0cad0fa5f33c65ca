import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { transactionsFirst } from '../../server/db/pool-priority.js';

/** A connection that needs no database: it connects at once and answers every query with no rows. */
class FakeClient extends EventEmitter {
  connect(callback: (error?: Error) => void) {
    setImmediate(() => callback());
  }
  query(_text: string, _values: unknown, callback: (error: Error | undefined, result: { rows: unknown[] }) => void) {
    setImmediate(() => callback(undefined, { rows: [] }));
  }
  end(callback?: () => void) {
    setImmediate(() => callback?.());
  }
}

/** A pool of one connection, held; `release` hands it on to whoever waits. */
async function heldPool(prioritised: boolean) {
  const pool = new pg.Pool({ max: 1, Client: FakeClient as unknown as typeof pg.Client });
  if (prioritised) transactionsFirst(pool);
  const holder = await pool.connect();
  return { pool, release: () => holder.release() };
}

describe('transactions first at the pool (server/db/pool-priority.ts)', () => {
  it('serves a waiting transaction before the single queries queued ahead of it, transactions in their order', async () => {
    const { pool, release } = await heldPool(true);
    const served: string[] = [];
    const single = (name: string) =>
      new Promise<void>((resolve) =>
        pool.connect((_error, _client, done) => {
          served.push(name);
          done();
          resolve();
        }),
      );
    const transaction = (name: string) =>
      pool.connect().then((client) => {
        served.push(name);
        client.release();
      });
    const query = (name: string) => pool.query('select 1').then(() => served.push(name));
    const all = [single('read 1'), query('read 2'), transaction('write 1'), single('read 3'), transaction('write 2')];
    release();
    await Promise.all(all);
    expect(served).toEqual(['write 1', 'write 2', 'read 1', 'read 2', 'read 3']);
    await pool.end();
  });

  it('is first come, first served without it (what the change is measured against)', async () => {
    const { pool, release } = await heldPool(false);
    const served: string[] = [];
    const all = [
      pool.query('select 1').then(() => served.push('read 1')),
      pool.connect().then((client) => {
        served.push('write 1');
        client.release();
      }),
    ];
    release();
    await Promise.all(all);
    expect(served).toEqual(['read 1', 'write 1']);
    await pool.end();
  });

  it('leaves a transaction that finds a free connection alone', async () => {
    const pool = new pg.Pool({ max: 2, Client: FakeClient as unknown as typeof pg.Client });
    transactionsFirst(pool);
    const first = await pool.connect();
    const second = await pool.connect();
    first.release();
    second.release();
    expect(pool.waitingCount).toBe(0);
    await pool.end();
  });
});

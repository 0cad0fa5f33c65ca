import { PgTransaction } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../server/db/client.js';
import { listPlaceholders, listValues, preparedQuery } from '../../server/db/prepared.js';

describe('queries prepared once per database and shape (server/db/prepared.ts)', () => {
  it('makes a shape once per database and gives it again', () => {
    const db = {} as Db;
    const other = {} as Db;
    let made = 0;
    const make = () => ({ shape: ++made });
    const first = preparedQuery(db, 'a', make);
    expect(preparedQuery(db, 'a', make)).toBe(first);
    expect(preparedQuery(db, 'b', make)).not.toBe(first);
    expect(preparedQuery(other, 'a', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('prepares nothing inside a transaction (a prepared query belongs to the pool)', () => {
    const tx = Object.create(PgTransaction.prototype) as Tx;
    expect(preparedQuery(tx, 'a', () => 'made')).toBeNull();
  });

  it('keeps at most 200 shapes: a new one past that drops the others, which are made again when asked', () => {
    const db = {} as Db;
    const first = preparedQuery(db, 'shape-0', () => ({ n: 0 }));
    for (let n = 1; n < 200; n++) preparedQuery(db, `shape-${n}`, () => ({ n }));
    expect(preparedQuery(db, 'shape-0', () => ({ n: -1 }))).toBe(first);
    preparedQuery(db, 'shape-200', () => ({ n: 200 }));
    expect(preparedQuery(db, 'shape-0', () => ({ n: -1 }))).toEqual({ n: -1 });
  });

  it('names a list of values as its placeholders do', () => {
    expect(listPlaceholders('tenant', 2).map((p) => p.name)).toEqual(['tenant0', 'tenant1']);
    expect(listValues('tenant', [7, 9])).toEqual({ tenant0: 7, tenant1: 9 });
  });
});

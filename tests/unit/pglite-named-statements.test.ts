import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameRepeatedPgliteStatements } from '../../server/db/pglite-named-statements';

/** Two embedded databases with the same table: one as PGlite ships, one that names repeated texts (each test its own ids). */
let plain: PGlite;
let named: PGlite;
beforeAll(async () => {
  const make = async (withNames: boolean) => {
    const client = new PGlite();
    await client.exec(`create table t (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, amount numeric);
      insert into t values (1, 'eins', '2026-01-02T03:04:05Z', '{a,b}', '{"k": [1, 2]}', 1.5), (2, 'zwei', null, '{}', null, null);`);
    if (withNames) await nameRepeatedPgliteStatements(client);
    return client;
  };
  [plain, named] = await Promise.all([make(false), make(true)]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), named?.close()]);
});

/** The names under which the database holds `text` as a prepared statement (`pg_prepared_statements`). */
const preparedNames = async (client: PGlite, text: string) =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [text])).rows.map((row) => row.name);

describe('named statements on the embedded database (server/db/pglite-named-statements.ts)', () => {
  it('answers a repeated text exactly as PGlite does, from the second time on as a prepared statement', async () => {
    const text = 'select id, name, at, tags, doc, amount from t where id = any($1::int[]) and name <> $2 order by id';
    const params = [[1, 2], 'x'];
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await plain.query(text, params, { rowMode });
      for (let i = 0; i < 3; i++) expect(await named.query(text, params, { rowMode })).toEqual(expected);
    }
    expect(await preparedNames(named, text)).toHaveLength(1);
    expect(await preparedNames(plain, text)).toEqual([]);
  });

  it('serialises parameters by the types the statement declared: dates, arrays, JSON, null', async () => {
    const text = 'insert into t (id, name, at, tags, doc, amount) values ($1, $2, $3, $4, $5, $6) returning id, at, tags, doc';
    await named.query(text, [3, 'drei', new Date('2026-05-06T07:08:09Z'), ['x'], JSON.stringify({ a: 1 }), null]);
    const answer = await named.query<{ id: number; at: Date; tags: string[]; doc: unknown }>(text, [4, 'vier', new Date('2026-05-06T07:08:09Z'), ['y', 'z'], JSON.stringify({ b: [2] }), '2.5']);
    expect(answer.rows).toEqual([{ id: 4, at: new Date('2026-05-06T07:08:09Z'), tags: ['y', 'z'], doc: { b: [2] } }]);
    expect(await preparedNames(named, text)).toHaveLength(1);
  });

  it('reports a database error with its code and query, and the statement keeps working', async () => {
    const text = 'insert into t (id, name) values ($1, $2)';
    await named.query(text, [10, 'zehn']);
    const error = await named.query(text, [10, 'wieder']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505', query: text });
    await named.query(text, [11, 'elf']);
    expect((await named.query('select count(*)::int as n from t where id >= 10')).rows).toEqual([{ n: 2 }]);
  });

  it('does not name a text that failed to prepare, and names it once it prepares', async () => {
    const text = 'select * from later';
    for (let i = 0; i < 2; i++) await expect(named.query(text)).rejects.toMatchObject({ code: '42P01' });
    expect(await preparedNames(named, text)).toEqual([]);
    await named.exec('create table later (x int)');
    expect((await named.query(text)).rows).toEqual([]);
    expect(await preparedNames(named, text)).toHaveLength(1);
  });

  it('runs named statements inside transactions, which commit and roll back as before', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    await named.transaction(async (tx) => {
      await tx.query(insert, [20, 'a']);
      await tx.query(insert, [21, 'b']);
    });
    await named
      .transaction(async (tx) => {
        await tx.query(insert, [22, 'c']);
        await tx.query(insert, [20, 'duplicate']);
      })
      .catch(() => undefined);
    expect((await named.query('select id from t where id >= 20 order by id')).rows).toEqual([{ id: 20 }, { id: 21 }]);
    expect(await preparedNames(named, insert)).toHaveLength(1);
  });

  it('plans a named statement once (its generic plan), not for every run', async () => {
    const text = 'select id from t where id = $1';
    for (let i = 0; i < 4; i++) await named.query(text, [1]);
    const [row] = (await named.query<{ generic: number; custom: number }>('select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1', [text])).rows;
    expect(row).toEqual({ generic: 3, custom: 0 });
  });

  it('plans a pattern match for its pattern each time, and the session plans generically after it, after an error too', async () => {
    const mode = async () => (await named.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0].plan_cache_mode;
    expect(await mode()).toBe('force_generic_plan');
    const text = 'select id, name from t where id <= 2 and name ilike $1 order by id';
    for (let i = 0; i < 3; i++) expect((await named.query(text, ['%ei%'])).rows).toEqual((await plain.query(text, ['%ei%'])).rows);
    expect(await mode()).toBe('force_generic_plan');
    // A pattern match that fails while it runs (a division by zero), alone and inside a transaction that then fails.
    const failing = 'select id from t where name like $1 and 1 / (id - id) = 1';
    await expect(named.query(failing, ['%'])).rejects.toMatchObject({ code: '22012' });
    expect(await mode()).toBe('force_generic_plan');
    await expect(named.transaction((tx) => tx.query(failing, ['%']))).rejects.toMatchObject({ code: '22012' });
    expect(await mode()).toBe('force_generic_plan');
    await expect(named.query('select id from t where name ilike $1 and nosuchcolumn', ['%'])).rejects.toMatchObject({ code: '42703' });
    expect(await mode()).toBe('force_generic_plan');
  });

  it('leaves pattern matches and several statements unnamed', async () => {
    for (let i = 0; i < 3; i++) {
      await named.query('select id from t where name ilike $1', ['%ei%']);
      await named.exec('select 1; select 2');
    }
    expect(await preparedNames(named, 'select id from t where name ilike $1')).toEqual([]);
    expect((await named.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement like 'select 1;%'")).rows).toEqual([{ n: 0 }]);
  });
});

import pg from 'pg';
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { carryBeginWithFirstStatement, carryWritesInCommit, inlineParameters, type PgModule } from '../../server/db/transaction-round-trips.js';

const literal = (values: unknown[]) => (index: number) => {
  const value = (pg as unknown as PgModule).utils.prepareValue(values[index - 1]);
  return value === null ? 'NULL' : pg.escapeLiteral(String(value));
};

describe('statements held for the commit are written with their values in (server/db/transaction-round-trips.ts)', () => {
  it('replaces each $n outside quotes by its value as a quoted literal', () => {
    const text = 'insert into "t" ("a", "b", "c") values ($1, $2, $10) returning \'$1\', "x$2"';
    const values = ['it\'s', 42, null, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(inlineParameters(text, literal(values))).toBe(`insert into "t" ("a", "b", "c") values ('it''s', '42', 'ten') returning '$1', "x$2"`);
  });

  it('writes backslashes, dates, arrays and JSON as node-postgres would bind them', () => {
    const when = new Date('2026-11-30T04:00:00.123Z');
    const out = inlineParameters('select $1, $2, $3, $4::jsonb', literal(['a\\b', when, [1, 2], JSON.stringify({ q: "'" })]))!;
    expect(out).toContain(` E'a\\\\b'`);
    expect(out).toMatch(/'2026-11-30T0\d:00:00\.123[+-]\d\d:\d\d'/);
    expect(out).toContain(`'{"1","2"}'`);
    expect(out).toContain(`'{"q":"''"}'::jsonb`);
  });

  it('gives up on what it does not read: dollar quoting, escape strings, comments, unknown parameters', () => {
    const any = () => "'x'";
    expect(inlineParameters('select $$a$$', any)).toBeUndefined();
    expect(inlineParameters("select E'\\n' || $1", any)).toBeUndefined();
    expect(inlineParameters('select 1 -- $1', any)).toBeUndefined();
    expect(inlineParameters("select /* don't */ $1", any)).toBeUndefined();
    expect(inlineParameters("select 'open", any)).toBeUndefined();
    expect(inlineParameters('select $3', () => undefined)).toBeUndefined();
    // An identifier ending in e before a quote is not an escape string.
    expect(inlineParameters(`select type='a' from t where $1`, any)).toBe(`select type='a' from t where 'x'`);
  });
});

describe("a connection's commit carries the held statements", () => {
  it('leaves every statement alone while nothing is held', async () => {
    const sent: unknown[] = [];
    const client = { query: (config: unknown) => (sent.push(config), Promise.resolve({ rows: [] })) } as unknown as PoolClient;
    carryWritesInCommit(pg as unknown as PgModule)(client);
    await client.query({ text: 'begin' } as never);
    await client.query({ text: 'commit', values: [] } as never);
    expect(sent).toEqual([{ text: 'begin' }, { text: 'commit', values: [] }]);
  });
});

describe("a connection's begin goes with the transaction's first statement", () => {
  function client(answer: (config: unknown) => unknown = () => ({ rows: [] })) {
    const sent: unknown[] = [];
    const connection = { query: (config: unknown) => (sent.push(config), Promise.resolve(answer(config))) } as unknown as PoolClient;
    carryBeginWithFirstStatement(pg as unknown as PgModule)(connection);
    return { connection, sent };
  }

  it('sends nothing for begin, then begin and the first statement, its values written in, as one query', async () => {
    const results = [{ command: 'BEGIN' }, { command: 'SELECT' }, { command: 'SELECT', rows: [[7]] }];
    const { connection, sent } = client(() => results);
    const types = { getTypeParser: () => String };
    expect(await connection.query({ text: "begin; select set_config('px.actor', '42', true)" } as never)).toMatchObject({ command: 'BEGIN' });
    expect(sent).toEqual([]);
    const answer = await connection.query({ text: 'select "id" from "t" where "id" = $1 for no key update', rowMode: 'array', types } as never, [7] as never);
    expect(sent).toEqual([{ text: "begin; select set_config('px.actor', '42', true);\nselect \"id\" from \"t\" where \"id\" = '7' for no key update", rowMode: 'array', types }]);
    // The first statement's answer is the last of the three.
    expect(answer).toBe(results[2]);
    await connection.query({ text: 'select $1', values: [1] } as never);
    expect(sent[1]).toEqual({ text: 'select $1', values: [1] });
  });

  it('sends begin on its own first when the statement cannot be written with its values', async () => {
    const { connection, sent } = client();
    await connection.query('begin');
    await connection.query({ text: 'insert into "f" ("bytes") values ($1)' } as never, [Buffer.from('x')] as never);
    expect(sent).toEqual(['begin', { text: 'insert into "f" ("bytes") values ($1)' }]);
  });

  it('leaves statements outside a transaction alone', async () => {
    const { connection, sent } = client();
    await connection.query({ text: 'select $1', values: [1] } as never);
    expect(sent).toEqual([{ text: 'select $1', values: [1] }]);
  });
});

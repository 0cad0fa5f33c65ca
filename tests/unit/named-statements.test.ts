import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { nameRepeatedTexts } from '../../server/db/named-statements';

/** A connection that records what it was asked. */
function recordingClient() {
  const sent: { name?: string; text?: string }[] = [];
  const client = { query: (config: unknown) => (sent.push(typeof config === 'string' ? { text: config } : (config as { name?: string; text?: string })), Promise.resolve({ rows: [] })) };
  nameRepeatedTexts(client as unknown as PoolClient);
  return { client: client as unknown as PoolClient, sent };
}

describe('named statements on PostgreSQL (server/db/named-statements.ts)', () => {
  it('names a text the second time the connection sends it, and keeps the name', async () => {
    const { client, sent } = recordingClient();
    const query = { text: 'select * from project_units where root_id = $1', values: [1] };
    for (let i = 0; i < 3; i++) await client.query({ ...query });
    expect(sent.map((config) => config.name)).toEqual([undefined, 'px1', 'px1']);
    expect(sent.every((config) => config.text === query.text)).toBe(true);
  });

  it('leaves alone what may be several statements, plain strings and queries that name themselves', async () => {
    const { client, sent } = recordingClient();
    for (let i = 0; i < 2; i++) {
      await client.query({ text: 'begin; select 1; commit' });
      await client.query('select 1');
      await client.query({ text: 'select 2', name: 'mine' });
    }
    expect(sent.map((config) => config.name)).toEqual([undefined, undefined, 'mine', undefined, undefined, 'mine']);
  });

  it('leaves pattern matches unnamed: their plan depends on the pattern', async () => {
    const { client, sent } = recordingClient();
    for (let i = 0; i < 3; i++) {
      await client.query({ text: 'select id from project_units where search_text like $1 limit 20', values: ['%s2%'] });
      await client.query({ text: 'select id from project_units where "title" ILIKE $1', values: ['%los%'] });
    }
    expect(sent.every((config) => config.name === undefined)).toBe(true);
  });

  it('names at most 400 texts per connection; more run unnamed', async () => {
    const { client, sent } = recordingClient();
    for (let n = 0; n < 450; n++) for (let i = 0; i < 2; i++) await client.query({ text: `select ${n}` });
    const named = new Set(sent.map((config) => config.name).filter(Boolean));
    expect(named.size).toBe(400);
    expect(sent.at(-1)!.name).toBeUndefined();
  });
});

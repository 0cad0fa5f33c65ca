import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { asActor, nameActorsInBegin } from '../../server/lib/actor.js';

/** A client that records what reaches node-postgres. */
function fakeClient() {
  const sent: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (sent.push(args), Promise.resolve({ rows: [] })) } as unknown as PoolClient;
  nameActorsInBegin(client);
  return { client, sent };
}

describe("a PostgreSQL transaction's begin names the actor (server/lib/actor.ts)", () => {
  it("sends begin and the actor's set_config as one simple query inside a signed-in request", async () => {
    const { client, sent } = fakeClient();
    await asActor(42, () => client.query({ text: 'begin', name: 'px3' } as never, [] as never));
    expect(sent).toEqual([[{ text: "begin; select set_config('px.actor', '42', true)", name: undefined }, []]]);
    await asActor(7, () => client.query('begin isolation level serializable'));
    expect(sent[1]).toEqual(["begin isolation level serializable; select set_config('px.actor', '7', true)"]);
  });

  it('leaves begin alone outside a request, and every other statement always', async () => {
    const { client, sent } = fakeClient();
    await client.query({ text: 'begin' } as never);
    await asActor(42, () => client.query({ text: 'select 1 -- begin', values: [] } as never));
    await asActor(42, () => client.query({ text: 'commit' } as never));
    expect(sent).toEqual([[{ text: 'begin' }], [{ text: 'select 1 -- begin', values: [] }], [{ text: 'commit' }]]);
  });

  it('names no actor that is not a safe integer', async () => {
    const { client, sent } = fakeClient();
    await asActor(1.5, () => client.query({ text: 'begin' } as never));
    expect(sent).toEqual([[{ text: 'begin' }]]);
  });
});

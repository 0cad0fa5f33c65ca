import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { asActor, inRequestScope, nameActorsInBegin, noteSessionWrites, type RequestScope } from '../../server/lib/actor.js';

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

describe('a request that writes what a session carries is noted (server/lib/actor.ts noteSessionWrites)', () => {
  const written = async (...texts: string[]) => {
    const client = { query: () => Promise.resolve({ rows: [] }) } as unknown as PoolClient;
    noteSessionWrites(client);
    const scope: RequestScope = { actor: 1, sessionsWritten: false };
    await inRequestScope(scope, async () => {
      for (const text of texts) await client.query({ text } as never);
    });
    return scope.sessionsWritten;
  };

  it('notes writes of users, profiles, tenants, sales organisations and sessions, quoted or not', async () => {
    expect(await written('update "users" set "is_active" = $1 where "users"."id" = $2')).toBe(true);
    expect(await written('insert into "user_tenants" ("user_id", "tenant_id") values ($1, $2)')).toBe(true);
    expect(await written('delete from sessions where user_id = $1')).toBe(true);
    expect(await written('delete from "tenants" where "tenants"."id" = $1')).toBe(true);
    expect(await written('with gone as (delete from "user_sales_orgs" where "user_id" = $1) select 1')).toBe(true);
  });

  it('does not note reads, transaction control or writes of other tables', async () => {
    expect(
      await written(
        'begin',
        'select "users"."id" from "users" inner join "sessions" on "sessions"."user_id" = "users"."id"',
        'update "project_units" set "notes" = $1 where "project_units"."tenant_id" = $2',
        'insert into "user_notifications" ("user_id", "kind") values ($1, $2)',
        'commit',
      ),
    ).toBe(false);
  });
});

import { sessionCookie } from '../support/session.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, type SseMessage, type SseReader } from '../api/sse-client.js';
import { freshPostgresDatabase, startServer } from './targets.js';

/**
 * Live updates across processes (issue #37): on PostgreSQL two server processes share the change journal and
 * wake each other with NOTIFY. A browser connected to one hears a change made through the other within 1 s, and
 * after its server restarts it resumes from the last event it saw (what src/providers/methods/live.ts does).
 * PostgreSQL only: PGlite is one process.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** An SSE client as a browser's EventSource (tests/api/sse-client.ts), once the stream says it is ready. */
async function openStream(baseURL: string, cookie: string, lastEventId?: string): Promise<SseReader> {
  const url = `${baseURL}/api/events${lastEventId ? `?lastEventId=${lastEventId}` : ''}`;
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const stream = readSse(response);
  await stream.next((message) => message.event === 'ready');
  return stream;
}

describe.skipIf(!adminUrl)('live events on PostgreSQL, two server processes', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: Awaited<ReturnType<typeof startServer>>;
  let b: Awaited<ReturnType<typeof startServer>> | undefined;
  let cookie: string;
  let unit: { id: number; root: number };

  beforeAll(async () => {
    database = await freshPostgresDatabase(adminUrl!);
    a = await startServer(database.url);
    b = await startServer(database.url);
    cookie = await sessionCookie(a.baseURL, 'customer');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      `select u.id, u.root_id as root from project_units u join project_units r on r.id = u.root_id
       where r.title = 'Wohnpark Weserblick' and u.type = 'subproject' order by u.id limit 1`,
    );
    await client.end();
    unit = { id: Number(rows[0].id), root: Number(rows[0].root) };
  }, 300_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  }, 60_000);

  /** The customer edits the subproject's notes through process A; the time of the answer. */
  async function changeThroughA(notes: string): Promise<number> {
    const path = `/api/data/planxchange/projects/${unit.id}`;
    const current = await (await fetch(`${a.baseURL}${path}`, { headers: { cookie } })).json();
    const response = await fetch(`${a.baseURL}${path}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ notes, version: current.version }),
    });
    expect(response.status).toBe(200);
    return performance.now();
  }
  const isChangeOf = (event: SseMessage) => event.event === 'change' && JSON.parse(event.data).resource === 'projects' && JSON.parse(event.data).ids.includes(unit.id);

  it('a change made through one process reaches a stream on the other within 1 s', async () => {
    const stream = await openStream(b!.baseURL, cookie);
    const times: number[] = [];
    for (const notes of ['Live eins', 'Live zwei', 'Live drei']) {
      const before = stream.messages.length;
      const answered = await changeThroughA(notes);
      // `next` resolves as the event arrives.
      const event = await stream.next((candidate) => stream.messages.indexOf(candidate) >= before && isChangeOf(candidate));
      times.push(performance.now() - answered);
      expect(JSON.parse(event.data).root).toBe(unit.root);
    }
    await stream.close();
    console.log(`change through A → event on B after ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
    expect(Math.max(...times)).toBeLessThan(1_000);
  }, 60_000);

  it('after a restart of its server the stream resumes from the last event it saw, with what happened meanwhile', async () => {
    const stream = await openStream(b!.baseURL, cookie);
    await changeThroughA('Vor dem Neustart');
    const last = await stream.next(isChangeOf);
    await stream.close();
    await b!.stop();
    b = undefined;
    // While B is down, the unit changes through A.
    await changeThroughA('Während des Neustarts');
    b = await startServer(database.url);
    const resumed = await openStream(b.baseURL, cookie, last.id);
    const missed = await resumed.next((event) => isChangeOf(event) && Number(event.id) > Number(last.id));
    expect(resumed.messages.some((event) => event.event === 'reload')).toBe(false);
    expect(Number(missed.id)).toBeGreaterThan(Number(last.id));
    await resumed.close();
  }, 180_000);
});

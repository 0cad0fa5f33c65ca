import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEvents, mails, projectMembers, projectUnits, userNotifications, userProfiles, users } from '../../server/db/schema.js';
import { liveHubOf } from '../../server/lib/live-events.js';
import type { LiveEvent } from '../../src/domain/liveEvents.js';
import { MAX_STREAMS_PER_USER } from '../../src/domain/liveEvents.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { readSse, type SseReader } from './sse-client.js';

let t: TestContext;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const open: SseReader[] = [];

async function stream(login: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const response = await t.request('GET', '/api/events', { cookie: cookies[login], headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  const reader = readSse(response);
  open.push(reader);
  await reader.next((message) => message.event === 'ready');
  return reader;
}
const changes = (reader: SseReader) => reader.messages.filter((message) => message.event === 'change').map((message) => JSON.parse(message.data) as LiveEvent);
/** A change "made elsewhere": a statement on the unit's row, as any process or code path would commit it. */
const touch = (unitId: number) => t.db.update(projectUnits).set({ notes: sql`${projectUnits.notes}` }).where(eq(projectUnits.id, unitId));

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'staff', 'admin']) cookies[login] = await t.login(login);
  for (const row of await t.db.select({ id: users.id, login: users.login }).from(users)) ids[row.login] = row.id;
});
afterAll(async () => {
  for (const reader of open) await reader.close();
  await t?.close();
});

describe('GET /api/events', () => {
  it('needs a session', async () => {
    await expectErrorShape(await t.request('GET', '/api/events'), 401);
  });

  it('refuses a malformed Last-Event-ID with 400', async () => {
    await expectErrorShape(await t.request('GET', '/api/events', { cookie: cookies.customer, headers: { 'last-event-id': 'abc' } }), 400);
  });

  it("a customer's stream carries changes of the projects they are a member of, never of the others", async () => {
    const memberOf = (await t.db.select({ rootId: projectMembers.rootId }).from(projectMembers).where(eq(projectMembers.userId, ids.customer))).map((row) => row.rootId);
    const [mine] = await t.db.select({ id: projectUnits.id }).from(projectUnits).where(and(eq(projectUnits.rootId, memberOf[0]), ne(projectUnits.id, memberOf[0])));
    const others = await t.db
      .select({ id: projectUnits.id, rootId: projectUnits.rootId })
      .from(projectUnits)
      .where(notInArray(projectUnits.rootId, memberOf));
    expect(others.length).toBeGreaterThan(0);
    const watcher = await stream('customer');
    // Changes to projects the customer does not belong to, through the API (staff) and directly; then one they do.
    const foreignRoot = others[0].rootId!;
    const response = await t.request('PUT', `/api/data/planxchange/projects/${foreignRoot}`, { cookie: cookies.staff, body: await editable(foreignRoot) });
    expect(response.status).toBe(200);
    for (const other of others.slice(0, 5)) await touch(other.id);
    await touch(mine.id);
    const seen = await watcher.next((message) => message.event === 'change' && (JSON.parse(message.data) as LiveEvent).ids.includes(mine.id));
    expect(JSON.parse(seen.data)).toMatchObject({ resource: 'projects', kind: 'updated', root: memberOf[0] });
    const foreign = new Set(others.map((row) => row.id));
    for (const event of changes(watcher)) {
      expect(memberOf).toContain(event.root);
      expect(event.ids.some((id) => foreign.has(id))).toBe(false);
    }
    // Staff of the tenant hear the foreign project's change.
    expect((await editableEvents('staff', foreignRoot)).length).toBeGreaterThan(0);
  });

  it('a change made through the API names who made it (Changed by … at …); one made directly names nobody', async () => {
    const memberOf = (await t.db.select({ rootId: projectMembers.rootId }).from(projectMembers).where(eq(projectMembers.userId, ids.customer))).map((row) => row.rootId);
    const root = memberOf[0];
    const watcher = await stream('staff');
    const response = await t.request('PUT', `/api/data/planxchange/projects/${root}`, { cookie: cookies.staff, body: await editable(root) });
    expect(response.status).toBe(200);
    const seen = await watcher.next((message) => message.event === 'change' && (JSON.parse(message.data) as LiveEvent).ids.includes(root));
    const event = JSON.parse(seen.data) as LiveEvent;
    expect(event.actor?.id).toBe(ids.staff);
    expect(event.actor?.name).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mark = watcher.messages.length;
    await touch(root);
    const direct = await watcher.next((message) => watcher.messages.indexOf(message) >= mark && message.event === 'change' && (JSON.parse(message.data) as LiveEvent).ids.includes(root));
    expect((JSON.parse(direct.data) as LiveEvent).actor).toBeNull();
    await watcher.close();
  });

  it("another user's notification does not reach the customer; the customer's own does", async () => {
    const watcher = await stream('customer');
    await t.db.insert(userNotifications).values({ userId: ids.staff, kind: 'task-assigned', params: {} });
    const [own] = await t.db.insert(userNotifications).values({ userId: ids.customer, kind: 'task-assigned', params: {} }).returning();
    await watcher.next((message) => message.event === 'change' && JSON.parse(message.data).resource === 'notifications');
    expect(changes(watcher).filter((event) => event.resource === 'notifications').map((event) => event.ids)).toEqual([[own.id]]);
  });

  it('replays what was missed after Last-Event-ID, and says "reload" when the journal no longer reaches back', async () => {
    const first = await stream('customer');
    const readyId = Number((await first.next((message) => message.event === 'ready')).id);
    await first.close();
    const [root] = await t.db.select({ rootId: projectMembers.rootId }).from(projectMembers).where(eq(projectMembers.userId, ids.customer));
    await touch(root.rootId);
    const again = await stream('customer', { 'last-event-id': String(readyId) });
    const replayed = await again.next((message) => message.event === 'change' && (JSON.parse(message.data) as LiveEvent).ids.includes(root.rootId));
    expect(Number(replayed.id)).toBeGreaterThan(readyId);
    await again.close();
    await t.db.delete(changeEvents);
    await touch(root.rootId);
    const late = await stream('customer', { 'last-event-id': String(readyId) });
    expect(late.messages.map((message) => message.event)).toContain('reload');
    await late.close();
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user, the next one is 429`, async () => {
    const login = 'admin';
    const streams: SseReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) streams.push(await stream(login));
    const refused = await t.request('GET', '/api/events', { cookie: cookies.admin });
    await expectErrorShape(refused, 429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await streams[0].close();
    await waitUntil(() => liveHubOf(t.db)!.streamsOf(ids.admin) < MAX_STREAMS_PER_USER);
    streams.push(await stream(login));
    for (const reader of streams) await reader.close();
  });

  it('ends when the browser signs out', async () => {
    const cookie = await t.login('customer');
    const response = await t.request('GET', '/api/events', { cookie });
    const reader = readSse(response);
    open.push(reader);
    await reader.next((message) => message.event === 'ready');
    const signOut = await t.request('GET', '/Account/SignOut', { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(signOut.status).toBe(302);
    await reader.end();
  });
});

describe('the bell', () => {
  it('a state change puts a notification in the bell of the members whose task it becomes; unread count, list, mark read', async () => {
    const [root] = await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, 'Wohnpark Weserblick'));
    const before = (await (await t.request('GET', '/api/notifications', { cookie: cookies.staff })).json()) as { unread: number };
    // Staff also asked for this kind by mail (their profile); the mail is queued with the change (on PostgreSQL with its commit).
    const [staff] = await t.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.login, 'staff'));
    await t.db.update(userProfiles).set({ notificationMails: ['escalation', 'task-assigned'] }).where(eq(userProfiles.userId, staff.id));
    const moved = await t.request('PUT', `/api/data/planxchange/projectunitstates/${root.id}`, { cookie: cookies.customer, body: { projectUnitID: root.id } });
    expect(moved.status).toBe(200);
    const queued = await t.db.select({ kind: mails.kind, subject: mails.subject }).from(mails).where(and(eq(mails.recipient, staff.email), eq(mails.kind, 'notification:task-assigned')));
    expect(queued).toHaveLength(1);
    expect(queued[0].subject).toContain('Wohnpark Weserblick');
    const bell = (await (await t.request('GET', '/api/notifications', { cookie: cookies.staff })).json()) as { unread: number; items: { id: number; kind: string; projectUnitID: number; read: boolean; params: Record<string, string> }[] };
    expect(bell.unread).toBe(before.unread + 1);
    expect(bell.items[0]).toMatchObject({ kind: 'task-assigned', projectUnitID: root.id, read: false, params: { title: 'Wohnpark Weserblick', state: 'PendingValidation' } });
    // The customer who made the change is not told about it.
    const customerBell = (await (await t.request('GET', '/api/notifications', { cookie: cookies.customer })).json()) as { items: { projectUnitID: number; kind: string }[] };
    expect(customerBell.items.some((item) => item.projectUnitID === root.id && item.kind === 'task-assigned')).toBe(false);

    // Someone else's notification: 404, unchanged; a malformed id: 404.
    await expectErrorShape(await t.request('PUT', `/api/notifications/${bell.items[0].id}/read`, { cookie: cookies.customer }), 404);
    await expectErrorShape(await t.request('PUT', '/api/notifications/abc/read', { cookie: cookies.staff }), 404);
    const read = await t.request('PUT', `/api/notifications/${bell.items[0].id}/read`, { cookie: cookies.staff });
    expect(await read.json()).toEqual({ id: bell.items[0].id, read: true });
    const after = (await (await t.request('GET', '/api/notifications', { cookie: cookies.staff })).json()) as { unread: number; items: { id: number; read: boolean }[] };
    expect(after.unread).toBe(before.unread);
    expect(after.items.find((item) => item.id === bell.items[0].id)?.read).toBe(true);

    const all = await t.request('POST', '/api/notifications/read-all', { cookie: cookies.staff });
    expect(all.status).toBe(200);
    expect(((await (await t.request('GET', '/api/notifications', { cookie: cookies.staff })).json()) as { unread: number }).unread).toBe(0);
    await expectErrorShape(await t.request('GET', '/api/notifications'), 401);
  });
});

/** The editable fields of a project with its version (PUT projects/{id}). */
async function editable(id: number) {
  const [unit] = await t.db.select().from(projectUnits).where(eq(projectUnits.id, id));
  return { id, title: unit.title, version: unit.version };
}

async function editableEvents(login: string, rootId: number): Promise<LiveEvent[]> {
  const watcher = await stream(login);
  await touch(rootId);
  await watcher.next((message) => message.event === 'change' && (JSON.parse(message.data) as LiveEvent).root === rootId);
  const events = changes(watcher).filter((event) => event.root === rootId);
  await watcher.close();
  return events;
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

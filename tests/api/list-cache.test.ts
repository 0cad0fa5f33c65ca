import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.js';
import { openDatabase, rowsOf, type Database } from '../../server/db/client.js';
import { bannerNotifications, projectUnits } from '../../server/db/schema.js';
import { listCacheOf, UNWATCHED_TABLES } from '../../server/lib/list-cache.js';
import { createTestContext, type TestContext } from './helpers.js';

const BANNERS = '/api/data/planxchange/banner-notifications';
const BANNER_PAGE = `${BANNERS}?range=${encodeURIComponent('[0,49]')}&sort=${encodeURIComponent('["id","ASC"]')}`;
const PROJECTS = '/api/data/planxchange/projects';
let t: TestContext;
let admin: string;

let salesOrg: number;
const banner = (title: string) => ({
  title,
  text: 'Shown while the list cache is tested.',
  level: 'info',
  showFrom: new Date(Date.now() - 60_000).toISOString(),
  showUntil: new Date(Date.now() + 86_400_000).toISOString(),
  salesOrgs: [salesOrg],
});

const titles = async (response: Response) => ((await response.json()) as { title: string }[]).map((row) => row.title);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  salesOrg = ((await (await t.request('GET', '/api/banner-notifications/sales-orgs', { cookie: admin })).json()) as { id: number }[])[0].id;
});
afterAll(() => t.close());

describe('the list cache of one process', () => {
  it('every table the portal shows notifies px_data at commit (a new table needs the trigger or a reason)', async () => {
    const tables = rowsOf<{ name: string; watched: boolean }>(
      await t.db.execute(sql`
        select c.relname as name, exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_data_notify') as watched
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')`),
    );
    expect(tables.length).toBeGreaterThan(30);
    const unwatched = tables.filter((table) => !table.watched).map((table) => table.name).sort();
    expect(unwatched).toEqual([...UNWATCHED_TABLES].sort());
  });

  it('answers a repeated list from the cache, and a write through the API is in the next answer', async () => {
    const cache = listCacheOf(t.db)!;
    expect(cache.enabled).toBe(true);
    const first = await t.request('GET', BANNER_PAGE, { cookie: admin });
    expect(first.status).toBe(200);
    const range = first.headers.get('content-range');
    const before = await titles(first);
    const hits = cache.hits;
    const again = await t.request('GET', BANNER_PAGE, { cookie: admin });
    expect(cache.hits).toBe(hits + 1);
    expect(again.headers.get('content-range')).toBe(range);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await titles(again)).toEqual(before);

    const created = await t.request('POST', BANNERS, { cookie: admin, body: banner('Cache test one') });
    expect(created.status).toBe(201);
    const after = await t.request('GET', BANNER_PAGE, { cookie: admin });
    expect(await titles(after)).toContain('Cache test one');
    expect(after.headers.get('content-range')).not.toBe(range);
  });

  it('a change written outside any route (another process, a script) reaches the next answer', async () => {
    const created = (await (await t.request('POST', BANNERS, { cookie: admin, body: banner('Cache test two') })).json()) as { id: number };
    expect(await titles(await t.request('GET', BANNER_PAGE, { cookie: admin }))).toContain('Cache test two');
    expect(await titles(await t.request('GET', BANNER_PAGE, { cookie: admin }))).toContain('Cache test two');
    await t.db.update(bannerNotifications).set({ title: 'Changed behind the API' }).where(eq(bannerNotifications.id, created.id));
    const texts = await titles(await t.request('GET', BANNER_PAGE, { cookie: admin }));
    expect(texts).toContain('Changed behind the API');
    expect(texts).not.toContain('Cache test two');
  });

  it('one user’s cached list is never another’s answer, and access is checked before the cache', async () => {
    const customer = await t.login('customer');
    const other = await t.login('partner');
    const page = `${PROJECTS}?range=${encodeURIComponent('[0,99]')}&filter=${encodeURIComponent('{"projectUnitType":"project"}')}`;
    const own = await titles(await t.request('GET', page, { cookie: customer }));
    await t.request('GET', page, { cookie: customer });
    const others = await titles(await t.request('GET', page, { cookie: other }));
    expect(own.length).toBeGreaterThan(0);
    expect(others).not.toEqual(own);
    // Cached for the admin; a customer asking the same URL is refused, not served.
    await t.request('GET', BANNER_PAGE, { cookie: admin });
    expect((await t.request('GET', BANNER_PAGE, { cookie: customer })).status).toBe(403);
    expect((await t.request('GET', BANNER_PAGE)).status).toBe(401);
  });

  it('the unit list follows a rename at once', async () => {
    const customer = await t.login('customer');
    const page = `${PROJECTS}?range=${encodeURIComponent('[0,99]')}&filter=${encodeURIComponent('{"projectUnitType":"project"}')}`;
    const [first] = (await (await t.request('GET', page, { cookie: customer })).json()) as { id: number; title: string }[];
    await t.request('GET', page, { cookie: customer });
    await t.db.update(projectUnits).set({ title: 'Renamed behind the API' }).where(eq(projectUnits.id, first.id));
    expect(await titles(await t.request('GET', page, { cookie: customer }))).toContain('Renamed behind the API');
  });

  it('a write drops only the answers that read its table (per-table generations)', async () => {
    const staff = await t.login('staff');
    const tasks = `/api/tasks?range=${encodeURIComponent('[0,24]')}`;
    const cache = listCacheOf(t.db)!;
    const first = await t.request('GET', tasks, { cookie: staff });
    expect(first.status).toBe(200);
    const [task] = (await first.json()) as { id: number; unitTitle: string }[];
    expect(task).toBeDefined();
    await t.request('GET', BANNER_PAGE, { cookie: admin });
    // A banner is written: the task list is still served from the cache, the banner list is not.
    expect((await t.request('POST', BANNERS, { cookie: admin, body: banner('Cache test per table') })).status).toBe(201);
    let hits = cache.hits;
    await t.request('GET', tasks, { cookie: staff });
    expect(cache.hits).toBe(hits + 1);
    hits = cache.hits;
    expect(await titles(await t.request('GET', BANNER_PAGE, { cookie: admin }))).toContain('Cache test per table');
    expect(cache.hits).toBe(hits);
    // A unit is written: the task list follows at once.
    await t.db.update(projectUnits).set({ title: 'Task renamed behind the API' }).where(eq(projectUnits.id, task.id));
    const after = (await (await t.request('GET', tasks, { cookie: staff })).json()) as { id: number; unitTitle: string }[];
    expect(after.find((row) => row.id === task.id)?.unitTitle).toBe('Task renamed behind the API');
    expect(cache.hits).toBe(hits);
  });

  it('a notification without a table name drops every answer', () => {
    const cache = listCacheOf(t.db)!;
    const generation = cache.generation;
    cache.set('probe', '[]', {}, generation, ['banner_notifications']);
    expect(cache.get('probe')).toBeDefined();
    cache.changed('tenants');
    expect(cache.get('probe')).toBeDefined();
    cache.changed('');
    expect(cache.get('probe')).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  let other: Database;
  let otherApp: ReturnType<typeof createApp>;
  const otherList = (cookie: string) => otherApp.request(`http://localhost${BANNER_PAGE}`, { headers: { cookie } });

  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: t.databaseUrl });
    otherApp = createApp(other.db, {}, t.files);
  });
  afterAll(() => other.close());

  it('a write answered by one process is in the other’s very next answer (no waiting, no polling)', async () => {
    for (let round = 0; round < 5; round += 1) {
      await otherList(admin);
      const cache = listCacheOf(other.db)!;
      const hits = cache.hits;
      await otherList(admin);
      expect(cache.hits).toBe(hits + 1);
      const text = `Seen across processes ${round}`;
      expect((await t.request('POST', BANNERS, { cookie: admin, body: banner(text) })).status).toBe(201);
      expect(await titles(await otherList(admin))).toContain(text);
    }
  });
});

import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerDismissals, bannerNotifications, bannerNotificationSalesOrgs, salesOrganisations } from '../../server/db/schema.js';
import { COUNT_LOOKAHEAD } from '../../server/lib/rest.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const BASE = '/api/data/planxchange/banner-notifications';
let t: TestContext;
let admin: string;
let customer: string;
let orgs: Record<string, number>;

const valid = () => ({
  title: 'Werksferien',
  text: 'Zwischen den Jahren wird nicht geliefert.',
  level: 'warning',
  showFrom: '2026-12-20T00:00:00.000Z',
  showUntil: '2027-01-02T00:00:00.000Z',
  salesOrgs: [orgs['NS-DE']],
});

async function bannerCount() {
  const [row] = await t.db.select({ n: count() }).from(bannerNotifications);
  return row.n;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  customer = await t.login('customer');
  const rows = await t.db.select().from(salesOrganisations);
  orgs = Object.fromEntries(rows.map((row) => [row.key, row.id]));
});
afterAll(async () => t.close());

describe('list', () => {
  it('counts at most COUNT_LOOKAHEAD rows past the page: the total grows as the user pages on, exact near the end', async () => {
    const before = await bannerCount();
    const many = Array.from({ length: 400 }, (_, i) => ({ title: `Bulk ${i}`, text: 'x', level: 'info', showFrom: new Date('2026-01-01'), showUntil: new Date('2026-01-02') }));
    const inserted = await t.db.insert(bannerNotifications).values(many).returning({ id: bannerNotifications.id });
    try {
      const total = before + 400;
      const range = async (from: number, to: number) => (await t.request('GET', `${BASE}?sort=${encodeURIComponent('["id","ASC"]')}&range=[${from},${to}]`, { cookie: admin })).headers.get('content-range');
      expect(await range(0, 24)).toBe(`banner-notifications 0-24/${25 + COUNT_LOOKAHEAD}`);
      expect(await range(100, 124)).toBe(`banner-notifications 100-124/${125 + COUNT_LOOKAHEAD}`);
      expect(await range(200, 224)).toBe(`banner-notifications 200-224/${total}`);
      // A page past the end: its exact total in a second query.
      expect(await range(total + 10, total + 34)).toMatch(new RegExp(`/${total}$`));
    } finally {
      await t.db.delete(bannerNotifications).where(inArray(bannerNotifications.id, inserted.map((row) => row.id)));
    }
  });

  it('pages, sorts and reports Content-Range', async () => {
    const response = await t.request('GET', `${BASE}?sort=${encodeURIComponent('["title","ASC"]')}&range=[0,1]`, { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('banner-notifications 0-1/4');
    const body = await response.json();
    expect(body.map((b: { title: string }) => b.title)).toEqual(['Neue Lieferzeiten Werk Bremen', 'Prijsaanpassing lateien']);
    expect(body[0]).toMatchObject({ id: expect.any(Number), notificationID: body[0].id, level: 'info', salesOrgs: [orgs['NS-DE']] });
    expect(body[0].showFrom).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('sorts descending and pages past the first page', async () => {
    const response = await t.request('GET', `${BASE}?sort=${encodeURIComponent('["title","DESC"]')}&range=[2,3]`, { cookie: admin });
    expect(response.headers.get('content-range')).toBe('banner-notifications 2-3/4');
    expect((await response.json()).map((b: { title: string }) => b.title)).toEqual(['Prijsaanpassing lateien', 'Neue Lieferzeiten Werk Bremen']);
  });

  it('filters by level, sales org, text and id list (getMany)', async () => {
    const get = async (filter: unknown) =>
      (await (await t.request('GET', `${BASE}?filter=${encodeURIComponent(JSON.stringify(filter))}`, { cookie: admin })).json()) as { id: number; title: string }[];
    expect((await get({ level: 'important' })).map((b) => b.title)).toEqual(['Winterpauze fabriek Deventer']);
    expect((await get({ salesOrg: orgs['NS-DE'] })).length).toBe(2);
    expect((await get({ q: 'wartung' })).map((b) => b.title)).toEqual(['Wartungsarbeiten am Portal']);
    expect((await get({ q: '100%_' })).length).toBe(0);
    const all = await get({});
    const some = await get({ id: [all[0].id, all[2].id] });
    expect(some.map((b) => b.id).sort()).toEqual([all[0].id, all[2].id].sort());
  });

  it.each([
    ['sort=["nope","ASC"]', 'sort'],
    ['sort=["title","UP"]', 'sort'],
    ['sort=title', 'sort'],
    ['range=[-1,3]', 'range'],
    ['range=[5,2]', 'range'],
    ['range=[0,5000]', 'range'],
    ['range=[0.5,2]', 'range'],
    ['range={"a":1}', 'range'],
    ['filter={"passwordHash":"x"}', 'filter.passwordHash'],
    ['filter={"level":"urgent"}', 'filter.level'],
    ['filter=[1,2]', 'filter'],
    ['filter={"id":"abc"}', 'filter.id'],
    ['filter={"q":5}', 'filter.q'],
    ['filter={', 'filter'],
    ['limit=5', 'limit'],
  ])('refuses %s with 400', async (query, reference) => {
    const [path, value] = query.split(/=(.*)/s);
    const messages = await expectErrorShape(await t.request('GET', `${BASE}?${path}=${encodeURIComponent(value)}`, { cookie: admin }), 400);
    expect(messages[0].reference).toBe(reference);
  });
});

describe('create, read, update, delete', () => {
  it('creates with every field and several sales orgs, reads it back', async () => {
    const response = await t.request('POST', BASE, { cookie: admin, body: { ...valid(), salesOrgs: [orgs['NS-DE'], orgs['CB-NL']] } });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ title: 'Werksferien', level: 'warning', showFrom: '2026-12-20T00:00:00.000Z' });
    expect(created.salesOrgs.sort()).toEqual([orgs['NS-DE'], orgs['CB-NL']].sort());
    const read = await t.request('GET', `${BASE}/${created.id}`, { cookie: admin });
    expect(await read.json()).toEqual(created);
  });

  it.each([
    ['title missing', { title: undefined }, 'title'],
    ['title blank', { title: '   ' }, 'title'],
    ['title too long', { title: 'x'.repeat(201) }, 'title'],
    ['title a number', { title: 42 }, 'title'],
    ['text missing', { text: undefined }, 'text'],
    ['text too long', { text: 'x'.repeat(2001) }, 'text'],
    ['unknown level', { level: 'urgent' }, 'level'],
    ['showFrom no date', { showFrom: 'tomorrow' }, 'showFrom'],
    ['showFrom a number', { showFrom: 1700000000 }, 'showFrom'],
    ['showUntil before showFrom', { showUntil: '2026-12-01T00:00:00.000Z' }, 'showUntil'],
    ['salesOrgs empty', { salesOrgs: [] }, 'salesOrgs'],
    ['salesOrgs not a list', { salesOrgs: 'NS-DE' }, 'salesOrgs'],
    ['salesOrgs with a string', { salesOrgs: ['1'] }, 'salesOrgs.0'],
    ['unknown field', { priority: 1 }, 'priority'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, change, reference) => {
    const before = await bannerCount();
    const messages = await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: { ...valid(), ...change } }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
    expect(await bannerCount()).toBe(before);
  });

  it('refuses an unknown sales organisation with 422 and rolls back the banner', async () => {
    const before = await bannerCount();
    const messages = await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: { ...valid(), salesOrgs: [orgs['NS-DE'], 9999] } }), 422);
    expect(messages[0]).toMatchObject({ reference: 'salesOrgs' });
    expect(messages[0].text).toContain('9999');
    expect(await bannerCount()).toBe(before);
  });

  it('refuses malformed JSON, arrays and non-JSON bodies', async () => {
    await expectErrorShape(await t.request('POST', BASE, { cookie: admin, raw: '{"title": "x",' }), 400);
    await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: [valid()] }), 400);
    await expectErrorShape(await t.request('POST', BASE, { cookie: admin, body: null }), 400);
  });

  it('updates only the fields sent, and replaces the sales orgs', async () => {
    const created = await (await t.request('POST', BASE, { cookie: admin, body: valid() })).json();
    const response = await t.request('PUT', `${BASE}/${created.id}`, { cookie: admin, body: { title: 'Betriebsferien', salesOrgs: [orgs['CB-NL']] } });
    expect(response.status).toBe(200);
    const updated = await response.json();
    expect(updated).toMatchObject({ title: 'Betriebsferien', text: created.text, level: 'warning', salesOrgs: [orgs['CB-NL']] });
  });

  it('accepts the record echoed back with its own ids (react-admin sends them)', async () => {
    const created = await (await t.request('POST', BASE, { cookie: admin, body: valid() })).json();
    const response = await t.request('PUT', `${BASE}/${created.id}`, { cookie: admin, body: { ...created, level: 'important' } });
    expect(response.status).toBe(200);
    expect((await response.json()).level).toBe('important');
    await expectErrorShape(await t.request('PUT', `${BASE}/${created.id}`, { cookie: admin, body: { id: created.id + 1, level: 'info' } }), 400);
  });

  it('refuses an update that puts the end before the start, leaving the record unchanged', async () => {
    const created = await (await t.request('POST', BASE, { cookie: admin, body: valid() })).json();
    const messages = await expectErrorShape(await t.request('PUT', `${BASE}/${created.id}`, { cookie: admin, body: { showUntil: '2026-01-01T00:00:00.000Z' } }), 400);
    expect(messages[0].reference).toBe('showUntil');
    const read = await (await t.request('GET', `${BASE}/${created.id}`, { cookie: admin })).json();
    expect(read.showUntil).toBe(created.showUntil);
  });

  it('refuses an update with an unknown sales org without touching the links', async () => {
    const created = await (await t.request('POST', BASE, { cookie: admin, body: valid() })).json();
    await expectErrorShape(await t.request('PUT', `${BASE}/${created.id}`, { cookie: admin, body: { title: 'Neu', salesOrgs: [4242] } }), 422);
    const read = await (await t.request('GET', `${BASE}/${created.id}`, { cookie: admin })).json();
    expect(read).toMatchObject({ title: created.title, salesOrgs: created.salesOrgs });
  });

  it('deletes, answering the deleted record; the links go with it', async () => {
    const created = await (await t.request('POST', BASE, { cookie: admin, body: valid() })).json();
    const response = await t.request('DELETE', `${BASE}/${created.id}`, { cookie: admin });
    expect(response.status).toBe(200);
    expect((await response.json()).title).toBe(created.title);
    await expectErrorShape(await t.request('GET', `${BASE}/${created.id}`, { cookie: admin }), 404);
    const links = await t.db.select().from(bannerNotificationSalesOrgs).where(eq(bannerNotificationSalesOrgs.notificationId, created.id));
    expect(links).toEqual([]);
  });

  it.each([
    ['GET', '999999'],
    ['PUT', '999999'],
    ['DELETE', '999999'],
    ['GET', 'abc'],
    ['GET', '-1'],
    ['GET', '99999999999999'],
  ])('%s of unknown id %s → 404', async (method, id) => {
    await expectErrorShape(await t.request(method, `${BASE}/${id}`, { cookie: admin, body: method === 'PUT' ? { title: 'x' } : undefined }), 404);
  });
});

describe('access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', BASE],
    ['GET', `${BASE}/1`],
    ['POST', BASE, {}],
    ['PUT', `${BASE}/1`, { title: 'x' }],
    ['DELETE', `${BASE}/1`],
    ['GET', '/api/banner-notifications/sales-orgs'],
  ];
  it.each(['customer', 'staff', 'configurer', 'drafter', 'partner'])('%s gets 403 from every admin banner call', async (login) => {
    const cookie = await t.login(login);
    for (const [method, path, body] of calls) {
      await expectErrorShape(await t.request(method, path, { cookie, body }), 403);
    }
  });

  it('the admin gets the sales organisations for the dialog, sorted by key', async () => {
    const response = await t.request('GET', '/api/banner-notifications/sales-orgs', { cookie: admin });
    const body = await response.json();
    expect(body.map((org: { salesOrgKey: string }) => org.salesOrgKey)).toEqual(['CB-NL', 'CCL-UK', 'NS-DE']);
    expect(body[0]).toMatchObject({ id: orgs['CB-NL'], title: 'Calcon Verkoop Nederland' });
  });
});

describe('active banners for the user', () => {
  it('shows only banners active now for the user’s sales organisations, most important first', async () => {
    const now = Date.now();
    const create = (title: string, level: string, from: number, until: number, salesOrgs: number[]) =>
      t.request('POST', BASE, {
        cookie: admin,
        body: { title, text: 'x', level, showFrom: new Date(from).toISOString(), showUntil: new Date(until).toISOString(), salesOrgs },
      });
    await create('CCL only', 'important', now - 1000, now + 3_600_000, [orgs['CCL-UK']]);
    await create('Urgent NL', 'important', now - 1000, now + 3_600_000, [orgs['CB-NL']]);
    await create('Expired', 'important', now - 7_200_000, now - 3_600_000, [orgs['CB-NL']]);
    const response = await t.request('GET', '/api/banner-notifications/active', { cookie: customer });
    const titles = (await response.json()).map((b: { title: string }) => b.title);
    expect(titles[0]).toBe('Urgent NL');
    expect(titles).toContain('Wartungsarbeiten am Portal');
    expect(titles).toContain('Neue Lieferzeiten Werk Bremen');
    expect(titles).not.toContain('CCL only');
    expect(titles).not.toContain('Expired');
    expect(titles).not.toContain('Winterpauze fabriek Deventer');
  });

  it('a user without sales organisations sees none', async () => {
    const cookie = await t.login('configurer');
    expect(await (await t.request('GET', '/api/banner-notifications/active', { cookie })).json()).toEqual([]);
  });
});

describe('closing a banner (per banner and user)', () => {
  const active = async (cookie: string) => ((await (await t.request('GET', '/api/banner-notifications/active', { cookie })).json()) as { id: number; title: string }[]);

  it('hides it for this user only, on every later request, until an administrator changes it', async () => {
    const [first, second] = await active(customer);
    expect(first && second).toBeTruthy();
    const closed = await t.request('POST', `/api/banner-notifications/${first.id}/dismiss`, { cookie: customer });
    expect(closed.status).toBe(204);
    // Closing twice is no error (two tabs).
    expect((await t.request('POST', `/api/banner-notifications/${first.id}/dismiss`, { cookie: customer })).status).toBe(204);
    const after = await active(customer);
    expect(after.map((banner) => banner.id)).not.toContain(first.id);
    expect(after.map((banner) => banner.id)).toContain(second.id);
    // A new session of the same user: still closed. Another user with the same organisations still sees it.
    expect((await active(await t.login('customer'))).map((banner) => banner.id)).not.toContain(first.id);
    expect((await active(await t.login('staff'))).map((banner) => banner.id)).toContain(first.id);
    // The administrator changes the banner: it is news again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.request('PUT', `${BASE}/${first.id}`, { cookie: admin, body: { text: 'Neue Zeiten.' } })).status).toBe(200);
    expect((await active(customer)).map((banner) => banner.id)).toContain(first.id);
  });

  it('answers 404 for a banner the user is not shown, and for a malformed id; nothing is written', async () => {
    const expired = await t.request('POST', BASE, { cookie: admin, body: { ...valid(), title: 'Vorbei', showFrom: '2020-01-01T00:00:00.000Z', showUntil: '2020-01-02T00:00:00.000Z', salesOrgs: [orgs['CB-NL']] } });
    const { id } = await expired.json();
    await expectErrorShape(await t.request('POST', `/api/banner-notifications/${id}/dismiss`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('POST', '/api/banner-notifications/999999/dismiss', { cookie: customer }), 404);
    await expectErrorShape(await t.request('POST', '/api/banner-notifications/abc/dismiss', { cookie: customer }), 404);
    // A user without sales organisations is shown no banner: nothing to close.
    const [shown] = await active(customer);
    await expectErrorShape(await t.request('POST', `/api/banner-notifications/${shown.id}/dismiss`, { cookie: await t.login('configurer') }), 404);
    const [{ n }] = await t.db.select({ n: count() }).from(bannerDismissals).where(eq(bannerDismissals.notificationId, id));
    expect(n).toBe(0);
  });

  it('needs a session', async () => {
    const [shown] = await active(customer);
    await expectErrorShape(await t.request('POST', `/api/banner-notifications/${shown.id}/dismiss`), 401);
  });
});

describe('referenced sales organisations', () => {
  it('cannot be deleted underneath a banner: the database refuses and the API would answer 409', async () => {
    const { fromDatabaseError } = await import('../../server/lib/db-errors.js');
    let caught: unknown;
    try {
      await t.db.delete(salesOrganisations).where(eq(salesOrganisations.id, orgs['NS-DE']));
    } catch (error) {
      caught = error;
    }
    expect(fromDatabaseError(caught)?.status).toBe(409);
  });
});

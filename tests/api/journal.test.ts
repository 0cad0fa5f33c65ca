import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJournalContent, type JournalRecord } from '../../src/domain/journal.js';
import { projectUnitJournal, projectUnits, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const J = '/api/data/planxchange/project-unit-journal';
let t: TestContext;
let staff: string;
let admin: string;
let customer: string;
let drafter: string;
const unit: Record<string, number> = {};
const number: Record<string, string> = {};
const user: Record<string, number> = {};
/** Ids of the inserted entries by a short name. */
const entry: Record<string, number> = {};

const HOUR = 3_600_000;
const base = Date.now() - 30 * 24 * HOUR;
const at = (hours: number) => new Date(base + hours * HOUR);

beforeAll(async () => {
  t = await createTestContext();
  [staff, admin, customer, drafter] = await Promise.all(['staff', 'admin', 'customer', 'drafter'].map((login) => t.login(login)));
  for (const row of await t.db.select().from(projectUnits)) {
    unit[row.title] = row.id;
    number[row.title] = row.number;
  }
  for (const row of await t.db.select().from(users)) user[row.login] = row.id;
  // The demo history (if the seed has one) is replaced by entries whose every field is known.
  await t.db.delete(projectUnitJournal);
  const school = unit['Schule am Stadtpark'];
  const rows: [string, Omit<typeof projectUnitJournal.$inferInsert, 'rootId'>][] = [
    ['submitted', { unitId: school, userId: user.customer, oldState: 'Structuring', newState: 'PendingValidation', action: 'structuring-finished', createdAt: at(0) }],
    ['validated', { unitId: school, userId: user.staff, oldState: 'PendingValidation', newState: 'PendingContract', action: 'ready-for-contract', createdAt: at(1) }],
    ['planning', { unitId: school, userId: user.staff, oldState: 'PendingContract', newState: 'ProvideFiles', action: 'start-planning', message: 'Kein BIM-Projekt', createdAt: at(2) }],
    ['lot2', { unitId: unit['Bauabschnitt 2'], userId: user.staff, oldState: 'Structuring', newState: 'Preparing', action: 'request-drawings', createdAt: at(3) }],
    ['lot1', { unitId: unit['Bauabschnitt 1'], userId: user.drafter, oldState: 'Preparing', newState: 'ReviewPreliminaryDrawings', action: 'preparing-complete', createdAt: at(4) }],
    ['delayed', { unitId: unit['Bauabschnitt 1'], userId: null, oldState: 'ReviewPreliminaryDrawings', newState: 'ReviewPreliminaryDrawings', delayed: true, ruleKey: 'ReviewOverdue', createdAt: at(5) }],
    ['sub', { unitId: unit['Neubau Klassentrakt'], userId: user.admin, oldState: 'Structuring', newState: 'InProgress', action: 'request-drawings', createdAt: at(6) }],
    ['lintel', { unitId: unit['Stürze Bauabschnitt 1'], userId: user.admin, oldState: 'Structuring', newState: 'PlaceOrder', createdAt: at(7) }],
  ];
  for (const [name, values] of rows) {
    const [row] = await t.db.insert(projectUnitJournal).values({ rootId: school, ...values }).returning({ id: projectUnitJournal.id });
    entry[name] = row.id;
  }
  // Entries of other projects never show up in this one's journal.
  for (const title of ['Gewerbehof Nord', 'Distributiecentrum Venlo', 'Appartementen Maaskade']) {
    const [row] = await t.db
      .insert(projectUnitJournal)
      .values({ rootId: unit[title], unitId: unit[title], userId: user.staff, oldState: 'Structuring', newState: 'PendingValidation', createdAt: at(8) })
      .returning({ id: projectUnitJournal.id });
    entry[title] = row.id;
  }
});
afterAll(async () => t.close());

const url = (filter: unknown, extra = '') => `${J}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const sort = (field: string, order: 'ASC' | 'DESC') => `&sort=${encodeURIComponent(JSON.stringify([field, order]))}`;
const range = (start: number, end: number) => `&range=${encodeURIComponent(JSON.stringify([start, end]))}`;

async function list(cookie: string, filter: Record<string, unknown>, extra = '') {
  const response = await t.request('GET', url(filter, extra), { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return { rows: (await response.json()) as JournalRecord[], range: response.headers.get('content-range') };
}
const school = () => ({ rootProjectUnitID: unit['Schule am Stadtpark'] });
const ids = (rows: JournalRecord[]) => rows.map((row) => row.id);

describe('journal list', () => {
  it('shows the project’s entries to internal staff, newest first, with the spec’s record fields', async () => {
    const { rows, range: contentRange } = await list(staff, school());
    expect(ids(rows)).toEqual(['lintel', 'sub', 'delayed', 'lot1', 'lot2', 'planning', 'validated', 'submitted'].map((name) => entry[name]));
    expect(contentRange).toBe('project-unit-journal 0-7/8');
    const planning = rows.find((row) => row.id === entry.planning)!;
    expect(planning).toEqual({
      id: entry.planning,
      projectUnitsJournalID: entry.planning,
      projectUnitID: unit['Schule am Stadtpark'],
      projectUnitName: 'Schule am Stadtpark',
      projectUnitNo: number['Schule am Stadtpark'],
      projectUnitType: 'project',
      date: at(2).toISOString(),
      userEmail: 'staff@nordstein.example',
      userLogin: 'staff',
      userName: 'Stefan Planer',
      contentJson: expect.any(String),
      delayed: false,
      reminderID: null,
      delayReason: '',
    });
    expect(JSON.parse(planning.contentJson)).toEqual({ oldState: 'PendingContract', newState: 'ProvideFiles', additionalMessage: 'Kein BIM-Projekt' });
  });

  it('carries the escalation rule’s text in the reader’s language on a delayed entry; the scheduler is named', async () => {
    const german = (await list(staff, school())).rows.find((row) => row.id === entry.delayed)!;
    expect(german).toMatchObject({
      delayed: true,
      reminderID: 'ReviewOverdue',
      delayReason: 'Vorabzeichnungen nicht innerhalb von 5 Arbeitstagen geprüft',
      userLogin: '',
      userEmail: '',
      userName: 'System (Fristprüfung)',
      projectUnitName: 'Bauabschnitt 1',
      projectUnitType: 'approvallot',
    });
    expect(parseJournalContent(german.contentJson)).toEqual({ oldState: 'ReviewPreliminaryDrawings', newState: 'ReviewPreliminaryDrawings', additionalMessage: '' });
    const english = (await list(admin, school())).rows.find((row) => row.id === entry.delayed)!;
    expect(english.delayReason).toBe('Preliminary drawings not reviewed within 5 working days');
    expect(english.userName).toBe('System (deadline check)');
  });

  it('names a deleted account "deleted user" without login or e-mail', async () => {
    const [ghost] = await t.db.insert(users).values({ login: 'deleted-user-journal', email: '', deletedAt: new Date() }).returning({ id: users.id });
    const [row] = await t.db
      .insert(projectUnitJournal)
      .values({ rootId: unit['Gewerbehof Nord'], unitId: unit['Halle 1'], userId: ghost.id, oldState: 'Structuring', newState: 'Preparing', createdAt: at(9) })
      .returning({ id: projectUnitJournal.id });
    const { rows } = await list(admin, { rootProjectUnitID: unit['Gewerbehof Nord'] });
    expect(rows.find((r) => r.id === row.id)).toMatchObject({ userName: 'deleted user', userLogin: '', userEmail: '' });
    // Filtering by the erased login finds nothing.
    expect((await list(admin, { rootProjectUnitID: unit['Gewerbehof Nord'], user: 'deleted-user' })).rows).toEqual([]);
  });

  it('narrows to a unit and everything below it', async () => {
    const sub = await list(staff, { ...school(), projectUnitID: unit['Neubau Klassentrakt'] });
    expect(ids(sub.rows)).toEqual(['sub', 'delayed', 'lot1', 'lot2'].map((name) => entry[name]));
    const lot = await list(staff, { ...school(), projectUnitID: unit['Bauabschnitt 1'] });
    expect(ids(lot.rows)).toEqual([entry.delayed, entry.lot1]);
    const all = await list(staff, { ...school(), projectUnitID: unit['Schule am Stadtpark'] });
    expect(all.rows).toHaveLength(8);
  });

  it('filters by unit name, number, unit types and user', async () => {
    const byName = await list(staff, { ...school(), unitName: 'bauABSCHNITT' });
    expect(ids(byName.rows)).toEqual([entry.lintel, entry.delayed, entry.lot1, entry.lot2]);
    const byNumber = await list(staff, { ...school(), number: number['Bauabschnitt 2'] });
    expect(ids(byNumber.rows)).toEqual([entry.lot2]);
    const types = await list(staff, { ...school(), unitTypes: ['project', 'subproject'] });
    expect(ids(types.rows)).toEqual(['sub', 'planning', 'validated', 'submitted'].map((name) => entry[name]));
    expect((await list(staff, { ...school(), unitTypes: [] })).rows).toHaveLength(8);
    // Login, full name or e-mail; the scheduler's entries are no one's.
    expect(ids((await list(staff, { ...school(), user: 'DRAFT' })).rows)).toEqual([entry.lot1]);
    expect(ids((await list(staff, { ...school(), user: 'andrea admin' })).rows)).toEqual([entry.lintel, entry.sub]);
    expect(ids((await list(staff, { ...school(), user: 'bouwbedrijf.example' })).rows)).toEqual([entry.submitted]);
    // Filters combine with AND; % and _ are taken literally.
    const combined = await list(staff, { ...school(), unitTypes: ['approvallot'], user: 'staff', unitName: 'Bauabschnitt' });
    expect(ids(combined.rows)).toEqual([entry.lot2]);
    expect((await list(staff, { ...school(), unitName: '%' })).rows).toEqual([]);
  });

  it('pages with Content-Range and sorts by date, unit name and number', async () => {
    const first = await list(staff, school(), range(0, 2));
    expect(first.range).toBe('project-unit-journal 0-2/8');
    expect(ids(first.rows)).toEqual([entry.lintel, entry.sub, entry.delayed]);
    const last = await list(staff, school(), range(6, 9));
    expect(last.range).toBe('project-unit-journal 6-7/8');
    expect(ids(last.rows)).toEqual([entry.validated, entry.submitted]);
    const past = await list(staff, school(), range(20, 29));
    expect(past.rows).toEqual([]);
    expect(past.range).toBe('project-unit-journal 20-20/8');

    expect(ids((await list(staff, school(), sort('date', 'ASC'))).rows)[0]).toBe(entry.submitted);
    const byName = (await list(staff, school(), sort('projectUnitName', 'ASC'))).rows.map((row) => row.projectUnitName);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'de')));
    expect(byName[0]).toBe('Bauabschnitt 1');
    const byNumber = (await list(staff, school(), sort('projectUnitNo', 'DESC'))).rows.map((row) => row.projectUnitNo);
    expect(byNumber).toEqual([...byNumber].sort().reverse());
  });

  it('reads one entry the same way, only where the list would show it', async () => {
    const response = await t.request('GET', `${J}/${entry.lot1}`, { cookie: staff });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: entry.lot1, projectUnitName: 'Bauabschnitt 1', userLogin: 'drafter' });
    await expectErrorShape(await t.request('GET', `${J}/${entry.lot1}`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `${J}/${entry['Appartementen Maaskade']}`, { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', `${J}/999999`, { cookie: staff }), 404);
  });
});

describe('journal access', () => {
  it('does not exist for a customer, even a member of the project (404, never 403)', async () => {
    const messages = await expectErrorShape(await t.request('GET', url(school()), { cookie: customer }), 404);
    expect(messages[0].key).toBe('ERRORMESSAGES.NotFound');
  });

  it('does not exist for internal staff who cannot see the project', async () => {
    // drafter works for Nordstein and CCL only; Distributiecentrum Venlo is Calcon's.
    await expectErrorShape(await t.request('GET', url({ rootProjectUnitID: unit['Distributiecentrum Venlo'] }), { cookie: drafter }), 404);
    expect((await list(staff, { rootProjectUnitID: unit['Distributiecentrum Venlo'] })).rows.map((row) => row.id)).toEqual([entry['Distributiecentrum Venlo']]);
  });

  it('does not exist without the HasJournal feature', async () => {
    await expectErrorShape(await t.request('GET', url({ rootProjectUnitID: unit['Appartementen Maaskade'] }), { cookie: staff }), 404);
    const gewerbehof = { rootProjectUnitID: unit['Gewerbehof Nord'] };
    expect((await list(staff, gewerbehof)).rows.length).toBeGreaterThan(0);
    const [root] = await t.db.select({ features: projectUnits.features }).from(projectUnits).where(eq(projectUnits.id, unit['Gewerbehof Nord']));
    await t.db.update(projectUnits).set({ features: ['ProjectTools'] }).where(eq(projectUnits.id, unit['Gewerbehof Nord']));
    try {
      await expectErrorShape(await t.request('GET', url(gewerbehof), { cookie: staff }), 404);
    } finally {
      await t.db.update(projectUnits).set({ features: root.features }).where(eq(projectUnits.id, unit['Gewerbehof Nord']));
    }
  });

  it('takes a root only, and a unit of that root only', async () => {
    await expectErrorShape(await t.request('GET', url({ rootProjectUnitID: unit['Bauabschnitt 1'] }), { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', url({ ...school(), projectUnitID: unit['Halle 1'] }), { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', url({ ...school(), projectUnitID: 999999 }), { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', url({ rootProjectUnitID: 999999 }), { cookie: staff }), 404);
  });

  it('needs a session', async () => {
    await expectErrorShape(await t.request('GET', url(school())), 401);
    await expectErrorShape(await t.request('GET', `${J}/${entry.lot1}`), 401);
  });

  it('is read-only', async () => {
    for (const [method, path] of [['POST', J], ['PUT', `${J}/${entry.lot1}`], ['DELETE', `${J}/${entry.lot1}`]] as const) {
      const response = await t.request(method, path, { cookie: staff, body: { message: 'x' }, headers: { origin: 'http://localhost' } });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const [still] = await t.db.select().from(projectUnitJournal).where(eq(projectUnitJournal.id, entry.lot1));
    expect(still.message).toBe('');
  });
});

describe('journal filter validation', () => {
  it('needs the root', async () => {
    const messages = await expectErrorShape(await t.request('GET', J, { cookie: staff }), 400);
    expect(messages[0]).toMatchObject({ reference: 'filter.rootProjectUnitID', key: 'VALIDATION.IsRequired' });
    await expectErrorShape(await t.request('GET', url({ unitName: 'Haus' }), { cookie: staff }), 400);
  });

  it('refuses unknown unit types, wrong kinds of values, unknown filters and malformed JSON', async () => {
    const types = await expectErrorShape(await t.request('GET', url({ ...school(), unitTypes: ['folder'] }), { cookie: staff }), 400);
    expect(types[0].reference).toBe('filter.unitTypes.0');
    for (const filter of [
      { ...school(), unitTypes: 'project' },
      { rootProjectUnitID: String(unit['Schule am Stadtpark']) },
      { ...school(), projectUnitID: 0 },
      { ...school(), user: 42 },
      { ...school(), unitName: 'x'.repeat(201) },
      { ...school(), q: 'x' },
    ]) {
      await expectErrorShape(await t.request('GET', url(filter), { cookie: staff }), 400);
    }
    await expectErrorShape(await t.request('GET', `${J}?filter=%7Bnope`, { cookie: staff }), 400);
    await expectErrorShape(await t.request('GET', url(school(), sort('userLogin', 'ASC')), { cookie: staff }), 400);
    await expectErrorShape(await t.request('GET', url(school(), '&range=[5,1]'), { cookie: staff }), 400);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFiles, projectUnits } from '../../server/db/schema.js';
import { simplePdf } from '../../server/lib/pdf.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

// Issue 20: every rule the details page applies to units is applied by the API too.
const P = '/api/data/planxchange/projects';
let t: TestContext;
let customer: string;
let staff: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, staff] = await Promise.all([t.login('customer'), t.login('staff')]);
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
});
afterAll(async () => t.close());

const past = '2020-01-01';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unitOf = async (unitId: number) => (await t.db.select().from(projectUnits).where(eq(projectUnits.id, unitId)))[0];
/** PUT with the version as read (issue 18: a PUT names the version it builds on). */
const put = async (cookie: string, unitId: number, body: Record<string, unknown>) =>
  t.request('PUT', `${P}/${unitId}`, { cookie, body: { ...body, version: (await unitOf(unitId)).version } });

function upload(cookie: string, root: number, unit: number, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(simplePdf(name, ['rules']))]), name);
  return t.app.request(`http://localhost/api/file/${root}/${unit}`, { method: 'POST', headers: { cookie }, body: form });
}

describe('planned delivery date of order lots: today at the earliest', () => {
  it('PUT refuses a past date on a lintel and an AAC order lot (422 on deliveryDate) and keeps the old one', async () => {
    for (const title of ['Stürze Haus A und B', 'Wandelemente Haus B']) {
      const before = await unitOf(id[title]);
      const messages = await expectErrorShape(await put(customer, id[title], { deliveryDate: past }), 422);
      expect(messages[0]).toMatchObject({ reference: 'deliveryDate', key: 'PROJECTS.Rules.DeliveryDateInPast' });
      expect(messages[0].text).toMatch(/cannot be before \d{1,2}\/\d{1,2}\/\d{4}\./);
      expect((await unitOf(id[title])).deliveryDate).toBe(before.deliveryDate);
    }
  });

  it('POST refuses a new lot dated in the past; today and later pass', async () => {
    const body = { parentProjectUnitID: id['Stürze'], projectUnitType: 'lintelorderlot', title: 'Stürze Haus C' };
    await expectErrorShape(await t.request('POST', P, { cookie: customer, body: { ...body, deliveryDate: past } }), 422);
    const created = await t.request('POST', P, { cookie: customer, body: { ...body, deliveryDate: inDays(0) } });
    expect(created.status).toBe(201);
    const ok = await put(customer, (await created.json()).id, { deliveryDate: inDays(20) });
    expect(ok.status).toBe(200);
  });
});

describe('a subproject’s kind', () => {
  it('cannot change while it holds units of another kind (the files card would vanish)', async () => {
    const messages = await expectErrorShape(await put(customer, id['Haus A'], { projectUnitTypeVariant: 'aac_elements' }), 422);
    expect(messages[0]).toMatchObject({ reference: 'projectUnitTypeVariant', key: 'PROJECTS.Rules.VariantHoldsChildren' });
    expect((await unitOf(id['Haus A'])).variant).toBe('other');
  });

  it('changes while its children fit the new kind', async () => {
    const created = await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: id['Wohnpark Weserblick'], projectUnitType: 'subproject', title: 'Haus D' } });
    const sub = await created.json();
    expect((await put(customer, sub.id, { projectUnitTypeVariant: 'lintel' })).status).toBe(200);
    expect((await unitOf(sub.id)).variant).toBe('lintel');
  });
});

describe('one rule for closed projects', () => {
  it('no new units, no edits, no deletions — not even by the sales planner', async () => {
    const folder = { parentProjectUnitID: id['Altbau Sanierung Mitte'], projectUnitType: 'folder', title: 'Nachträge' };
    const created = await expectErrorShape(await t.request('POST', P, { cookie: customer, body: folder }), 403);
    expect(created[0]).toMatchObject({ key: 'PROJECTS.Rules.ProjectClosed' });
    await expectErrorShape(await t.request('POST', P, { cookie: staff, body: folder }), 403);
    await expectErrorShape(await t.request('DELETE', `${P}/${id['Dachgeschoss']}`, { cookie: staff }), 403);
    await expectErrorShape(await put(staff, id['Vorderhaus'], { title: 'Hinterhaus' }), 403);
    expect(await unitOf(id['Dachgeschoss'])).toBeDefined();
    expect((await unitOf(id['Vorderhaus'])).title).toBe('Vorderhaus');
  });

  it('the unit context tells the page the same', async () => {
    const context = await (await t.request('GET', `${P}/${id['Dachgeschoss']}/context`, { cookie: staff })).json();
    expect(context.can.delete).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
    expect(context.can.edit).toEqual({ allowed: false, reason: 'PROJECTS.Rules.ProjectClosed' });
  });
});

describe('HideUnitEditAction', () => {
  it('the API refuses PUT and DELETE of the project’s units as the page hides them', async () => {
    const root = id['Appartementen Maaskade'];
    const [row] = await t.db.select({ features: projectUnits.features }).from(projectUnits).where(eq(projectUnits.id, root));
    await t.db.update(projectUnits).set({ features: [...(row.features as string[]), 'HideUnitEditAction'] }).where(eq(projectUnits.id, root));
    try {
      for (const cookie of [customer, staff]) {
        const refused = await expectErrorShape(await put(cookie, id['Toren Noord'], { title: 'Toren Zuid' }), 403);
        expect(refused[0]).toMatchObject({ key: 'PROJECTS.Rules.EditActionsHidden' });
        await expectErrorShape(await t.request('DELETE', `${P}/${id['Verdieping 1-4']}`, { cookie }), 403);
      }
      expect((await unitOf(id['Toren Noord'])).title).toBe('Toren Noord');
      const context = await (await t.request('GET', `${P}/${id['Toren Noord']}/context`, { cookie: customer })).json();
      expect(context.can.edit.allowed).toBe(false);
    } finally {
      await t.db.update(projectUnits).set({ features: row.features }).where(eq(projectUnits.id, root));
    }
  });
});

describe('deleting a unit follows the rules of the files it holds', () => {
  it('a customer cannot delete a folder holding a file they may not delete; the file stays', async () => {
    const folder = id['Pläne und Unterlagen'];
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/${folder}`, { cookie: customer }), 403);
    expect(messages[0]).toMatchObject({ key: 'PROJECTS.Rules.HoldsOthersFiles' });
    const files = await t.db.select().from(projectFiles).where(eq(projectFiles.unitId, folder));
    expect(files.map((file) => file.name)).toEqual(['Bauzeitenplan.pdf']);
    expect(await t.files.open(files[0].storageKey)).not.toBeNull();
    const context = await (await t.request('GET', `${P}/${folder}/context`, { cookie: customer })).json();
    expect(context.can.delete).toEqual({ allowed: false, reason: 'PROJECTS.Rules.HoldsOthersFiles' });
  });

  it('a folder with only the customer’s own files goes, and its stored bytes with it', async () => {
    const root = id['Wohnpark Weserblick'];
    const created = await t.request('POST', P, { cookie: customer, body: { parentProjectUnitID: root, projectUnitType: 'folder', title: 'Fotos' } });
    const folder = (await created.json()).id as number;
    expect((await upload(customer, root, folder, 'Foto-1.pdf')).status).toBe(201);
    const [file] = await t.db.select().from(projectFiles).where(eq(projectFiles.unitId, folder));
    expect(await t.files.open(file.storageKey)).not.toBeNull();
    expect((await t.request('DELETE', `${P}/${folder}`, { cookie: customer })).status).toBe(200);
    expect(await t.db.select().from(projectFiles).where(eq(projectFiles.unitId, folder))).toEqual([]);
    expect(await t.files.open(file.storageKey)).toBeNull();
  });

  it('staff delete a folder with anybody’s files, and the bytes leave the storage', async () => {
    const folder = id['Pläne und Unterlagen'];
    const files = await t.db.select().from(projectFiles).where(inArray(projectFiles.unitId, [folder]));
    expect((await t.request('DELETE', `${P}/${folder}`, { cookie: staff })).status).toBe(200);
    for (const file of files) expect(await t.files.open(file.storageKey)).toBeNull();
  });
});

describe('the message of a transition reaches the person who acts on it', () => {
  it('the reviewer’s requested changes show on the lot’s page for the other members, not only in the journal', async () => {
    const lot = id['Bauabschnitt 1'];
    const before = await (await t.request('GET', `${P}/${lot}/context`, { cookie: staff })).json();
    expect(before.workflow.message).toBeNull();
    const moved = await t.request('PUT', `/api/data/planxchange/projectunitstates/${lot}`, {
      cookie: customer,
      body: { projectUnitID: lot, requirements: ['request-changes'], message: 'Fensteröffnung Achse 3 fehlt.' },
    });
    expect(moved.status).toBe(200);
    for (const cookie of [staff, customer]) {
      const context = await (await t.request('GET', `${P}/${lot}/context`, { cookie })).json();
      expect(context.workflow.message).toMatchObject({ text: 'Fensteröffnung Achse 3 fehlt.', author: expect.stringMatching(/\S/), createdAt: expect.any(String) });
    }
  });
});

describe('volume messages of a lot’s delivery data say what the rule is', () => {
  const post = async (lot: number, rows: { volume: number }[]) => {
    const { version } = (await (await t.request('GET', `/api/materials/${lot}/context`, { cookie: customer })).json()) as { version: number };
    return t.request('POST', `/api/materials/${lot}?version=${version}`, { cookie: customer, body: rows.map((row) => ({ type: 'planelemente', deliveryDate: inDays(120), ...row })) });
  };

  it('−1 is refused as "0 or more" (0 is allowed), and one row’s overflow is that row’s alone', async () => {
    const lot = id['Erdgeschoss'];
    const negative = await expectErrorShape(await post(lot, [{ volume: -1 }]), 400);
    expect(negative.map((message) => message.key)).toEqual(['STRUCTURE.Errors.VolumeNotNegative']);
    expect(negative[0].text).toMatch(/0 m³ or more/);
    const overflow = await expectErrorShape(await post(lot, [{ volume: 10 }, { volume: 400 }]), 400);
    expect(overflow.map((message) => [message.key, message.reference])).toEqual([['STRUCTURE.Errors.VolumeMax', expect.stringMatching(/1\.volume$/)]]);
    expect(overflow[0].text).not.toMatch(/Max: 0 m³/);
  });
});

describe('the spec’s API details', () => {
  const filter = (value: string) => `filter=${encodeURIComponent(value)}`;

  it('the journal’s OData form and the spec’s casing filter the units', async () => {
    const root = id['Wohnpark Weserblick'];
    const odata = await t.request('GET', `${P}?${filter(`rootProjectUnitID eq ${root} and projectUnitType eq 'approvallot'`)}`, { cookie: customer });
    expect(odata.status).toBe(200);
    expect(((await odata.json()) as { title: string }[]).map((unit) => unit.title)).toEqual(['Erdgeschoss', 'Obergeschoss']);
    for (const query of [filter(`ParentProjectUnitID eq ${id['Haus A']}`), filter(JSON.stringify({ ParentProjectUnitID: id['Haus A'] }))]) {
      const response = await t.request('GET', `${P}?${query}`, { cookie: customer });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { title: string }[]).map((unit) => unit.title)).toEqual(['Erdgeschoss', 'Obergeschoss']);
    }
    await expectErrorShape(await t.request('GET', `${P}?${filter('Tower eq 1')}`, { cookie: customer }), 400);
  });

  it('projectunitparams: create FirstDelivery as a member, query by ParamKey and ProjectUnitID; staff-only keys, outsiders and closed projects refused', async () => {
    const R = '/api/data/planxchange/projectunitparams';
    const root = id['Wohnpark Weserblick'];
    const created = await t.request('POST', R, { cookie: customer, body: { projectUnitID: root, paramKey: 'FirstDelivery', paramValue: '2027-03' } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ projectUnitID: root, paramKey: 'FirstDelivery', paramValue: '2027-03', createdOn: expect.any(String) });
    const listed = await t.request('GET', `${R}?${filter(`ParamKey eq 'FirstDelivery' and ProjectUnitID eq ${root}`)}`, { cookie: customer });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { paramValue: string }[]).map((param) => param.paramValue)).toEqual(['2027-03']);
    const staffOnly = await expectErrorShape(await t.request('POST', R, { cookie: customer, body: { projectUnitID: root, paramKey: 'Country', paramValue: 'nl' } }), 403);
    expect(staffOnly[0]).toMatchObject({ key: 'PROJECTS.Rules.ParamStaffOnly' });
    expect((await t.request('POST', R, { cookie: staff, body: { projectUnitID: root, paramKey: 'Country', paramValue: 'de' } })).status).toBe(201);
    await expectErrorShape(await t.request('POST', R, { cookie: customer, body: { projectUnitID: root, paramKey: 'CheckDataTaskMessage', paramValue: 'x' } }), 400);
    await expectErrorShape(await t.request('POST', R, { cookie: customer, body: { projectUnitID: id['Gewerbehof Nord'], paramKey: 'FirstDelivery', paramValue: 'x' } }), 404);
    await expectErrorShape(await t.request('POST', R, { cookie: staff, body: { projectUnitID: id['Altbau Sanierung Mitte'], paramKey: 'FirstDelivery', paramValue: 'x' } }), 403);
    const outsider = await t.request('GET', `${R}?${filter(`ProjectUnitID eq ${id['Gewerbehof Nord']}`)}`, { cookie: customer });
    expect(await outsider.json()).toEqual([]);
  });
});

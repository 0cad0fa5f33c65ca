import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLots, materials, projectUnits } from '../../server/db/schema.js';
import type { CclScheduleEntry, DeliveryLotRecord, DeliveryStructure } from '../../src/domain/deliveries.js';
import { addDays } from '../../src/domain/structure.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};
let school: number;

async function unitId(title: string): Promise<number> {
  const [row] = await ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title));
  return row.id;
}
const get = (login: string | null, path: string) => ctx.request('GET', path, { cookie: login ? cookies[login] : undefined });
const send = (method: string, login: string | null, path: string, body: unknown) => ctx.request(method, path, { cookie: login ? cookies[login] : undefined, body });
const firstMessage = async (response: Response) => ((await response.json()) as { messages: { key: string; reference?: string }[] }).messages[0];
const overview = (login: string, filter: Record<string, unknown>, query = '') =>
  get(login, `/api/data/planxchange/delivery-overview?filter=${encodeURIComponent(JSON.stringify(filter))}${query}`);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'partner', 'admin']) cookies[login] = await ctx.login(login);
  school = await unitId('Schule am Stadtpark');
});
afterAll(async () => ctx?.close());

describe('delivery overview (resource delivery-overview)', () => {
  it('lists the root’s deliveries by date with a Content-Range, and hides past ones on request', async () => {
    let response = await overview('customer', { rootProjectUnitID: school });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('delivery-overview 0-3/4');
    const rows = (await response.json()) as DeliveryLotRecord[];
    expect(rows.map((row) => row.deliveryType)).toEqual([0, 1, 2, 2]);
    expect(rows.map((row) => row.deliveryDate)).toEqual([...rows.map((row) => row.deliveryDate)].sort());
    expect(rows[1]).toMatchObject({ groups: 'Bauabschnitt 1', title: expect.stringContaining('Neubau Klassentrakt'), wallNos: 'S-EG-W01,S-EG-W02,S-EG-W03,S-EG-W04,S-EG-W05,S-EG-W06' });
    response = await overview('customer', { rootProjectUnitID: school, hidePast: true }, '&range=[0,1]');
    expect(response.headers.get('content-range')).toBe('delivery-overview 0-1/3');
    expect(((await response.json()) as DeliveryLotRecord[]).every((row) => row.deliveryType !== 0)).toBe(true);
  });

  it('refuses a root without the feature (403), an invisible root (404), a missing filter (400)', async () => {
    const gewerbehof = await unitId('Gewerbehof Nord');
    let response = await overview('staff', { rootProjectUnitID: gewerbehof });
    expect(response.status).toBe(403);
    expect((await firstMessage(response)).key).toBe('DELIVERY.Errors.FeatureOff');
    expect((await overview('customer', { rootProjectUnitID: await unitId('Riverside Apartments') })).status).toBe(404);
    expect((await overview('customer', {})).status).toBe(400);
    expect((await overview('customer', { rootProjectUnitID: school, foo: 1 })).status).toBe(400);
  });

  it('lets staff mark a planned delivery done (Fixed); customers get 403; a fixed one is 409', async () => {
    const rows = (await (await overview('staff', { rootProjectUnitID: school })).json()) as DeliveryLotRecord[];
    const planned = rows.find((row) => row.deliveryType === 2)!;
    const fixed = rows.find((row) => row.deliveryType === 0)!;
    let response = await send('PUT', 'customer', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id, deliveryType: 0, version: planned.version });
    expect(response.status).toBe(403);
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id, deliveryType: 0 });
    expect((await firstMessage(response)).reference).toBe('version');
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id, deliveryType: 0, version: planned.version + 5 });
    expect((await firstMessage(response)).key).toBe('DELIVERY.Errors.Changed');
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id, deliveryType: 1 });
    expect(response.status).toBe(400);
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id + 1000, deliveryType: 0 });
    expect(response.status).toBe(400);
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${planned.id}`, { deliveryLotID: planned.id, deliveryType: 0, version: planned.version });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: planned.id, deliveryType: 0, version: planned.version + 1 });
    const [row] = await ctx.db.select().from(deliveryLots).where(eq(deliveryLots.id, planned.id));
    expect(row.deliveryType).toBe(0);
    response = await send('PUT', 'staff', `/api/data/planxchange/delivery-overview/${fixed.id}`, { deliveryLotID: fixed.id, deliveryType: 0, version: fixed.version });
    expect(response.status).toBe(409);
    expect((await firstMessage(response)).key).toBe('DELIVERY.Errors.AlreadyFixed');
    expect((await send('PUT', 'staff', '/api/data/planxchange/delivery-overview/999999', { deliveryType: 0, version: 1 })).status).toBe(404);
  });
});

describe('delivery data overview', () => {
  it('answers subprojects, lots, materials, earliest dates and available volume', async () => {
    const response = await get('customer', `/api/delivery-data/${school}`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as { canEdit: boolean; subProjects: DeliveryStructure[] };
    expect(data.canEdit).toBe(true);
    expect(data.subProjects.map((s) => s.subProjectTitle)).toEqual(['Neubau Klassentrakt']);
    const [first, second] = data.subProjects[0].approvalLots;
    expect(first).toMatchObject({ approvalLotTitle: 'Bauabschnitt 1', available: 350 - 94.75 });
    expect(second.materials.map((m) => m.volume)).toEqual([58.75, 36]);
    expect(first.minDate.planelemente).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get('customer', `/api/delivery-data/${await unitId('Bauabschnitt 1')}`)).status).toBe(404);
    expect((await get('partner', `/api/delivery-data/${await unitId('Appartementen Maaskade')}`)).status).toBe(404);
  });

  it('saves several lots at once against each other’s new volumes, or nothing', async () => {
    const first = await unitId('Bauabschnitt 1');
    const second = await unitId('Bauabschnitt 2');
    const data = (await (await get('customer', `/api/delivery-data/${school}`)).json()) as { subProjects: DeliveryStructure[] };
    const date = addDays(data.subProjects[0].approvalLots[0].minDate.planelemente, 5);
    const [v1, v2] = data.subProjects[0].approvalLots.map((lot) => lot.version);
    // 200 + 200 > 350 together, although each fits alone next to the stored other lot.
    let response = await send('POST', 'customer', `/api/delivery-data/${school}`, [
      { approvalLotID: first, version: v1, materials: [{ type: 'planelemente', volume: 200, deliveryDate: date }] },
      { approvalLotID: second, version: v2, materials: [{ type: 'planelemente', volume: 200, deliveryDate: date }] },
    ]);
    expect(response.status).toBe(400);
    expect(await firstMessage(response)).toMatchObject({ key: 'STRUCTURE.Errors.VolumeMax', reference: '0.materials.0.volume' });
    expect((await ctx.db.select().from(materials).where(eq(materials.unitId, first))).map((row) => Number(row.volume))).toEqual([42.5, 3.2]);
    response = await send('POST', 'customer', `/api/delivery-data/${school}`, [{ approvalLotID: await unitId('Verdieping 1-4'), version: 1, materials: [] }]);
    expect(response.status).toBe(400);
    expect((await firstMessage(response)).reference).toBe('0.approvalLotID');
    response = await send('POST', 'customer', `/api/delivery-data/${school}`, [{ approvalLotID: first, materials: [] }]);
    expect((await firstMessage(response)).reference).toBe('0.version');
    response = await send('POST', 'customer', `/api/delivery-data/${school}`, [
      { approvalLotID: first, version: v1, materials: [{ type: 'planelemente', volume: 150, deliveryDate: date }] },
      { approvalLotID: second, version: v2, materials: [{ type: 'planelemente', volume: 200, deliveryDate: date }] },
    ]);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { subProjects: DeliveryStructure[] };
    expect(saved.subProjects[0].approvalLots.map((lot) => [lot.available, lot.version])).toEqual([[150, v1 + 1], [200, v2 + 1]]);
    // The same versions again: the lots changed meanwhile, nothing is written.
    response = await send('POST', 'customer', `/api/delivery-data/${school}`, [{ approvalLotID: first, version: v1, materials: [] }]);
    expect(response.status).toBe(409);
    expect((await ctx.db.select().from(materials).where(eq(materials.unitId, first))).map((row) => Number(row.volume))).toEqual([150]);
    const lots = await ctx.db.select().from(deliveryLots).where(and(eq(deliveryLots.rootId, school), eq(deliveryLots.deliveryDate, date)));
    expect(lots).toHaveLength(1);
    expect(lots[0].groups).toBe('Bauabschnitt 1, Bauabschnitt 2');
  });
});

describe('CCL delivery schedule', () => {
  let riverside: number;
  beforeAll(async () => {
    riverside = await unitId('Riverside Apartments');
  });

  it('lists the drawing jobs with subproject and customer reference', async () => {
    const response = await get('partner', `/api/questionnaire/ccl-delivery-schedule/${riverside}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { canEdit: boolean; entries: CclScheduleEntry[] };
    expect(body.canEdit).toBe(true);
    expect(body.entries.map((entry) => [entry.title, entry.subTitle, entry.custRef])).toEqual([
      ['DJ-01 Ground floor', 'Block A', 'RA-2291'],
      ['DJ-02 First floor', 'Block A', 'RA-2292'],
    ]);
    expect(body.entries[0].deliveryWeek).toMatch(/^\d{4}-W\d{2}$/);
    expect((await get('customer', `/api/questionnaire/ccl-delivery-schedule/${school}`)).status).toBe(404);
  });

  it('saves features, week and note; refuses a bad week and an outsider', async () => {
    const job = await unitId('DJ-02 First floor');
    const path = `/api/questionnaire/ccl-delivery-schedule/${riverside}/${job}`;
    const entries = ((await (await get('partner', `/api/questionnaire/ccl-delivery-schedule/${riverside}`)).json()) as { entries: CclScheduleEntry[] }).entries;
    const { version } = entries.find((entry) => entry.projectUnitID === job)!;
    let response = await send('PUT', 'partner', path, { features: 'Fire walls', deliveryWeek: '2027-W60', note: '', version });
    expect(response.status).toBe(400);
    expect(await firstMessage(response)).toMatchObject({ key: 'DELIVERY.Errors.InvalidWeek', reference: 'deliveryWeek' });
    response = await send('PUT', 'partner', path, { features: 'Fire walls', deliveryWeek: '2027-W06', note: 'Gate B' });
    expect(await firstMessage(response)).toMatchObject({ key: 'VALIDATION.IsRequired', reference: 'version' });
    response = await send('PUT', 'partner', path, { features: 'Fire walls', deliveryWeek: '2027-W06', note: 'Gate B', version });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ projectUnitID: job, features: 'Fire walls', deliveryWeek: '2027-W06', note: 'Gate B', version: version + 1 });
    // Someone else's save from the same version came first: 409, theirs stays.
    response = await send('PUT', 'partner', path, { features: 'Old', deliveryWeek: '', note: '', version });
    expect(response.status).toBe(409);
    expect((await firstMessage(response)).key).toBe('ERRORMESSAGES.ChangedMeanwhile');
    expect((await send('PUT', 'customer', path, { features: '', version })).status).toBe(404);
    expect((await send('PUT', 'partner', `/api/questionnaire/ccl-delivery-schedule/${riverside}/${await unitId('Block A')}`, { features: '', version: 0 })).status).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, productTypes, projectUnits } from '../../server/db/schema.js';
import type { AssignmentRecord, PlanningData } from '../../src/domain/assignments.js';
import type { PreliminaryDaysRecord } from '../../src/domain/preliminaryDays.js';
import { addDays, todayIso } from '../../src/domain/structure.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const RESOURCE = '/api/data/planxchange/projectunitproducttypeassignments';
let t: TestContext;
const cookies: Record<string, string> = {};
const unit: Record<string, number> = {};
const type: Record<string, number> = {};
const plant: Record<string, number> = {};

const call = (method: string, login: string, path: string, body?: unknown) => t.request(method, path, { cookie: cookies[login], body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};
const list = async (login: string, filter: string) => {
  const response = await call('GET', login, `${RESOURCE}?filter=${encodeURIComponent(filter)}`);
  return { rows: await json<AssignmentRecord[]>(response), range: response.headers.get('content-range') };
};
const planning = (login: string, root: number) => call('GET', login, `/api/planning/${root}`);
const readyForContract = async (login: string, root: number) => {
  const context = await json<{ workflow: { actions: { action: string; disabledReason: string | null }[] } }>(await call('GET', login, `/api/data/planxchange/projects/${root}/context`));
  return context.workflow.actions.find((action) => action.action === 'ReadyForContract');
};

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'admin']) cookies[login] = await t.login(login);
  for (const row of await t.db.select().from(projectUnits)) unit[row.title] = row.id;
  for (const row of await t.db.select().from(productTypes)) type[row.title] = row.id;
  for (const row of await t.db.select().from(plants)) plant[row.name] = row.id;
});
afterAll(async () => t?.close());

describe('projectunitproducttypeassignments list', () => {
  it('answers the spec’s filter `projectUnitID eq …` with the unit’s assignment', async () => {
    const { rows, range } = await list('customer', `projectUnitID eq ${unit['Bauabschnitt 1']}`);
    expect(range).toBe('projectunitproducttypeassignments 0-0/1');
    expect(rows).toEqual([
      {
        id: unit['Bauabschnitt 1'],
        projectUnitID: unit['Bauabschnitt 1'],
        rootProjectUnitID: unit['Schule am Stadtpark'],
        projectUnitNo: expect.stringMatching(/^NS-DE-\d{4}-\d{4}-01-01$/),
        title: 'Bauabschnitt 1',
        productTypeID: type.Planelemente,
        productType: 'Planelemente',
        productTypeBGColor: '#1565c0',
        productTypeTextColor: '#ffffff',
        plantID: plant['Werk Hannover'],
        plant: 'Werk Hannover',
      },
    ]);
  });

  it('answers ra’s JSON filters by unit and by root, only units that carry a product type', async () => {
    expect((await list('customer', JSON.stringify({ projectUnitID: unit['Bauabschnitt 2'] }))).rows.map((row) => row.title)).toEqual(['Bauabschnitt 2']);
    const school = await list('customer', JSON.stringify({ rootProjectUnitID: unit['Schule am Stadtpark'] }));
    expect(school.rows.map((row) => row.title)).toEqual(['Neubau Klassentrakt', 'Bauabschnitt 1', 'Bauabschnitt 2', 'Stürze Bauabschnitt 1', 'Stürze Bauabschnitt 2', 'Wandelemente Bauabschnitt 1', 'Wandelemente Bauabschnitt 2']);
    expect((await list('staff', `rootProjectUnitID eq ${unit['Gewerbehof Nord']}`)).rows).toEqual([]);
    const one = await json<AssignmentRecord>(await call('GET', 'customer', `${RESOURCE}/${unit['Bauabschnitt 1']}`));
    expect(one.plant).toBe('Werk Hannover');
  });

  it('shows nothing of projects the user does not see (404 for one) and refuses malformed filters', async () => {
    expect((await list('customer', `rootProjectUnitID eq ${unit['Gewerbehof Nord']}`)).rows).toEqual([]);
    await expectErrorShape(await call('GET', 'drafter', `${RESOURCE}/${unit['Toren Noord']}`), 404);
    await expectErrorShape(await call('GET', 'customer', `${RESOURCE}/${unit['Halle 1']}`), 404);
    await expectErrorShape(await call('GET', 'customer', `${RESOURCE}?filter=${encodeURIComponent('projectUnitID gt 3')}`), 400);
    await expectErrorShape(await call('GET', 'customer', `${RESOURCE}?filter=${encodeURIComponent('title eq 3')}`), 400);
    await expectErrorShape(await call('GET', 'customer', `${RESOURCE}?filter=${encodeURIComponent("projectUnitID eq 'x'")}`), 400);
  });
});

describe('projectunitproducttypeassignments set and clear', () => {
  it('a sales planner sets and clears; the guard of "Ready for contract" follows the list', async () => {
    const root = unit['Gewerbehof Nord'];
    expect((await readyForContract('staff', root))?.disabledReason).toBe('WORKFLOW.Guards.needs-product-type-assignments');
    const record = await json<AssignmentRecord>(await call('PUT', 'staff', `${RESOURCE}/${unit['Halle 1']}`, { productTypeID: type.Planelemente, plantID: plant['Werk Bremen'] }));
    expect(record).toMatchObject({ id: unit['Halle 1'], productType: 'Planelemente', plant: 'Werk Bremen', rootProjectUnitID: root });
    expect((await list('staff', `rootProjectUnitID eq ${root}`)).rows.map((row) => row.title)).toEqual(['Halle 1']);
    expect((await readyForContract('staff', root))?.disabledReason).toBeNull();

    const cleared = await json<AssignmentRecord>(await call('DELETE', 'staff', `${RESOURCE}/${unit['Halle 1']}`));
    expect(cleared.productType).toBe('Planelemente');
    expect((await list('staff', `rootProjectUnitID eq ${root}`)).rows).toEqual([]);
    expect((await readyForContract('staff', root))?.disabledReason).toBe('WORKFLOW.Guards.needs-product-type-assignments');
    await expectErrorShape(await call('DELETE', 'staff', `${RESOURCE}/${unit['Halle 1']}`), 404);
  });

  it('an administrator assigns without being a member; the plant may stay open', async () => {
    const record = await json<AssignmentRecord>(await call('PUT', 'admin', `${RESOURCE}/${unit['Außenwände Halle 1']}`, { id: unit['Außenwände Halle 1'], productTypeID: type['Stürze'] }));
    expect(record).toMatchObject({ productType: 'Stürze', plantID: null });
    await call('DELETE', 'admin', `${RESOURCE}/${unit['Außenwände Halle 1']}`);
  });

  it('refuses another tenant’s product type or plant with 400 naming the field', async () => {
    let messages = await expectErrorShape(await call('PUT', 'staff', `${RESOURCE}/${unit['Halle 1']}`, { productTypeID: type.Elementen }), 400);
    expect(messages.map((m) => [m.reference, m.key])).toEqual([['productTypeID', 'PLANNING.Errors.ForeignProductType']]);
    messages = await expectErrorShape(await call('PUT', 'staff', `${RESOURCE}/${unit['Halle 1']}`, { productTypeID: type.Planelemente, plantID: plant['Fabriek Deventer'] }), 400);
    expect(messages.map((m) => m.reference)).toEqual(['plantID']);
    messages = await expectErrorShape(await call('PUT', 'staff', `${RESOURCE}/${unit['Halle 1']}`, { productTypeID: 'x', plant: 1 }), 400);
    expect(messages.map((m) => m.reference).sort()).toEqual(['plant', 'productTypeID']);
    await expectErrorShape(await call('PUT', 'staff', `${RESOURCE}/${unit['Halle 1']}`, { projectUnitID: 1, productTypeID: type.Planelemente }), 400);
    expect((await list('staff', `projectUnitID eq ${unit['Halle 1']}`)).rows).toEqual([]);
  });

  it('403 for customers and internal members without a planning role, 404 for non-members, 422 for folders', async () => {
    const body = { productTypeID: type.Planelemente };
    await expectErrorShape(await call('PUT', 'customer', `${RESOURCE}/${unit['Bauabschnitt 1']}`, body), 403);
    await expectErrorShape(await call('DELETE', 'customer', `${RESOURCE}/${unit['Bauabschnitt 1']}`), 403);
    await expectErrorShape(await call('PUT', 'drafter', `${RESOURCE}/${unit['Halle 1']}`, body), 403);
    await expectErrorShape(await call('PUT', 'customer', `${RESOURCE}/${unit['Halle 1']}`, body), 404);
    await expectErrorShape(await call('PUT', 'drafter', `${RESOURCE}/${unit['Toren Noord']}`, body), 404);
    await expectErrorShape(await call('PUT', 'staff', `${RESOURCE}/${unit['Pläne und Unterlagen']}`, body), 422);
  });
});

describe('/api/planning/{rootId}', () => {
  it('lists the project’s units in tree order with their preliminary days and the tenant’s choices', async () => {
    const data = await json<PlanningData>(await planning('staff', unit['Gewerbehof Nord']));
    expect(data.canEdit).toBe(true);
    expect(data.units.map((row) => [row.title, row.depth, row.projectUnitType])).toEqual([
      ['Gewerbehof Nord', 0, 'project'],
      ['Halle 1', 1, 'subproject'],
      ['Außenwände Halle 1', 2, 'approvallot'],
      ['Innenwände Halle 1', 2, 'approvallot'],
    ]);
    // No product type yet: the largest value of the tenant (Nordstein: 15).
    expect(data.units.map((row) => row.preliminaryDays)).toEqual([15, 15, 15, 15]);
    expect(data.productTypes.map((row) => row.title)).toEqual(['Deckenelemente', 'Planelemente', 'Stürze']);
    expect(data.plants).toEqual([
      { id: plant['Werk Bremen'], name: 'Werk Bremen' },
      { id: plant['Werk Hannover'], name: 'Werk Hannover' },
    ]);
    expect((await json<PlanningData>(await planning('drafter', unit['Gewerbehof Nord']))).canEdit).toBe(false);
    await expectErrorShape(await planning('customer', unit['Gewerbehof Nord']), 404);
    await expectErrorShape(await planning('staff', unit['Halle 1']), 404);
  });

  it('saves product type, plant and order number of several units in one call', async () => {
    const before = await json<PlanningData>(await planning('staff', unit['Gewerbehof Nord']));
    const rows = before.units.slice(1).map((row, index) => ({
      projectUnitID: row.projectUnitID,
      productTypeID: type.Planelemente,
      plantID: plant['Werk Bremen'],
      orderNumber: index === 1 ? ' GN-4711/A ' : '',
      version: row.version,
    }));
    const after = await json<PlanningData>(await call('PUT', 'staff', `/api/planning/${unit['Gewerbehof Nord']}`, { rows }));
    const lot = after.units.find((row) => row.title === 'Außenwände Halle 1')!;
    expect(lot).toMatchObject({ productTypeID: type.Planelemente, plantID: plant['Werk Bremen'], orderNumber: 'GN-4711/A', preliminaryDays: 10, version: rows[1].version + 1 });
    const [stored] = await t.db.select({ data: projectUnits.data }).from(projectUnits).where(eq(projectUnits.id, lot.projectUnitID));
    expect(stored.data).toBe('OrderNumber=GN-4711/A');
    expect((await list('staff', `rootProjectUnitID eq ${unit['Gewerbehof Nord']}`)).rows).toHaveLength(3);
    expect((await readyForContract('staff', unit['Gewerbehof Nord']))?.disabledReason).toBeNull();
    const found = await json<{ title: string; orderNumber: string; productType: string; plant: string }[]>(
      await call('GET', 'staff', `/api/data/planxchange/projectunitssearch?filter=${encodeURIComponent('{"q":"gn-4711"}')}`),
    );
    expect(found).toEqual([expect.objectContaining({ title: 'Außenwände Halle 1', orderNumber: 'GN-4711/A', productType: 'Planelemente', plant: 'Werk Bremen' })]);
  });

  it('keeps other keys of the data text when the order number changes', async () => {
    const data = await json<PlanningData>(await planning('staff', unit['Schule am Stadtpark']));
    const lot = data.units.find((row) => row.title === 'Bauabschnitt 1')!;
    expect(lot.orderNumber).toBe('AB-2026-1187/1');
    const row = { projectUnitID: lot.projectUnitID, productTypeID: lot.productTypeID, plantID: lot.plantID, orderNumber: 'AB-2026-1187/1b', version: lot.version };
    await json(await call('PUT', 'staff', `/api/planning/${unit['Schule am Stadtpark']}`, { rows: [row] }));
    const [stored] = await t.db.select({ data: projectUnits.data }).from(projectUnits).where(eq(projectUnits.id, lot.projectUnitID));
    expect(stored.data).toMatch(/^OrderNumber=AB-2026-1187\/1b;WallNos=S-EG-W01,/);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const data = await json<PlanningData>(await planning('staff', unit['Gewerbehof Nord']));
    const [root, hall] = data.units;
    const rows = [
      { projectUnitID: root.projectUnitID, productTypeID: type['Stürze'], plantID: null, orderNumber: 'NEW', version: root.version },
      { projectUnitID: hall.projectUnitID, productTypeID: null, plantID: null, orderNumber: '', version: hall.version - 1 },
    ];
    const messages = await expectErrorShape(await call('PUT', 'staff', `/api/planning/${unit['Gewerbehof Nord']}`, { rows }), 409);
    expect(messages[0].key).toBe('PLANNING.Errors.Changed');
    const again = await json<PlanningData>(await planning('staff', unit['Gewerbehof Nord']));
    expect(again.units).toEqual(data.units);
  });

  it('refuses units of another project, foreign references and bad order numbers with 400 at the row', async () => {
    const data = await json<PlanningData>(await planning('staff', unit['Gewerbehof Nord']));
    const row = { projectUnitID: data.units[1].projectUnitID, productTypeID: type.Planelemente, plantID: null, orderNumber: '', version: data.units[1].version };
    const put = (rows: unknown[]) => call('PUT', 'staff', `/api/planning/${unit['Gewerbehof Nord']}`, { rows });
    let messages = await expectErrorShape(await put([row, { ...row, projectUnitID: unit['Bauabschnitt 1'] }]), 400);
    expect(messages.map((m) => [m.reference, m.key])).toEqual([['rows.1.projectUnitID', 'PLANNING.Errors.UnknownUnit']]);
    messages = await expectErrorShape(await put([{ ...row, productTypeID: type.Lateien, plantID: plant['Usine Liège'] }]), 400);
    expect(messages.map((m) => m.reference)).toEqual(['rows.0.productTypeID', 'rows.0.plantID']);
    messages = await expectErrorShape(await put([{ ...row, orderNumber: 'A;B=C' }]), 400);
    expect(messages.map((m) => [m.reference, m.key])).toEqual([['rows.0.orderNumber', 'PLANNING.Errors.OrderNumberCharacters']]);
    await expectErrorShape(await put([{ ...row, orderNumber: 'x'.repeat(41) }]), 400);
    await expectErrorShape(await call('PUT', 'staff', `/api/planning/${unit['Gewerbehof Nord']}`, { rows: [], extra: 1 }), 400);
  });

  it('403 for users who do not plan the project, 404 for those who do not see it', async () => {
    await expectErrorShape(await call('PUT', 'customer', `/api/planning/${unit['Schule am Stadtpark']}`, { rows: [] }), 403);
    await expectErrorShape(await call('PUT', 'drafter', `/api/planning/${unit['Gewerbehof Nord']}`, { rows: [] }), 403);
    await expectErrorShape(await call('PUT', 'customer', `/api/planning/${unit['Gewerbehof Nord']}`, { rows: [] }), 404);
  });
});

describe('preliminary days of a unit', () => {
  it('follow a change of the admin table at once: the unit, the materials context and the delivery data', async () => {
    const lot = unit['Bauabschnitt 2'];
    const today = todayIso();
    const unitDays = async () => (await json<{ preliminaryDays: number }>(await call('GET', 'staff', `/api/data/planxchange/projects/${lot}`))).preliminaryDays;
    const minDates = async () => (await json<{ minDate: Record<string, string> }>(await call('GET', 'staff', `/api/materials/${lot}/context`))).minDate;
    const deliveryMinDate = async () => {
      const data = await json<{ subProjects: { approvalLots: { approvalLotID: number; minDate: Record<string, string> }[] }[] }>(await call('GET', 'staff', `/api/delivery-data/${unit['Schule am Stadtpark']}`));
      return data.subProjects.flatMap((sub) => sub.approvalLots).find((row) => row.approvalLotID === lot)!.minDate.planelemente;
    };
    // Planelemente × Werk Hannover: 12 days in the demo table.
    expect(await unitDays()).toBe(12);
    expect((await minDates()).planelemente).toBe(addDays(today, 12));

    const table = await json<PreliminaryDaysRecord[]>(await call('GET', 'admin', '/api/data/planxchange/productplantpreliminarydays'));
    const row = table.find((entry) => entry.plantName === 'Werk Hannover' && entry.productTypeTitle === 'Planelemente')!;
    await json(await call('PUT', 'admin', `/api/data/planxchange/productplantpreliminarydays/${row.id}`, { PreliminaryDays: 30 }));

    expect(await unitDays()).toBe(30);
    expect((await minDates()).planelemente).toBe(addDays(today, 30));
    expect(await deliveryMinDate()).toBe(addDays(today, 30));
    const data = await json<PlanningData>(await planning('staff', unit['Schule am Stadtpark']));
    expect(data.units.find((entry) => entry.projectUnitID === lot)!.preliminaryDays).toBe(30);
    // A unit of another plant is not affected.
    const bremen = table.find((entry) => entry.plantName === 'Werk Bremen' && entry.productTypeTitle === 'Planelemente')!;
    expect(bremen.preliminaryDays).toBe(10);
  });

  it('without a plant of its own the sales organisation’s default plant applies', async () => {
    await json(await call('PUT', 'staff', `${RESOURCE}/${unit['Innenwände Halle 1']}`, { productTypeID: type.Deckenelemente, plantID: null }));
    // Deckenelemente × Werk Bremen (NS-DE's default plant): 7 days.
    expect((await json<{ preliminaryDays: number }>(await call('GET', 'staff', `/api/data/planxchange/projects/${unit['Innenwände Halle 1']}`))).preliminaryDays).toBe(7);
  });
});

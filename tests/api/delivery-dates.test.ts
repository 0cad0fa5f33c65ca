import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanningData } from '../../src/domain/assignments.js';
import { ELEMENT_KIND_OF_MATERIAL } from '../../src/domain/deliveryDates.js';
import type { IfcStructure } from '../../src/domain/ifcStructure.js';
import type { ProjectUnit } from '../../src/domain/projectUnits.js';
import type { StructureRules } from '../../src/domain/structure.js';
import type { Task } from '../../src/domain/tasks.js';
import { materials, projectFiles, projectUnits } from '../../server/db/schema.js';
import { HOUSE_IFC_FILE_NAME } from '../../server/db/fixtures/ifc-demo-house.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

// Issue #39: the import proposes each lot's material from what its storey holds, with that type's earliest date; a
// product type assigned later that moves the earliest date marks the stored dates as too early (and the save refuses
// them until they move); the task list answers for a unit and the units below it.
let t: TestContext;
const cookies: Record<string, string> = {};
const unitId = async (title: string) => (await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title)))[0].id;
const unit = async (id: number, login = 'customer') => (await (await t.request('GET', `/api/data/planxchange/projects/${id}`, { cookie: cookies[login] })).json()) as ProjectUnit;
const lotContext = async (id: number) => (await (await t.request('GET', `/api/materials/${id}/context`, { cookie: cookies.customer })).json()) as { minDate: Record<string, string>; version: number };

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'staff', 'partner']) cookies[login] = await t.login(login);
});
afterAll(async () => t.close());

describe('the IFC import proposes each lot’s material from its content', () => {
  it('gives every storey with walls the wall-element type and that type’s earliest date for a new lot', async () => {
    const root = await unitId('Neubau Lindenweg');
    const [{ id: file }] = await t.db.select({ id: projectFiles.id }).from(projectFiles).where(and(eq(projectFiles.rootId, root), eq(projectFiles.name, HOUSE_IFC_FILE_NAME)));
    const response = await t.request('GET', `/api/file/${root}/${file}/ifcstructure`, { cookie: cookies.customer });
    expect(response.status).toBe(200);
    const structure = (await response.json()) as IfcStructure;
    const { rules } = (await (await t.request('GET', `/api/structure/${root}`, { cookie: cookies.customer })).json()) as { rules: StructureRules };
    const wallType = rules.materialTypes.find((type) => ELEMENT_KIND_OF_MATERIAL[type.key] === 'walls')!;
    // The first type offered is not the wall type: before #39 the import took it for every lot.
    expect(rules.materialTypes[0].key).not.toBe(wallType.key);
    const lots = structure.subProjects.flatMap((subProject) => [...subProject.lots, ...(subProject.storeys ?? [])]).filter((lot) => lot.wallNos.length);
    expect(lots.length).toBeGreaterThan(1);
    for (const lot of lots) expect([lot.name, lot.materialType, lot.deliveryDate]).toEqual([lot.name, wallType.key, wallType.minDate]);
  });

  it('is not read by a user who does not see the project (404)', async () => {
    const root = await unitId('Neubau Lindenweg');
    const [{ id: file }] = await t.db.select({ id: projectFiles.id }).from(projectFiles).where(eq(projectFiles.rootId, root));
    await expectErrorShape(await t.request('GET', `/api/file/${root}/${file}/ifcstructure`, { cookie: cookies.partner }), 404);
  });
});

describe('delivery dates a product type overtakes', () => {
  it('are reported on the unit, refused as they are, and accepted once moved to the new earliest date', async () => {
    const root = await unitId('Schule am Stadtpark');
    const lotId = await unitId('Bauabschnitt 2');
    const before = await lotContext(lotId);
    const wallKey = Object.keys(before.minDate).find((key) => ELEMENT_KIND_OF_MATERIAL[key] === 'walls')!;
    // The customer's date is the earliest one allowed today.
    await t.db.delete(materials).where(eq(materials.unitId, lotId));
    await t.db.insert(materials).values({ unitId: lotId, position: 0, type: wallKey, volume: 20, deliveryDate: before.minDate[wallKey] });
    expect((await unit(lotId)).tooEarlyDates).toEqual([]);

    // Staff assigns a product type with a longer preliminary time (Werk Hannover: Planelemente 12 days, Deckenelemente 15).
    const planning = (await (await t.request('GET', `/api/planning/${root}`, { cookie: cookies.staff })).json()) as PlanningData;
    const row = planning.units.find((candidate) => candidate.projectUnitID === lotId)!;
    const longer = planning.productTypes.find((type) => type.title === 'Deckenelemente')!;
    const assigned = await t.request('PUT', `/api/planning/${root}`, {
      cookie: cookies.staff,
      body: { rows: [{ projectUnitID: lotId, productTypeID: longer.id, plantID: row.plantID, orderNumber: row.orderNumber, version: row.version }] },
    });
    expect(assigned.status).toBe(200);

    const after = await lotContext(lotId);
    expect(after.minDate[wallKey] > before.minDate[wallKey]).toBe(true);
    const marked = await unit(lotId);
    expect(marked.tooEarlyDates).toEqual([{ index: 0, type: wallKey, deliveryDate: before.minDate[wallKey], earliestDate: after.minDate[wallKey] }]);
    // Lists report it too (the subproject's lots), for staff as for the customer.
    const filter = encodeURIComponent(JSON.stringify({ parentProjectUnitID: marked.parentProjectUnitID, projectUnitType: 'approvallot' }));
    const listed = (await (await t.request('GET', `/api/data/planxchange/projects?filter=${filter}`, { cookie: cookies.staff })).json()) as ProjectUnit[];
    expect(listed.find((candidate) => candidate.id === lotId)?.tooEarlyDates).toHaveLength(1);

    // Saved as it is, the list is refused (nothing written); moved to the new earliest date, it is taken.
    const stale = await t.request('POST', `/api/materials/${lotId}?version=${after.version}`, { cookie: cookies.customer, body: [{ type: wallKey, volume: 20, deliveryDate: before.minDate[wallKey] }] });
    expect((await expectErrorShape(stale, 400)).map((message) => message.key)).toEqual(['STRUCTURE.Errors.DateTooEarly']);
    const moved = await t.request('POST', `/api/materials/${lotId}?version=${after.version}`, { cookie: cookies.customer, body: [{ type: wallKey, volume: 20, deliveryDate: after.minDate[wallKey] }] });
    expect(moved.status).toBe(200);
    expect((await unit(lotId)).tooEarlyDates).toEqual([]);
  });
});

describe('the tasks of a unit and the units below it', () => {
  const tasks = async (login: string, filter: unknown) =>
    t.request('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,49]`, { cookie: cookies[login] });

  it('lists exactly the caller’s tasks in the unit’s subtree', async () => {
    const root = await unitId('Schule am Stadtpark');
    const subproject = await unitId('Stürze Klassentrakt');
    const all = (await (await tasks('customer', { rootProjectUnitID: root })).json()) as Task[];
    const below = (await (await tasks('customer', { underUnitID: subproject })).json()) as Task[];
    expect(below.length).toBeGreaterThan(0);
    expect(below.length).toBeLessThan(all.length);
    const ids = new Set((await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.parentId, subproject))).map((row) => row.id));
    for (const task of below) expect(ids.has(task.projectUnitID) || task.projectUnitID === subproject).toBe(true);
    expect(all.filter((task) => ids.has(task.projectUnitID)).map((task) => task.id).sort()).toEqual(below.map((task) => task.id).sort());
  });

  it('refuses a unit id that is none (400) and shows nothing of a project the caller does not see', async () => {
    await expectErrorShape(await tasks('customer', { underUnitID: 'x' }), 400);
    await expectErrorShape(await tasks('customer', { underUnitID: 0 }), 400);
    const root = await unitId('Neubau Lindenweg');
    const outside = await tasks('partner', { underUnitID: root });
    expect(outside.status).toBe(200);
    expect(await outside.json()).toEqual([]);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLots, deliveryNotifications, materials, projectUnitJournal, projectUnits, structureDrafts } from '../../server/db/schema.js';
import { addDays, type StructureDraft, type StructureRules } from '../../src/domain/structure.js';
import { createTestContext, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};

async function unitId(title: string, type?: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: projectUnits.id })
    .from(projectUnits)
    .where(and(eq(projectUnits.title, title), type ? eq(projectUnits.type, type) : undefined));
  return row.id;
}
const get = (login: string | null, path: string) => ctx.request('GET', path, { cookie: login ? cookies[login] : undefined });
const send = (method: string, login: string | null, path: string, body: unknown) => ctx.request(method, path, { cookie: login ? cookies[login] : undefined, body });
const messages = async (response: Response) => ((await response.json()) as { messages: { key: string; reference?: string; text: string }[] }).messages;

interface PageData {
  draft: StructureDraft;
  rules: StructureRules;
  canEdit: boolean;
  source: string;
  version: number | null;
  finishAction: { action: string } | null;
  withMaterials: boolean;
}

async function unitsOf(rootId: number) {
  return ctx.db.select().from(projectUnits).where(eq(projectUnits.rootId, rootId));
}

let maaskade: number;
let rules: StructureRules;
const far = () => addDays(rules.today, 60);

/** A valid draft for Maaskade: the existing Toren Noord (with its lot) plus two new subprojects. */
function validDraft(page: PageData): StructureDraft {
  const type = rules.materialTypes[0].key;
  return {
    subprojects: [
      ...page.draft.subprojects,
      {
        id: 'sp-zuid',
        name: 'Toren Zuid',
        children: [
          { id: 'al-1', parentID: 'sp-zuid', name: 'Begane grond', wallNos: ['Z-W01', 'Z-W02'], materials: [{ type, volume: 120, deliveryDate: far() }] },
          { id: 'al-2', parentID: 'sp-zuid', name: 'Verdieping 1', materials: [{ type, volume: 200, deliveryDate: addDays(far(), 7) }] },
        ],
      },
      { id: 'sp-park', name: 'Parkeergarage', children: [{ id: 'al-3', parentID: 'sp-park', name: 'Kelder', materials: [{ type, volume: 75.5, deliveryDate: far() }] }] },
    ],
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'partner', 'admin']) cookies[login] = await ctx.login(login);
  maaskade = await unitId('Appartementen Maaskade');
});
afterAll(async () => ctx?.close());

describe('GET /api/structure/{rootId}', () => {
  it('answers the existing structure as a draft with the rules and the finish action', async () => {
    const response = await get('customer', `/api/structure/${maaskade}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as PageData;
    rules = page.rules;
    expect(page.source).toBe('units');
    expect(page.canEdit).toBe(true);
    expect(page.withMaterials).toBe(true);
    expect(page.finishAction?.action).toBe('StructuringFinished');
    expect(page.draft.subprojects.map((s) => s.name)).toEqual(['Toren Noord']);
    expect(page.draft.subprojects[0].children[0]).toMatchObject({ name: 'Verdieping 1-4', materials: [{ type: 'elementen', volume: 80 }] });
    expect(page.rules.materialTypes.map((type) => type.key)).toEqual(['elementen', 'lateien']);
    for (const type of page.rules.materialTypes) expect(type.minDate > page.rules.today).toBe(true);
  });

  it('is 404 for a child unit, for a user who is not a member, and 401 without a session', async () => {
    expect((await get('customer', `/api/structure/${await unitId('Toren Noord')}`)).status).toBe(404);
    expect((await get('partner', `/api/structure/${maaskade}`)).status).toBe(404);
    expect((await get(null, `/api/structure/${maaskade}`)).status).toBe(401);
  });
});

describe('the server-side draft', () => {
  it('saves, answers and refuses a stale version, then discards', async () => {
    const page = (await (await get('customer', `/api/structure/${maaskade}`)).json()) as PageData;
    const draft = validDraft(page);
    let response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft, version: null });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { version: number };
    const again = (await (await get('customer', `/api/structure/${maaskade}`)).json()) as PageData;
    expect(again.source).toBe('server');
    expect(again.draft.subprojects.map((s) => s.name)).toEqual(['Toren Noord', 'Toren Zuid', 'Parkeergarage']);
    response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft, version: saved.version + 5 });
    expect(response.status).toBe(409);
    expect((await messages(response))[0].key).toBe('STRUCTURE.Errors.DraftChanged');
    response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft: { subprojects: [{ id: 'x', name: 3, children: [] }] }, version: saved.version });
    expect(response.status).toBe(400);
    expect((await messages(response))[0].reference).toBe('subprojects.0.name');
    // The version is required; a first save where a draft exists already (a parallel first save won) is 409.
    response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft });
    expect((await messages(response))[0]).toMatchObject({ key: 'VALIDATION.IsRequired', reference: 'version' });
    response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft, version: null });
    expect(response.status).toBe(409);
    response = await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft, version: saved.version });
    expect(((await response.json()) as { version: number }).version).toBe(saved.version + 1);
    expect((await ctx.request('DELETE', `/api/structure/${maaskade}/draft`, { cookie: cookies.customer })).status).toBe(204);
    expect(await ctx.db.select().from(structureDrafts).where(eq(structureDrafts.rootId, maaskade))).toHaveLength(0);
  });

  it('refuses a user who may not build the structure (project past Structuring)', async () => {
    const school = await unitId('Schule am Stadtpark');
    const response = await send('PUT', 'customer', `/api/structure/${school}/draft`, { draft: { subprojects: [] }, version: null });
    expect(response.status).toBe(403);
    expect((await messages(response))[0].key).toBe('PROJECTS.Rules.CreateOnlyInStructuring');
  });
});

describe('POST /api/tasks/create-project-structure/{rootId}', () => {
  const create = (login: string, body: unknown) => send('POST', login, `/api/tasks/create-project-structure/${maaskade}`, body);

  async function expectNothingCreated(response: Response, status: number, key: string, reference?: string) {
    const before = (await unitsOf(maaskade)).length;
    expect(response.status).toBe(status);
    const list = await messages(response);
    const hit = list.find((message) => message.key === key);
    expect(hit, JSON.stringify(list)).toBeDefined();
    if (reference) expect(hit?.reference).toBe(reference);
    expect(hit?.text).toBeTruthy();
    expect((await unitsOf(maaskade)).length).toBe(before);
    const [root] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.id, maaskade));
    expect(root.stateKey).toBe('Structuring');
  }

  it('refuses invalid structures with 400 and field messages, creating nothing', async () => {
    const page = (await (await get('customer', `/api/structure/${maaskade}`)).json()) as PageData;
    const base = () => validDraft(page);
    let draft = base();
    draft.subprojects[1].children[1].materials[0].volume = 240; // 120 + 240 > 350
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.LimitReached', 'subprojects.1');
    draft = base();
    draft.subprojects[2].name = 'toren zuid ';
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.DuplicateSubproject', 'subprojects.2.name');
    draft = base();
    draft.subprojects[1].children[1].name = 'Begane Grond';
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.DuplicateApprovalLot', 'subprojects.1.children.1.name');
    draft = base();
    draft.subprojects[1].children[0].materials[0].deliveryDate = addDays(rules.today, -1);
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.DateTooEarly', 'subprojects.1.children.0.materials.0.deliveryDate');
    draft = base();
    draft.subprojects[1].children[0].materials[0].deliveryDate = rules.today;
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.DateTooEarly');
    draft = base();
    draft.subprojects[2].children[0].materials[0].volume = 0;
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.VolumePositive', 'subprojects.2.children.0.materials.0.volume');
    draft = base();
    draft.subprojects[2].children[0].materials[0].type = 'Beton';
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.UnknownMaterialType', 'subprojects.2.children.0.materials.0.type');
    draft = base();
    draft.subprojects[2].children = [{ id: 'ph', name: '', materials: [] }];
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.PlaceholderOnly', 'subprojects.2.children');
    // Wrong types: the schema's shape.
    await expectNothingCreated(await create('customer', { subprojects: [{ id: 'a', name: 'A', children: [{ id: 'b', name: 'B', materials: [{ type: 'elementen', volume: '12', deliveryDate: far() }] }] }] }), 400, 'VALIDATION.InvalidValue', 'subprojects.0.children.0.materials.0.volume');
    await expectNothingCreated(await create('customer', { subprojects: 'none' }), 400, 'VALIDATION.InvalidValue', 'subprojects');
    // A unit of another project named in the draft.
    draft = base();
    draft.subprojects[1].projectUnitID = await unitId('Neubau Klassentrakt');
    await expectNothingCreated(await create('customer', draft), 400, 'STRUCTURE.Errors.UnknownUnit');
  });

  it('refuses a member without the task (403) and a project in another state (409)', async () => {
    const page = (await (await get('customer', `/api/structure/${maaskade}`)).json()) as PageData;
    const response = await send('POST', 'admin', `/api/tasks/create-project-structure/${maaskade}`, validDraft(page));
    expect(response.status).toBe(403);
    const gewerbehof = await unitId('Gewerbehof Nord');
    const other = await send('POST', 'staff', `/api/tasks/create-project-structure/${gewerbehof}`, { subprojects: [] });
    expect(other.status).toBe(409);
    expect((await messages(other))[0].key).toBe('STRUCTURE.Errors.NotInStructuring');
  });

  it('creates the units and materials in one transaction and moves the project on', async () => {
    const page = (await (await get('customer', `/api/structure/${maaskade}`)).json()) as PageData;
    await send('PUT', 'customer', `/api/structure/${maaskade}/draft`, { draft: validDraft(page), version: page.version });
    const response = await create('customer', validDraft(page));
    expect(response.status).toBe(200);
    const result = (await response.json()) as { stateKey: string; created: number[] };
    expect(result.stateKey).toBe('PendingValidation');
    expect(result.created).toHaveLength(5);
    const units = await unitsOf(maaskade);
    const zuid = units.find((unit) => unit.title === 'Toren Zuid')!;
    expect(zuid).toMatchObject({ type: 'subproject', parentId: maaskade, variant: 'other' });
    const lots = units.filter((unit) => unit.parentId === zuid.id);
    expect(lots.map((lot) => [lot.title, lot.type, lot.stateKey])).toEqual([
      ['Begane grond', 'approvallot', 'Structuring'],
      ['Verdieping 1', 'approvallot', 'Structuring'],
    ]);
    expect(lots[0].number).toBe(`${zuid.number}-01`);
    expect(lots[0].data).toBe('WallNos=Z-W01,Z-W02');
    const rows = await ctx.db.select().from(materials).where(inArray(materials.unitId, lots.map((lot) => lot.id)));
    expect(rows.map((row) => Number(row.volume)).sort()).toEqual([120, 200]);
    const planned = await ctx.db.select().from(deliveryLots).where(eq(deliveryLots.rootId, maaskade));
    expect(planned.find((lot) => lot.subprojectId === zuid.id && lot.deliveryDate === far())).toMatchObject({ groups: 'Begane grond', wallNos: 'Z-W01,Z-W02', deliveryType: 2 });
    expect(await ctx.db.select().from(deliveryNotifications).where(inArray(deliveryNotifications.unitId, lots.map((lot) => lot.id)))).toHaveLength(2);
    const journal = await ctx.db.select().from(projectUnitJournal).where(eq(projectUnitJournal.unitId, maaskade));
    expect(journal.at(-1)).toMatchObject({ oldState: 'Structuring', newState: 'PendingValidation', action: 'StructuringFinished' });
    expect(await ctx.db.select().from(structureDrafts).where(eq(structureDrafts.rootId, maaskade))).toHaveLength(0);
    // Done once: the project has left Structuring.
    const again = await create('customer', validDraft(page));
    expect(again.status).toBe(403);
  });
});

describe('materials of an approval lot', () => {
  let lot: number;
  let sibling: number;
  /** The lot's version as the materials dialog reads it. */
  const lotVersion = async (unit: number) => ((await (await get('customer', `/api/materials/${unit}/context`)).json()) as { version: number }).version;
  const post = async (unit: number, list: unknown, login: string | null = 'customer') => send('POST', login, `/api/materials/${unit}?version=${await lotVersion(unit)}`, list);
  beforeAll(async () => {
    lot = await unitId('Bauabschnitt 2');
    sibling = await unitId('Bauabschnitt 1');
  });

  it('answers the rows and the context (available = 350 minus the other lots)', async () => {
    const list = (await (await get('customer', `/api/materials/${lot}`)).json()) as { volume: number }[];
    expect(list.map((row) => row.volume)).toEqual([58.75, 36]);
    const context = (await (await get('customer', `/api/materials/${lot}/context`)).json()) as { available: number; canEdit: boolean; minDate: Record<string, string> };
    expect(context.available).toBe(350 - 45.7);
    expect(context.canEdit).toBe(true);
    expect(Object.keys(context.minDate)).toContain('planelemente');
  });

  it('refuses a volume over the available one with the Max message, a past date, and a non-lot', async () => {
    const context = (await (await get('customer', `/api/materials/${lot}/context`)).json()) as { minDate: Record<string, string> };
    const date = addDays(context.minDate.planelemente, 2);
    let response = await post(lot, [{ type: 'planelemente', volume: 310, deliveryDate: date }]);
    expect(response.status).toBe(400);
    const [message] = await messages(response);
    expect(message).toMatchObject({ key: 'STRUCTURE.Errors.VolumeMax', reference: '0.volume' });
    expect(message.text).toContain('304.3');
    response = await post(lot, [{ type: 'planelemente', volume: 10, deliveryDate: '2020-01-01' }]);
    expect((await messages(response))[0]).toMatchObject({ key: 'STRUCTURE.Errors.DateTooEarly', reference: '0.deliveryDate' });
    response = await post(lot, [{ type: 'planelemente', volume: 'x', deliveryDate: date }]);
    expect(response.status).toBe(400);
    response = await send('POST', 'customer', `/api/materials/${await unitId('Neubau Klassentrakt')}`, []);
    expect(response.status).toBe(422);
    // A closed project's lots are read-only; another tenant's lot does not exist for the user.
    response = await send('POST', 'customer', `/api/materials/${await unitId('Dachgeschoss')}`, []);
    expect(response.status).toBe(403);
    expect((await messages(response))[0].key).toBe('PROJECTS.Rules.ProjectClosed');
    expect((await send('POST', 'partner', `/api/materials/${await unitId('Verdieping 1-4')}`, [])).status).toBe(404);
    expect((await send('POST', null, `/api/materials/${lot}`, [])).status).toBe(401);
  });

  it('saves a valid list, notifies staff and re-plans the deliveries', async () => {
    const context = (await (await get('customer', `/api/materials/${lot}/context`)).json()) as { minDate: Record<string, string> };
    const date = addDays(context.minDate.planelemente, 3);
    const before = (await ctx.db.select().from(deliveryNotifications).where(eq(deliveryNotifications.unitId, lot))).length;
    const version = await lotVersion(lot);
    const missing = await send('POST', 'customer', `/api/materials/${lot}`, [{ type: 'planelemente', volume: 100, deliveryDate: date }]);
    expect((await messages(missing))[0]).toMatchObject({ key: 'VALIDATION.IsRequired', reference: 'version' });
    const response = await send('POST', 'customer', `/api/materials/${lot}?version=${version}`, [{ type: 'planelemente', volume: 100, deliveryDate: date }]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ type: 'planelemente', volume: 100, deliveryDate: date }]);
    expect(await lotVersion(lot)).toBe(version + 1);
    // A second dialog still holding the old version: 409, the saved list stays.
    const stale = await send('POST', 'customer', `/api/materials/${lot}?version=${version}`, []);
    expect(stale.status).toBe(409);
    expect(((await (await get('customer', `/api/materials/${lot}`)).json()) as unknown[]).length).toBe(1);
    expect((await ctx.db.select().from(deliveryNotifications).where(eq(deliveryNotifications.unitId, lot))).length).toBe(before + 1);
    const lots = await ctx.db.select().from(deliveryLots).where(eq(deliveryLots.rootId, await unitId('Schule am Stadtpark')));
    expect(lots.some((row) => row.deliveryDate === date && row.groups === 'Bauabschnitt 2')).toBe(true);
    expect((await get('customer', `/api/materials/${sibling}`)).status).toBe(200);
  });
});

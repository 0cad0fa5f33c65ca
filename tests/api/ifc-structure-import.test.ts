import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcStructure } from '../../src/domain/ifcStructure.js';
import { parseUnitData } from '../../src/domain/projectUnits.js';
import { draftFromIfc, type StructureDraft, type StructureRules } from '../../src/domain/structure.js';
import type { ViewerModel } from '../../src/domain/viewerModel.js';
import { aacProducts, projectFiles, projectMembers, projectUnits, users } from '../../server/db/schema.js';
import { DEMO_IFC_FILE_NAME } from '../../server/db/fixtures/ifc-demo.js';
import { settleViewerExtractions } from '../../server/services/ifc-viewer.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

// Issue #29: the IFC import proposes the whole structure (volumes from the walls, earliest dates, AAC order lots per
// storey), and the structure's creation makes AAC subprojects with order lots linked to their walls.
let t: TestContext;
const cookies: Record<string, string> = {};
let weserblick: number;
let ifcFile: number;

interface PageData {
  draft: StructureDraft;
  rules: StructureRules;
  version: number | null;
}

const page = async (login = 'customer') => (await t.request('GET', `/api/structure/${weserblick}`, { cookie: cookies[login] })).json() as Promise<PageData>;
const structure = async () => {
  const response = await t.request('GET', `/api/file/${weserblick}/${ifcFile}/ifcstructure`, { cookie: cookies.customer });
  expect(response.status).toBe(200);
  return (await response.json()) as IfcStructure;
};
const create = (login: string, draft: unknown) => t.request('POST', `/api/tasks/create-project-structure/${weserblick}`, { cookie: cookies[login], body: draft });
const keys = async (response: Response) => ((await response.json()) as { messages: { key: string; reference?: string }[] }).messages.map((message) => `${message.reference}:${message.key}`);

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'partner', 'staff']) cookies[login] = await t.login(login);
  [{ id: weserblick }] = await t.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, 'Wohnpark Weserblick'));
  [{ id: ifcFile }] = await t.db.select({ id: projectFiles.id }).from(projectFiles).where(and(eq(projectFiles.rootId, weserblick), eq(projectFiles.name, DEMO_IFC_FILE_NAME)));
});
afterAll(async () => t.close());

/** The viewer's walls of the demo model: net volume by wall name. */
async function viewerVolumes(): Promise<Map<string, number>> {
  let answer: { status: string; model?: ViewerModel } = { status: 'pending' };
  for (let tries = 0; answer.status === 'pending' && tries < 100; tries++) {
    await settleViewerExtractions(t.db);
    answer = await (await t.request('GET', `/api/view/${weserblick}/${weserblick}.json`, { cookie: cookies.customer })).json();
  }
  expect(answer.status).toBe('ready');
  return new Map(answer.model!.children.flatMap((floor) => floor.children.map((wall) => [wall.name, wall.dimensions!.netVolume!] as const)));
}

describe('the IFC structure with the walls’ volumes', () => {
  it('gives every lot and every storey its walls’ net volume from the model, and the storeys their walls', async () => {
    const answer = await structure();
    const volumes = await viewerVolumes();
    const sum = (names: string[]) => Math.round(names.reduce((total, name) => total + volumes.get(name)!, 0) * 1000) / 1000;
    const [hausA, hausC] = answer.subProjects;
    expect(hausA.storeys?.map((storey) => [storey.name, storey.wallNos.length])).toEqual([
      ['Erdgeschoss', 6],
      ['Obergeschoss', 6],
    ]);
    for (const lot of [...hausA.lots, ...hausC.lots, ...hausA.storeys!]) {
      expect(lot.volume).toBeGreaterThan(0);
      expect(lot.volume).toBe(sum(lot.wallNos));
    }
  });

  it('tells the page that the tenant sells AAC elements and the earliest date of a new order lot', async () => {
    const { rules } = await page();
    expect(rules.sellsAac).toBe(true);
    expect(rules.orderLotMinDate! >= rules.today).toBe(true);
  });
});

describe('creating the imported structure', () => {
  /** What the customer gets from the import with everything ticked, as the app builds it. */
  async function imported() {
    const { draft, rules } = await page();
    const proposal = draftFromIfc(await structure(), { type: rules.materialTypes[0].key, rules, aacName: (building) => `${building} – AAC` });
    const fresh = proposal.subprojects.filter((subproject) => subproject.name !== 'Haus A');
    return { draft: { subprojects: [...draft.subprojects, ...fresh] }, rules };
  }

  it('refuses order lots with material rows and AAC lots of a tenant that sells none (400, nothing created)', async () => {
    const before = (await t.db.select().from(projectUnits).where(eq(projectUnits.rootId, weserblick))).length;
    const { draft } = await imported();
    const aacIndex = draft.subprojects.findIndex((subproject) => subproject.variant === 'aac_elements');
    const withRows = structuredClone(draft);
    withRows.subprojects[aacIndex].children[0].materials = [{ type: 'Planelemente', volume: 1, deliveryDate: '2099-01-01' }];
    const refused = await create('customer', withRows);
    expect(refused.status).toBe(400);
    expect(await keys(refused)).toContain(`subprojects.${aacIndex}.children.0.materials:STRUCTURE.Errors.NoMaterialsForOrderLots`);

    const badVariant = await create('customer', { subprojects: [{ ...draft.subprojects[aacIndex], variant: 'lintel' }] });
    expect(badVariant.status).toBe(400);

    const tenantId = (await t.db.select().from(projectUnits).where(eq(projectUnits.id, weserblick)))[0].tenantId;
    await t.db.update(aacProducts).set({ active: false }).where(eq(aacProducts.tenantId, tenantId));
    const noAac = await create('customer', draft);
    await t.db.update(aacProducts).set({ active: true }).where(eq(aacProducts.tenantId, tenantId));
    expect(noAac.status).toBe(400);
    expect(await keys(noAac)).toContain(`subprojects.${aacIndex}.name:STRUCTURE.Errors.NoAacElements`);
    expect((await t.db.select().from(projectUnits).where(eq(projectUnits.rootId, weserblick))).length).toBe(before);
  });

  it('refuses a user who is not a member (404) and a request without a session (401)', async () => {
    const { draft } = await imported();
    const partnerId = (await t.db.select().from(users).where(eq(users.login, 'partner')))[0].id;
    const [membership] = await t.db.delete(projectMembers).where(and(eq(projectMembers.rootId, weserblick), eq(projectMembers.userId, partnerId))).returning();
    await expectErrorShape(await create('partner', draft), 404);
    await t.db.insert(projectMembers).values(membership);
    await expectErrorShape(await t.request('POST', `/api/tasks/create-project-structure/${weserblick}`, { body: draft }), 401);
  });

  it('creates valid imported lots as they come and AAC order lots per storey linked to their walls, dated the earliest allowed day', async () => {
    const { draft, rules } = await imported();
    const response = await create('customer', draft);
    expect(response.status).toBe(200);
    const units = await t.db.select().from(projectUnits).where(eq(projectUnits.rootId, weserblick));
    const aac = units.find((unit) => unit.title === 'Haus C – AAC')!;
    expect(aac).toMatchObject({ type: 'subproject', variant: 'aac_elements', parentId: weserblick });
    const lots = units.filter((unit) => unit.parentId === aac.id).sort((a, b) => a.number.localeCompare(b.number));
    expect(lots.map((lot) => [lot.type, lot.title, lot.deliveryDate, parseUnitData(lot.data).WallNos])).toEqual([
      ['aacorderlot', 'Erdgeschoss', rules.orderLotMinDate, 'C-EG-W01,C-EG-W02,C-EG-W03,C-EG-W04'],
      ['aacorderlot', 'Obergeschoss', rules.orderLotMinDate, 'C-OG-W01,C-OG-W02,C-OG-W03,C-OG-W04'],
    ]);
    expect(units.find((unit) => unit.title === 'Haus C' && unit.type === 'subproject')?.variant).toBe('other');
    const [root] = units.filter((unit) => unit.id === weserblick);
    expect(root.stateKey).toBe('PendingValidation');
  });
});

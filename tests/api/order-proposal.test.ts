import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AacProposalRow, LintelProposalRow, OrderProposalAnswer } from '../../src/domain/orderProposal.js';
import type { LintelProduct } from '../../src/domain/catalogue.js';
import type { ProjectFile } from '../../src/domain/projectFiles.js';
import { wallsOf, type ViewerReady } from '../../src/domain/viewerModel.js';
import { ifcModels, projectFiles, projectMembers, projectUnits, users } from '../../server/db/schema.js';
import { schoolIfcModel } from '../../server/db/fixtures/ifc-demo-school.js';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large.js';
import { settleViewerExtractions, VIEWER_EXTRACTION_VERSION } from '../../server/services/ifc-viewer.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let t: TestContext;
const cookies: Record<string, string> = {};
const id: Record<string, number> = {};
let lintelCatalogue: LintelProduct[];

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['customer', 'staff', 'partner']) cookies[login] = await t.login(login);
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
  lintelCatalogue = ((await (await t.request('GET', `/api/orders/${id['Stürze Bauabschnitt 2']}`, { cookie: cookies.customer })).json()) as { products: LintelProduct[] }).products;
});
afterAll(async () => {
  await settleViewerExtractions(t.db);
  await t.close();
});

const S = () => id['Schule am Stadtpark'];
const proposalPath = (lot: number, storey?: number | string) => `/api/orders/${lot}/proposal${storey === undefined ? '' : `?storey=${storey}`}`;

/** Asks until the extraction is done: every answer meanwhile is 202 pending with the file. */
async function settled(path: string, cookie = cookies.customer): Promise<Response> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    const response = await t.request('GET', path, { cookie });
    if (response.status !== 202) return response;
    expect(await response.json()).toMatchObject({ status: 'pending', file: { id: expect.any(Number) } });
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} still pending`);
}

async function proposal(lot: number, storey?: number): Promise<OrderProposalAnswer> {
  const response = await settled(proposalPath(lot, storey));
  expect(response.status).toBe(200);
  return (await response.json()) as OrderProposalAnswer;
}

/**
 * Stores a model on an order lot. AAC and lintel units take no uploads (their page has no files card, issue 20), so
 * the lot counts as an 'other' unit for the upload: the file is then there as one stored before that rule.
 */
async function upload(unit: number, name: string, text: string): Promise<ProjectFile> {
  const [row] = await t.db.select({ variant: projectUnits.variant }).from(projectUnits).where(eq(projectUnits.id, unit));
  await t.db.update(projectUnits).set({ variant: 'other' }).where(eq(projectUnits.id, unit));
  try {
    const form = new FormData();
    form.append('file', new Blob([text]), name);
    const response = await t.app.request(`http://localhost/api/file/${S()}/${unit}`, { method: 'POST', headers: { cookie: cookies.customer }, body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as ProjectFile[])[0];
  } finally {
    await t.db.update(projectUnits).set({ variant: row.variant }).where(eq(projectUnits.id, unit));
  }
}

const setWalls = (lot: string, walls: string[]) => t.db.update(projectUnits).set({ data: walls.length ? `WallNos=${walls.join(',')}` : '' }).where(eq(projectUnits.id, id[lot]));

/** AAC rows as [room, storey, productNo, length in mm, qty]. */
const aacTable = (rows: OrderProposalAnswer['rows']) => (rows as AacProposalRow[]).map((row) => [row.sublotName, row.floorName, row.productNo, Math.round(row.itemLength * 1000), row.qty]);
/** Lintel rows as [room, storey, thickness, length, height, article, qty]. */
const lintelTable = (rows: OrderProposalAnswer['rows']) =>
  (rows as LintelProposalRow[]).map((row) => [row.sublotName, row.floorName, row.thickness, row.length, row.height, lintelCatalogue.find((p) => p.id === row.productID)?.itemNo, row.qty]);
const unmatchedTable = (answer: OrderProposalAnswer) => answer.unmatched.map((item) => [item.wall, item.opening ?? '', item.reason, item.text]);

// Hand-computed from the Schule am Stadtpark model (server/db/fixtures/ifc-demo-school.ts) and the Nordstein catalogue:
// PE 300 / 240 / 175 mm, 625 mm wide, 1000–6000 mm; walls 3000 mm high → 3000 mm elements. 24 m → ceil(38.4) = 39,
// 12 m → ceil(19.2) = 20, 8 m → ceil(12.8) = 13. The windows (1760 × 1510 at 900 mm) leave 590 mm above and 900 mm
// below: shorter than an element may be, so the elements stay storey-high and are cut.
const SCHOOL_OG_AAC = [
  ['S-OG-W01', 'OG', 0, 3000, 39],
  ['S-OG-W02', 'OG', 0, 3000, 20],
  ['S-OG-W03', 'OG', 0, 3000, 39],
  ['S-OG-W04', 'OG', 0, 3000, 20],
  ['S-OG-W05', 'OG', 1, 3000, 13],
  ['S-OG-W06', 'OG', 1, 3000, 13],
];
// Windows 1760 mm + 2 × 200 mm bearing = 2160 → 2250 mm, the lowest height (124 mm, FS); the partitions have none.
const SCHOOL_OG_LINTELS = [
  ['S-OG-W01', 'OG', 300, 2250, 124, 'NS-FS-300-124-2250', 6],
  ['S-OG-W02', 'OG', 300, 2250, 124, 'NS-FS-300-124-2250', 1],
  ['S-OG-W03', 'OG', 300, 2250, 124, 'NS-FS-300-124-2250', 4],
  ['S-OG-W04', 'OG', 300, 2250, 124, 'NS-FS-300-124-2250', 1],
];

describe('GET /api/orders/{lot}/proposal on the Schule am Stadtpark model', () => {
  it('proposes the AAC rows of the lot\'s walls (the root\'s model, quantity sets)', async () => {
    const answer = await proposal(id['Wandelemente Bauabschnitt 2']);
    expect(answer).toMatchObject({ status: 'ready', kind: 'aac', source: 'lot', storeyId: null, walls: 6, file: { name: 'Schule-am-Stadtpark.ifc' } });
    expect(aacTable(answer.rows)).toEqual(SCHOOL_OG_AAC);
    expect(answer.unmatched).toEqual([]);
    expect(answer.storeys.map((storey) => [storey.name, storey.walls])).toEqual([
      ['EG', 8],
      ['OG', 8],
    ]);
  });

  it('lists the ground floor\'s 365 mm walls as unmatched: no AAC article of that thickness (translated)', async () => {
    const answer = await proposal(id['Wandelemente Bauabschnitt 1']);
    expect(aacTable(answer.rows)).toEqual([
      ['S-EG-W05', 'EG', 1, 3000, 13],
      ['S-EG-W06', 'EG', 1, 3000, 13],
    ]);
    const reason = 'No article of 365 mm thickness in the catalogue.';
    expect(unmatchedTable(answer)).toEqual(['S-EG-W01', 'S-EG-W02', 'S-EG-W03', 'S-EG-W04'].map((wall) => [wall, '', 'ORDERS.Proposal.Reason.NoAacThickness', reason]));
    // In the user's language.
    await t.db.update(users).set({ language: 'de' }).where(eq(users.login, 'customer'));
    const german = await proposal(id['Wandelemente Bauabschnitt 1']);
    expect(german.unmatched[0].text).toBe('Kein Artikel mit 365 mm Dicke im Katalog.');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.login, 'customer'));
  });

  it('proposes the lintels of the doors and windows in the lot\'s walls', async () => {
    const upstairs = await proposal(id['Stürze Bauabschnitt 2']);
    expect(upstairs.kind).toBe('lintel');
    expect(lintelTable(upstairs.rows)).toEqual(SCHOOL_OG_LINTELS);
    expect((upstairs.rows as LintelProposalRow[])[0]).toMatchObject({ hasCut: false, lintelType: 'FS', openings: Array(6).fill('Fenster 176/151') });
    // Downstairs the walls are 365 mm (the lintel catalogue has them); the entrance door 1800 → 2200 → 2250 mm.
    const downstairs = await proposal(id['Stürze Bauabschnitt 1']);
    expect(lintelTable(downstairs.rows)).toEqual([
      ['S-EG-W01', 'EG', 365, 2250, 124, 'NS-FS-365-124-2250', 6],
      ['S-EG-W02', 'EG', 365, 2250, 124, 'NS-FS-365-124-2250', 1],
      ['S-EG-W03', 'EG', 365, 2250, 124, 'NS-FS-365-124-2250', 4],
      ['S-EG-W04', 'EG', 365, 2250, 124, 'NS-FS-365-124-2250', 1],
    ]);
    expect((downstairs.rows as LintelProposalRow[])[1].openings).toEqual(['Tür 180/213']);
  });

  it('puts every wall\'s dimensions and openings into the viewer\'s model', async () => {
    const ready = (await (await settled(`/api/view/${S()}/${S()}.json`)).json()) as ViewerReady;
    const w02 = wallsOf(ready.model).find((wall) => wall.name === 'S-EG-W02')!;
    expect(w02.dimensions).toEqual({
      length: 12000,
      height: 3000,
      thickness: 365,
      netVolume: 11.737,
      source: 'qto',
      openings: [{ id: expect.any(Number), globalId: expect.any(String), name: 'Tür 180/213', kind: 'door', width: 1800, height: 2135, sill: 0, source: 'qto' }],
    });
  });
});

describe('choosing the walls', () => {
  it('answers 422 with the model\'s storeys for a lot without linked walls, and proposes from a chosen storey', async () => {
    await setWalls('Wandelemente Bauabschnitt 1', []);
    const response = await settled(proposalPath(id['Wandelemente Bauabschnitt 1']));
    const [message] = await expectErrorShape(response.clone(), 422);
    expect(message).toMatchObject({ key: 'ORDERS.Proposal.NoWalls', code: 'NoWalls' });
    expect(message.text).toContain('No walls of the model are linked to this lot');
    const { storeys } = (await response.json()) as { storeys: OrderProposalAnswer['storeys'] };
    const eg = storeys.find((storey) => storey.name === 'EG')!;
    // All eight walls of the ground floor: the corridor wall (24 m, 240 mm, three doors whose 865 mm above are
    // too short for an element) and the stair-hall wall (4 m: ceil(6.4) = 7) as well.
    const answer = await proposal(id['Wandelemente Bauabschnitt 1'], eg.id);
    expect(answer).toMatchObject({ source: 'storey', storeyId: eg.id, walls: 8 });
    expect(aacTable(answer.rows)).toEqual([
      ['S-EG-W05', 'EG', 1, 3000, 13],
      ['S-EG-W06', 'EG', 1, 3000, 13],
      ['S-EG-W07', 'EG', 1, 3000, 39],
      ['S-EG-W08', 'EG', 1, 3000, 7],
    ]);
    expect(answer.unmatched).toHaveLength(4);
  });

  it('reports linked walls the model does not hold; refuses an unknown or malformed storey', async () => {
    await setWalls('Wandelemente Bauabschnitt 1', ['S-EG-W05', 's-eg-w06', 'S-KG-W01']);
    const answer = await proposal(id['Wandelemente Bauabschnitt 1']);
    expect(aacTable(answer.rows).map((row) => row[0])).toEqual(['S-EG-W05', 'S-EG-W06']);
    expect(unmatchedTable(answer)).toEqual([['S-KG-W01', '', 'ORDERS.Proposal.Reason.NotInModel', 'The model has no wall of this name.']]);
    const [unknown] = await expectErrorShape(await t.request('GET', proposalPath(id['Wandelemente Bauabschnitt 1'], 999_999), { cookie: cookies.customer }), 422);
    expect(unknown.key).toBe('ORDERS.Proposal.UnknownStorey');
    for (const bad of ['EG', '', '-1', '1e5', '12345678901']) await expectErrorShape(await t.request('GET', proposalPath(id['Wandelemente Bauabschnitt 1'], bad), { cookie: cookies.customer }), 400);
    await expectErrorShape(await t.request('GET', '/api/orders/x1/proposal', { cookie: cookies.customer }), 404);
  });
});

describe('other models: the generated one and one without quantity sets', () => {
  it('proposes from a generated model uploaded to the lot (its own file wins over the root\'s)', async () => {
    // 2 storeys × 4 walls, 4 m long, 2.75 m high (→ 2760 mm), 300, 240, 175 and 365 mm thick, each with two
    // windows 1010 mm wide: 4000 / 625 → 7 elements; lintels 1010 + 400 → 1500 mm.
    await upload(id['Wandelemente Bauabschnitt 1'], 'Generiert.ifc', generateLargeIfc({ storeys: 2, wallsPerStorey: 4, quantities: true }));
    const names = ['B1-S01-W1', 'B1-S01-W2', 'B1-S01-W3', 'B1-S01-W4', 'B1-S02-W1'];
    await setWalls('Wandelemente Bauabschnitt 1', names);
    const answer = await proposal(id['Wandelemente Bauabschnitt 1']);
    expect(answer.file.name).toBe('Generiert.ifc');
    expect(aacTable(answer.rows)).toEqual([
      ['B1-S01-W1', 'Storey 01', 0, 2760, 7],
      ['B1-S01-W2', 'Storey 01', 1, 2760, 7],
      ['B1-S01-W3', 'Storey 01', 2, 2760, 7],
      ['B1-S02-W1', 'Storey 02', 0, 2760, 7],
    ]);
    expect(unmatchedTable(answer)).toEqual([['B1-S01-W4', '', 'ORDERS.Proposal.Reason.NoAacThickness', 'No article of 365 mm thickness in the catalogue.']]);

    await upload(id['Stürze Bauabschnitt 1'], 'Generiert.ifc', generateLargeIfc({ storeys: 2, wallsPerStorey: 4, quantities: true }));
    await setWalls('Stürze Bauabschnitt 1', names);
    expect(lintelTable((await proposal(id['Stürze Bauabschnitt 1'])).rows)).toEqual([
      ['B1-S01-W1', 'Storey 01', 300, 1500, 124, 'NS-FS-300-124-1500', 2],
      ['B1-S01-W2', 'Storey 01', 240, 1500, 124, 'NS-FS-240-124-1500', 2],
      ['B1-S01-W3', 'Storey 01', 175, 1500, 124, 'NS-FS-175-124-1500', 2],
      ['B1-S01-W4', 'Storey 01', 365, 1500, 124, 'NS-FS-365-124-1500', 2],
      ['B1-S02-W1', 'Storey 02', 300, 1500, 124, 'NS-FS-300-124-1500', 2],
    ]);
  });

  it('gives the same table from the geometry when the model has no quantity sets (and no door or window sizes)', async () => {
    await upload(id['Wandelemente Bauabschnitt 2'], 'Ohne-Mengen.ifc', schoolIfcModel({ quantities: false }));
    await upload(id['Stürze Bauabschnitt 2'], 'Ohne-Mengen-und-Masse.ifc', schoolIfcModel({ quantities: false, overallSizes: false }));
    const aac = await proposal(id['Wandelemente Bauabschnitt 2']);
    expect(aac.file.name).toBe('Ohne-Mengen.ifc');
    expect(aacTable(aac.rows)).toEqual(SCHOOL_OG_AAC);
    const lintels = await proposal(id['Stürze Bauabschnitt 2']);
    expect(lintels.file.name).toBe('Ohne-Mengen-und-Masse.ifc');
    expect(lintelTable(lintels.rows)).toEqual(SCHOOL_OG_LINTELS);
    const ready = (await (await settled(`/api/view/${S()}/${id['Stürze Bauabschnitt 2']}.json`)).json()) as ViewerReady;
    const w01 = wallsOf(ready.model).find((wall) => wall.name === 'S-OG-W01')!;
    expect(w01.dimensions).toMatchObject({ length: 24000, height: 3000, thickness: 300, source: 'geometry' });
    expect(w01.dimensions!.openings[0]).toMatchObject({ kind: 'window', width: 1760, height: 1510, sill: 900, source: 'geometry' });
  });
});

describe('who may ask, and models read by an older extractor', () => {
  it('is for the holder of the PlaceOrder task: 403 for other members and staff, 404 outside the project, 422 for another unit, 401 without a session', async () => {
    const lot = id['Wandelemente Bauabschnitt 2'];
    for (const login of ['staff', 'partner']) {
      const [refused] = await expectErrorShape(await t.request('GET', proposalPath(lot), { cookie: cookies[login] }), 403);
      expect(refused.key).toBe('ORDERS.Errors.NotEditable');
    }
    // The partner (bimCoordinator) leaves the project: it is no longer visible to them.
    const [partner] = await t.db.select().from(users).where(eq(users.login, 'partner'));
    await t.db.delete(projectMembers).where(and(eq(projectMembers.rootId, S()), eq(projectMembers.userId, partner.id)));
    await expectErrorShape(await t.request('GET', proposalPath(lot), { cookie: cookies.partner }), 404);
    await expectErrorShape(await t.request('GET', proposalPath(id['Bauabschnitt 2']), { cookie: cookies.customer }), 422);
    await expectErrorShape(await t.request('GET', proposalPath(lot)), 401);
  });

  it('reads a model again that an older extractor stored (no dimensions) before proposing from it', async () => {
    // The AAC lot shows the root's model again once its own file is gone.
    await t.db.delete(projectFiles).where(eq(projectFiles.unitId, id['Wandelemente Bauabschnitt 2']));
    const [file] = await t.db.select().from(projectFiles).where(eq(projectFiles.name, 'Schule-am-Stadtpark.ifc'));
    const [row] = await t.db.select().from(ifcModels).where(eq(ifcModels.hash, file.contentHash!));
    const stripped = { ...row.model!, children: row.model!.children.map((floor) => ({ ...floor, children: floor.children.map(({ dimensions: _dimensions, ...wall }) => wall) })) };
    await t.db.update(ifcModels).set({ extractionVersion: 1, model: stripped }).where(eq(ifcModels.hash, row.hash));
    const first = await t.request('GET', proposalPath(id['Wandelemente Bauabschnitt 2']), { cookie: cookies.customer });
    expect(first.status).toBe(202);
    const [claimed] = await t.db.select().from(ifcModels).where(eq(ifcModels.hash, row.hash));
    expect(claimed.extractionVersion).toBe(VIEWER_EXTRACTION_VERSION);
    expect(aacTable((await proposal(id['Wandelemente Bauabschnitt 2'])).rows)).toEqual(SCHOOL_OG_AAC);
  });

  it('is 404 with a clear message where no model applies', async () => {
    await t.db.delete(projectFiles).where(eq(projectFiles.rootId, S()));
    const [message] = await expectErrorShape(await t.request('GET', proposalPath(id['Wandelemente Bauabschnitt 2']), { cookie: cookies.customer }), 404);
    expect(message).toMatchObject({ key: 'ORDERS.Proposal.NoModel', text: 'There is no IFC model for this lot. Upload one to the project, its subproject or the lot.' });
  });
});

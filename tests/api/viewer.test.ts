import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IfcStructure } from '../../src/domain/ifcStructure.js';
import type { ProjectFile } from '../../src/domain/projectFiles.js';
import { decodeGeometry, wallsOf, type ViewerReady, type ViewerStatus } from '../../src/domain/viewerModel.js';
import { ifcModels, projectFiles, projectUnits } from '../../server/db/schema.js';
import { SCHOOL_IFC_FILE_NAME, schoolIfcModel } from '../../server/db/fixtures/ifc-demo-school.js';
import { generateIfc, maaskadeIfcModel } from '../../server/db/fixtures/ifc-demo.js';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large.js';
import { settleViewerExtractions } from '../../server/services/ifc-viewer.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let t: TestContext;
let customer: string;
let staff: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, staff] = await Promise.all([t.login('customer'), t.login('staff')]);
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
});
afterAll(async () => {
  await settleViewerExtractions(t.db);
  await t.close();
});

const S = () => id['Schule am Stadtpark'];
const LOT1 = () => id['Bauabschnitt 1'];
const json = (root: number, unit: number) => `/api/view/${root}/${unit}.json`;
const status = (root: number, unit: number) => `/api/view/${root}/${unit}/status`;
const walls = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-W0${index + 1}`);

/** Asks until the worker is done: every answer meanwhile is 202 pending with the file. */
async function settled(path: string, cookie: string): Promise<Response> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const response = await t.request('GET', path, { cookie });
    if (response.status !== 202) return response;
    expect(await response.json()).toMatchObject({ status: 'pending', file: { id: expect.any(Number), name: expect.any(String) } });
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} still pending`);
}

async function upload(root: number, unit: number, name: string, text: string | Uint8Array, cookie = customer): Promise<ProjectFile> {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), name);
  const response = await t.app.request(`http://localhost/api/file/${root}/${unit}`, { method: 'POST', headers: { cookie }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as ProjectFile[])[0];
}

describe('GET api/view/{root}/{unit}.json', () => {
  let ready: ViewerReady;

  it('answers pending, then the Schule am Stadtpark model of the lot (the root file applies)', async () => {
    const first = await t.request('GET', json(S(), LOT1()), { cookie: customer });
    expect([200, 202]).toContain(first.status);
    const response = await settled(json(S(), LOT1()), customer);
    expect(response.status).toBe(200);
    ready = await response.json();
    expect(ready).toMatchObject({ rootProjectUnitID: S(), projectUnitID: LOT1(), status: 'ready', file: { name: SCHOOL_IFC_FILE_NAME } });
    expect(ready.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ready.geometryUrl).toBe(`/api/view/${S()}/${LOT1()}.bin?h=${ready.hash}`);
    expect(ready.model.type).toBe('MODEL');
    expect(ready.model.name).toBe('Schule am Stadtpark');
    expect(ready.model.children.map((floor) => [floor.type, floor.name, floor.elevation])).toEqual([
      ['FLOOR', 'EG', 0],
      ['FLOOR', 'OG', 3.25],
    ]);
    expect(ready.model.children[0].children.map((wall) => wall.name)).toEqual(walls('S-EG', 8));
    expect(ready.model.children[1].children.map((wall) => wall.name)).toEqual(walls('S-OG', 8));
    for (const wall of wallsOf(ready.model)) {
      expect(wall).toEqual({ type: 'WALL', id: expect.any(Number), globalId: expect.stringMatching(/^[0-9A-Za-z_$]{22}$/), name: expect.any(String), dimensions: expect.any(Object) });
      // Every wall's size from its quantity set (the order proposal's input; issue #26).
      expect(wall.dimensions).toMatchObject({ height: 3000, source: 'qto' });
    }
    // 24 × 12 m, two storeys of 3 m walls, Y up.
    expect(ready.bounds.min[1]).toBeCloseTo(0, 3);
    expect(ready.bounds.max[1]).toBeCloseTo(6.25, 3);
    expect(ready.bounds.max[0] - ready.bounds.min[0]).toBeGreaterThan(24);
    expect(ready.bounds.max[2] - ready.bounds.min[2]).toBeGreaterThan(12);
  });

  it('serves the geometry: one mesh per wall of the tree, inside the bounds, cacheable by hash', async () => {
    const response = await t.request('GET', ready.geometryUrl, { cookie: customer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('etag')).toBe(`"${ready.hash}"`);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const meshes = decodeGeometry(await response.arrayBuffer());
    expect(meshes.map((mesh) => mesh.wallId).sort()).toEqual(wallsOf(ready.model).map((wall) => wall.id).sort());
    for (const mesh of meshes) {
      const vertexCount = mesh.positions.length / 3;
      expect(mesh.indices.length % 3).toBe(0);
      expect(mesh.indices.length).toBeGreaterThan(0);
      expect(Math.max(...mesh.indices)).toBeLessThan(vertexCount);
      for (let i = 0; i < mesh.positions.length; i++) {
        expect(mesh.positions[i]).toBeGreaterThanOrEqual(ready.bounds.min[i % 3] - 1e-4);
        expect(mesh.positions[i]).toBeLessThanOrEqual(ready.bounds.max[i % 3] + 1e-4);
      }
    }
    const unversioned = await t.request('GET', `/api/view/${S()}/${LOT1()}.bin`, { cookie: customer });
    expect(unversioned.headers.get('cache-control')).toBe('private, no-cache');
    await unversioned.arrayBuffer();
    const again = await t.request('GET', ready.geometryUrl, { cookie: customer, headers: { 'if-none-match': `"${ready.hash}"` } });
    expect(again.status).toBe(304);
  });

  it('shows the same model on the root and on a subproject; staff of the tenant sees it too', async () => {
    const root = (await (await t.request('GET', json(S(), S()), { cookie: staff })).json()) as ViewerReady;
    expect(root).toMatchObject({ status: 'ready', hash: ready.hash, projectUnitID: S() });
    const sub = (await (await t.request('GET', json(S(), id['Neubau Klassentrakt']), { cookie: customer })).json()) as ViewerReady;
    expect(sub.hash).toBe(ready.hash);
  });

  it('is 404 VIEWER.NoModel where no IFC file applies, and status says none', async () => {
    const gewerbehof = id['Gewerbehof Nord'];
    const [message] = await expectErrorShape(await t.request('GET', json(gewerbehof, id['Halle 1']), { cookie: staff }), 404);
    expect(message.key).toBe('VIEWER.NoModel');
    expect(await (await t.request('GET', status(gewerbehof, id['Halle 1']), { cookie: staff })).json()).toEqual({ status: 'none' });
  });

  it('is 404 for a project the user is not a member of, a unit under another root, or a bad path; 401 without a session', async () => {
    const gewerbehof = id['Gewerbehof Nord'];
    await expectErrorShape(await t.request('GET', json(gewerbehof, gewerbehof), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', status(gewerbehof, id['Halle 1']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `/api/view/${gewerbehof}/${gewerbehof}.bin`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', json(S(), id['Wohnpark Weserblick']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `/api/view/${S()}/${LOT1()}.xml`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `/api/view/${S()}/x${LOT1()}.json`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', json(S(), LOT1())), 401);
  });
});

describe('GET api/view/{root}/{unit}/status and the context flag', () => {
  it('reports the state of the unit\'s model', async () => {
    await settled(json(S(), LOT1()), customer);
    const answer = (await (await t.request('GET', status(S(), LOT1()), { cookie: customer })).json()) as ViewerStatus;
    expect(answer).toEqual({ status: 'ready', file: { id: expect.any(Number), name: SCHOOL_IFC_FILE_NAME } });
  });

  it('can.viewer: a review state and a model; not while Preparing, not without a model', async () => {
    const can = async (unit: number, cookie = customer) => ((await (await t.request('GET', `/api/data/planxchange/projects/${unit}/context`, { cookie })).json()) as { can: { viewer: boolean } }).can.viewer;
    expect(await can(LOT1())).toBe(true);
    expect(await can(id['Bauabschnitt 2'])).toBe(false);
    expect(await can(S())).toBe(false);
    expect(await can(id['Halle 1'], staff)).toBe(false);
  });

  it('computes the content hash of a file stored before hashes existed', async () => {
    const maaskade = id['Appartementen Maaskade'];
    const [file] = await t.db.select().from(projectFiles).where(eq(projectFiles.name, 'Maaskade.ifc'));
    await t.db.update(projectFiles).set({ contentHash: null }).where(eq(projectFiles.id, file.id));
    const response = await settled(json(maaskade, maaskade), customer);
    expect(response.status).toBe(200);
    const [after] = await t.db.select().from(projectFiles).where(eq(projectFiles.id, file.id));
    expect(after.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(((await response.json()) as ViewerReady).model.children.map((floor) => floor.name)).toEqual(['Begane grond', 'Verdieping 1', 'Verdieping 2']);
  });
});

describe('uploads', () => {
  it('extracts the same content once, whatever the file name and unit', async () => {
    const text = maaskadeIfcModel().replace("'Appartementen Maaskade'", "'Kopie Maaskade'");
    const lot2 = id['Bauabschnitt 2'];
    const first = await upload(S(), lot2, 'Kopie-A.ifc', text);
    const second = await upload(S(), id['Neubau Klassentrakt'], 'Kopie-B.ifc', text);
    const a = (await (await settled(json(S(), lot2), customer)).json()) as ViewerReady;
    const b = (await (await settled(json(S(), id['Neubau Klassentrakt']), customer)).json()) as ViewerReady;
    expect(a.file.id).toBe(first.projectFileID);
    expect(b.file.id).toBe(second.projectFileID);
    expect(a.hash).toBe(b.hash);
    expect(await t.db.select().from(ifcModels).where(eq(ifcModels.hash, a.hash))).toHaveLength(1);
    // The lot's own file wins over the root's.
    expect(a.model.name).toBe('Kopie Maaskade');
  });

  it('stores a corrupt IFC file, reports it failed, and the API keeps answering while a large model extracts', async () => {
    const lot1 = LOT1();
    const large = generateLargeIfc({ storeys: 4, wallsPerStorey: 500 });
    await upload(S(), id['Neubau Klassentrakt'], 'Gross.ifc', large);
    // STEP's first bytes (so the upload takes it), then garbage.
    const garbage = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 251);
    const broken = await upload(S(), lot1, 'Kaputt.ifc', new Uint8Array([...new TextEncoder().encode('ISO-10303-21;\n'), ...garbage]));
    // Meanwhile: other routes answer at once, the large model is still being read or just done.
    const started = performance.now();
    expect((await t.request('GET', `/api/data/planxchange/projects/${lot1}/context`, { cookie: customer })).status).toBe(200);
    expect((await t.request('GET', `/api/file/${S()}/${lot1}`, { cookie: customer })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(((await (await t.request('GET', status(S(), id['Neubau Klassentrakt']), { cookie: customer })).json()) as ViewerStatus).status).toBe('pending');
    const failed = await settled(json(S(), lot1), customer);
    expect(failed.status).toBe(422);
    const body = (await failed.json()) as { status: string; file: { id: number; name: string }; messages: { key: string; text: string; params: { reason: string } }[] };
    expect(body).toMatchObject({ status: 'failed', file: { id: broken.projectFileID, name: 'Kaputt.ifc' } });
    expect(['IFC.NotIfc', 'IFC.Broken']).toContain(body.messages[0].key);
    expect(body.messages[0].text).toMatch(/IFC/);
    expect(typeof body.messages[0].params.reason).toBe('string');
    const state = (await (await t.request('GET', status(S(), lot1), { cookie: customer })).json()) as ViewerStatus;
    expect(state).toMatchObject({ status: 'failed', file: { name: 'Kaputt.ifc' }, messages: [{ key: body.messages[0].key }] });
    expect((await t.request('GET', `/api/view/${S()}/${lot1}.bin`, { cookie: customer })).status).toBe(422);
    const big = (await (await settled(json(S(), id['Neubau Klassentrakt']), customer)).json()) as ViewerReady;
    expect(wallsOf(big.model)).toHaveLength(2000);
  });

  it('reports a truncated file as broken with its reason, in the user\'s language', async () => {
    const lot2 = id['Bauabschnitt 2'];
    await upload(S(), lot2, 'Abgeschnitten.ifc', schoolIfcModel().slice(0, 3000));
    const failed = await settled(json(S(), lot2), staff);
    const body = (await failed.json()) as { messages: { key: string; text: string; params: { reason: string } }[] };
    expect(failed.status).toBe(422);
    expect(body.messages[0]).toMatchObject({ key: 'IFC.Broken', params: { reason: expect.stringContaining('END-ISO-10303-21') } });
  });
});

describe('unnamed storeys', () => {
  it('read "Geschoss n" in the viewer, as the structure import names their lots — never their GlobalId', async () => {
    const text = generateIfc({
      fileName: 'Ohne-Namen.ifc',
      projectName: 'Ohne Namen',
      siteName: 'Site',
      buildings: [{ name: 'Haus', storeys: [{ name: '', elevation: 0, walls: [{ name: 'U-1' }] }, { name: '', elevation: 3, walls: [{ name: 'U-2' }] }] }],
    });
    // Last in this file: the root's newest IFC file is the one every unit below shows.
    const file = await upload(S(), S(), 'Ohne-Namen.ifc', text, staff);
    const viewer = (await (await settled(json(S(), S()), staff)).json()) as ViewerReady;
    expect(viewer.file.name).toBe('Ohne-Namen.ifc');
    const floors = viewer.model.children.map((floor) => floor.name);
    expect(floors).toEqual(['Geschoss 1', 'Geschoss 2']);
    const structure = (await (await t.request('GET', `/api/file/${S()}/${file.projectFileID}/ifcstructure`, { cookie: staff })).json()) as IfcStructure;
    expect(structure.subProjects[0].approvalLots).toEqual(floors);
    // The stored model is the same for every language; the admin reads English.
    const admin = await t.login('admin');
    const english = (await (await t.request('GET', json(S(), S()), { cookie: admin })).json()) as ViewerReady;
    expect(english.model.children.map((floor) => floor.name)).toEqual(['Storey 1', 'Storey 2']);
  });
});

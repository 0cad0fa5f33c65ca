import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IfcFileChoice, IfcStructure } from '../../src/domain/ifcStructure.js';
import type { ProjectFile } from '../../src/domain/projectFiles.js';
import { projectFiles, projectUnits } from '../../server/db/schema.js';
import { DEMO_IFC_FILE_NAME, demoIfcModel, generateIfc } from '../../server/db/fixtures/ifc-demo.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let t: TestContext;
let customer: string;
let partner: string;
let staff: string;
const id: Record<string, number> = {};
const fileId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, partner, staff] = await Promise.all([t.login('customer'), t.login('partner'), t.login('staff')]);
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
  for (const row of await t.db.select().from(projectFiles)) fileId[row.name] = row.id;
});
afterAll(async () => t.close());

const W = () => id['Wohnpark Weserblick'];
const M = () => id['Appartementen Maaskade'];
const structurePath = (root: number, file: number) => `/api/file/${root}/${file}/ifcstructure`;
const walls = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-W0${index + 1}`);

/** The structure's names and walls (volumes, wall ids and storeys: tests/api/ifc-structure-import.test.ts). */
async function structureOf(cookie: string, root: number, file: number): Promise<IfcStructure> {
  const response = await t.request('GET', structurePath(root, file), { cookie });
  expect(response.status).toBe(200);
  const structure = (await response.json()) as IfcStructure;
  return {
    subProjects: structure.subProjects.map(({ storeys: _storeys, ...subProject }) => ({
      ...subProject,
      lots: subProject.lots.map(({ wallIds: _ids, volume: _volume, ...lot }) => lot),
    })),
  };
}

/** Uploads an IFC file into the root through the files API; answers its id. */
async function uploadIfc(name: string, text: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  const response = await t.app.request(`http://localhost/api/file/${W()}/${W()}`, { method: 'POST', headers: { cookie: customer }, body: form });
  expect(response.status).toBe(201);
  const [created] = (await response.json()) as ProjectFile[];
  return created.projectFileID;
}

/** A lot of storeys that hold walls: wall elements proposed (issue #39), with that type's earliest date. */
const lot = (name: string, wallNos: string[]) => ({ name, wallNos, materialType: 'planelemente', deliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

describe('GET api/file/{root}/{file}/ifcstructure', () => {
  it('answers the structure of the seeded Wohnpark Weserblick model', async () => {
    const response = await t.request('GET', `/api/file/${W()}/${W()}`, { cookie: customer });
    const ifc = ((await response.json()) as ProjectFile[]).find((file) => file.name === DEMO_IFC_FILE_NAME)!;
    expect(ifc).toMatchObject({ contentType: 'application/x-step', size: Buffer.byteLength(demoIfcModel()) });
    expect(await structureOf(customer, W(), ifc.projectFileID)).toEqual({
      subProjects: [
        {
          title: 'Haus A',
          approvalLots: ['Bauabschnitt A1', 'Bauabschnitt A2'],
          lots: [
            lot('Bauabschnitt A1', walls('A-EG', 6)),
            lot('Bauabschnitt A2', walls('A-OG', 6)),
          ],
        },
        {
          title: 'Haus C',
          approvalLots: ['Erdgeschoss', 'Obergeschoss'],
          lots: [
            lot('Erdgeschoss', walls('C-EG', 4)),
            lot('Obergeschoss', walls('C-OG', 4)),
          ],
        },
      ],
    });
  });

  it('answers the structure of the seeded Maaskade model', async () => {
    const structure = await structureOf(customer, M(), fileId['Maaskade.ifc']);
    expect(structure.subProjects.map((subProject) => [subProject.title, subProject.approvalLots])).toEqual([['Toren Noord', ['Begane grond', 'Verdieping 1', 'Verdieping 2']]]);
    expect(structure.subProjects[0].lots[2].wallNos).toEqual(walls('TN-V2', 4));
  });

  it('answers 422 IFC.NotIfc for a PDF of the root or of a unit below it', async () => {
    for (const name of ['Baubeschreibung.pdf', 'Grundriss-EG-Haus-A.pdf']) {
      const messages = await expectErrorShape(await t.request('GET', structurePath(W(), fileId[name]), { cookie: customer }), 422);
      expect(messages).toEqual([{ type: 'error', key: 'IFC.NotIfc', text: 'The file is not an IFC model.' }]);
    }
  });

  it('answers 422 IFC.Broken for a truncated model, in the user’s language', async () => {
    const text = demoIfcModel();
    const file = await uploadIfc('Abgeschnitten.ifc', text.slice(0, Math.floor(text.length / 2)));
    const [message] = await expectErrorShape(await t.request('GET', structurePath(W(), file), { cookie: staff }), 422);
    expect(message).toMatchObject({ key: 'IFC.Broken', text: 'Das IFC-Modell konnte nicht gelesen werden: die Datei ist unvollständig (END-ISO-10303-21 fehlt).' });
  });

  it('answers 422 IFC.NoStructure for a model without buildings or storeys', async () => {
    const file = await uploadIfc('Leer.ifc', generateIfc({ fileName: 'Leer.ifc', projectName: 'Leer', siteName: 'Leer', buildings: [] }));
    const [message] = await expectErrorShape(await t.request('GET', structurePath(W(), file), { cookie: customer }), 422);
    expect(message).toMatchObject({ key: 'IFC.NoStructure', text: 'The IFC model has no buildings or storeys to build a structure from.' });
  });

  it('answers 404 to a user who is not a member of the root', async () => {
    // The partner is a member of Wohnpark Weserblick only.
    expect((await structureOf(partner, W(), fileId[DEMO_IFC_FILE_NAME])).subProjects).toHaveLength(2);
    await expectErrorShape(await t.request('GET', structurePath(M(), fileId['Maaskade.ifc']), { cookie: partner }), 404);
  });

  it('answers 404 for a file of another root, a child unit as root and unknown ids', async () => {
    await expectErrorShape(await t.request('GET', structurePath(W(), fileId['Maaskade.ifc']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', structurePath(M(), fileId[DEMO_IFC_FILE_NAME]), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', structurePath(id['Haus A'], fileId['Grundriss-EG-Haus-A.pdf']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', structurePath(W(), 999999), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `/api/file/${W()}/abc/ifcstructure`, { cookie: customer }), 404);
  });

  it('answers 401 without a session', async () => {
    await expectErrorShape(await t.request('GET', structurePath(W(), fileId[DEMO_IFC_FILE_NAME])), 401);
  });
});

describe('GET api/structure/{root}/ifcfiles', () => {
  const listPath = (root: number) => `/api/structure/${root}/ifcfiles`;

  it('lists the project’s IFC files also when DownloadSelectedFiles is off (the zip tree is refused then)', async () => {
    const [row] = await t.db.select({ features: projectUnits.features }).from(projectUnits).where(eq(projectUnits.id, W()));
    const features = row.features as string[];
    await t.db.update(projectUnits).set({ features: features.filter((feature) => feature !== 'DownloadSelectedFiles') }).where(eq(projectUnits.id, W()));
    try {
      await expectErrorShape(await t.request('GET', `/api/file/projectFiles/${W()}`, { cookie: customer }), 403);
      const response = await t.request('GET', listPath(W()), { cookie: customer });
      expect(response.status).toBe(200);
      const files = (await response.json()) as IfcFileChoice[];
      expect(files).toContainEqual({ fileId: fileId[DEMO_IFC_FILE_NAME], name: DEMO_IFC_FILE_NAME, unitTitle: 'Wohnpark Weserblick' });
      // Only .ifc files, none of another project.
      expect(files.every((file) => file.name.toLowerCase().endsWith('.ifc'))).toBe(true);
      expect(files.map((file) => file.name)).not.toContain('Maaskade.ifc');
    } finally {
      await t.db.update(projectUnits).set({ features }).where(eq(projectUnits.id, W()));
    }
  });

  it('answers 404 to a user who is not a member, for a child unit, and 401 without a session', async () => {
    await expectErrorShape(await t.request('GET', listPath(M()), { cookie: partner }), 404);
    await expectErrorShape(await t.request('GET', listPath(id['Haus A']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', listPath(W())), 401);
  });
});

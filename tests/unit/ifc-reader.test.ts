import { IfcAPI, LogLevel } from 'web-ifc';
import { describe, expect, it } from 'vitest';
import type { IfcStructure } from '../../src/domain/ifcStructure';
import { DEMO_IFC_FILE_NAME, demoIfcModel, generateIfc, ifcGlobalId, maaskadeIfcModel } from '../../server/db/fixtures/ifc-demo';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large';
import { IFC_MAX_BYTES, IfcReadError, readIfcStructure } from '../../server/services/ifc-structure';

/** Lots as names and wall names (the storeys and wall ids: tests/unit/domain/ifcStructure.test.ts). */
const namesOnly = (structure: IfcStructure): IfcStructure => ({
  subProjects: structure.subProjects.map(({ storeys: _storeys, ...subProject }) => ({ ...subProject, lots: subProject.lots.map(({ wallIds: _ids, ...lot }) => lot) })),
});

const bytes = (text: string) => new TextEncoder().encode(text);
const walls = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-W0${index + 1}`);

async function readError(input: Uint8Array): Promise<IfcReadError> {
  try {
    await readIfcStructure(input);
  } catch (error) {
    expect(error).toBeInstanceOf(IfcReadError);
    return error as IfcReadError;
  }
  throw new Error('no error');
}

describe('the demo IFC generator', () => {
  it('writes the same IFC4 file every time, with valid, unique GlobalIds', () => {
    const text = demoIfcModel();
    expect(demoIfcModel()).toBe(text);
    expect(DEMO_IFC_FILE_NAME).toBe('Wohnpark-Weserblick.ifc');
    expect(text.startsWith('ISO-10303-21;\nHEADER;')).toBe(true);
    expect(text).toContain("FILE_SCHEMA(('IFC4'));");
    expect(text).toContain('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)');
    expect(text.trimEnd().endsWith('END-ISO-10303-21;')).toBe(true);
    const ids = [...text.matchAll(/=IFC[A-Z]+\('([^']*)',\$/g)].map((match) => match[1]);
    // project, site, 2 buildings, 4 storeys, 20 walls, 2 groups, 4 aggregations, 4 containments, 2 assignments
    expect(ids.length).toBe(40);
    for (const id of ids) expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ifcGlobalId('seed', 1)).toBe(ifcGlobalId('seed', 1));
    expect(ifcGlobalId('seed', 1)).not.toBe(ifcGlobalId('seed', 2));
  });

  it('gives every wall real geometry (an extruded rectangle web-ifc meshes)', async () => {
    const api = new IfcAPI();
    await api.Init(undefined, true);
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    const model = api.OpenModel(bytes(demoIfcModel()));
    try {
      let meshes = 0;
      api.StreamAllMeshes(model, (mesh) => {
        meshes++;
        expect(mesh.geometries.size()).toBe(1);
      });
      expect(meshes).toBe(20);
    } finally {
      api.CloseModel(model);
    }
  });
});

describe('readIfcStructure', () => {
  it('reads the demo model: Haus A by its groups, Haus C by its storeys', async () => {
    const expected: IfcStructure = {
      subProjects: [
        {
          title: 'Haus A',
          approvalLots: ['Bauabschnitt A1', 'Bauabschnitt A2'],
          lots: [
            { name: 'Bauabschnitt A1', wallNos: walls('A-EG', 6) },
            { name: 'Bauabschnitt A2', wallNos: walls('A-OG', 6) },
          ],
        },
        {
          title: 'Haus C',
          approvalLots: ['Erdgeschoss', 'Obergeschoss'],
          lots: [
            { name: 'Erdgeschoss', wallNos: walls('C-EG', 4) },
            { name: 'Obergeschoss', wallNos: walls('C-OG', 4) },
          ],
        },
      ],
    };
    expect(namesOnly(await readIfcStructure(bytes(demoIfcModel())))).toEqual(expected);
  });

  it('reads the Maaskade model: one tower, three storeys', async () => {
    const result = namesOnly(await readIfcStructure(bytes(maaskadeIfcModel())));
    expect(result.subProjects).toEqual([
      {
        title: 'Toren Noord',
        approvalLots: ['Begane grond', 'Verdieping 1', 'Verdieping 2'],
        lots: [
          { name: 'Begane grond', wallNos: walls('TN-BG', 4) },
          { name: 'Verdieping 1', wallNos: walls('TN-V1', 4) },
          { name: 'Verdieping 2', wallNos: walls('TN-V2', 4) },
        ],
      },
    ]);
  });

  it('reads names with quotes and non-ASCII characters, and storeys without a building', async () => {
    const text = generateIfc({
      fileName: 'x.ifc',
      projectName: "Müller's Höfe",
      siteName: 'Gelände',
      buildings: [],
      siteStoreys: [
        { name: 'Obergeschoß', elevation: 3, walls: [{ name: 'Wand \\ 1' }] },
        { name: 'Erdgeschoß', elevation: 0, walls: [{ name: 'Wand ä' }, { name: 'Wand 😀' }] },
      ],
    });
    expect(namesOnly(await readIfcStructure(bytes(text)))).toEqual({
      subProjects: [
        {
          title: "Müller's Höfe",
          approvalLots: ['Erdgeschoß', 'Obergeschoß'],
          lots: [
            { name: 'Erdgeschoß', wallNos: ['Wand ä', 'Wand 😀'] },
            { name: 'Obergeschoß', wallNos: ['Wand \\ 1'] },
          ],
        },
      ],
    });
  });

  it('reads a large model: 5 storeys of 50 walls', async () => {
    const text = generateLargeIfc({ storeys: 5, wallsPerStorey: 50 });
    const result = await readIfcStructure(bytes(text));
    expect(result.subProjects).toHaveLength(1);
    const [building] = result.subProjects;
    expect(building.title).toBe('Building 1');
    expect(building.approvalLots).toEqual(['Storey 01', 'Storey 02', 'Storey 03', 'Storey 04', 'Storey 05']);
    for (const [index, lot] of building.lots.entries()) {
      expect(lot.wallNos).toHaveLength(50);
      expect(lot.wallNos[0]).toBe(`B1-S0${index + 1}-W01`);
      expect(lot.wallNos[49]).toBe(`B1-S0${index + 1}-W50`);
    }
  });

  it('refuses a truncated copy as broken', async () => {
    const text = demoIfcModel();
    const error = await readError(bytes(text.slice(0, Math.floor(text.length * 0.6))));
    expect(error.key).toBe('IFC.Broken');
    expect(error.reasonKey).toBe('IFC.Reason.Truncated');
  });

  it('refuses a PDF, random bytes, an empty file and a STEP file of another schema as not IFC', async () => {
    const random = new Uint8Array(4096);
    let state = 42;
    for (let index = 0; index < random.length; index++) random[index] = (state = (state * 1103515245 + 12345) % 2 ** 31) & 0xff;
    const otherSchema = demoIfcModel().replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'))");
    const noSchema = demoIfcModel().replace("FILE_SCHEMA(('IFC4'));", '');
    for (const input of [bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), random, new Uint8Array(0), bytes(otherSchema), bytes(noSchema)]) {
      expect((await readError(input)).key).toBe('IFC.NotIfc');
    }
  });

  it('refuses a model without IfcProject as not IFC and one without buildings or storeys as without structure', async () => {
    const noProject = demoIfcModel().replace(/^#\d+=IFCPROJECT\(.*$/m, '');
    expect((await readError(bytes(noProject))).key).toBe('IFC.NotIfc');
    const empty = generateIfc({ fileName: 'empty.ifc', projectName: 'Leer', siteName: 'Leer', buildings: [] });
    expect((await readError(bytes(empty))).key).toBe('IFC.NoStructure');
  });

  it('refuses a file above the size limit without reading it', async () => {
    const error = await readError(new Uint8Array(IFC_MAX_BYTES + 1));
    expect(error.key).toBe('IFC.TooLarge');
  });

  it('keeps working after bad files', async () => {
    await readError(bytes('ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=IFCWALL(;\nENDSEC;\nEND-ISO-10303-21;\n'));
    await readError(bytes("ISO-10303-21;\nHEADER;FILE_SCHEMA(('IFC4'));ENDSEC;\nDATA;\n#1=IFCWALL((((;\n#2=;\nENDSEC;\nEND-ISO-10303-21;\n"));
    const results = await Promise.all([readIfcStructure(bytes(demoIfcModel())), readIfcStructure(bytes(maaskadeIfcModel()))]);
    expect(results.map((result) => result.subProjects.map((subProject) => subProject.title))).toEqual([['Haus A', 'Haus C'], ['Toren Noord']]);
  });
});

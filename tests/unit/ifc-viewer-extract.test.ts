import { describe, expect, it } from 'vitest';
import { decodeGeometry, floorOfWall, wallsOf } from '../../src/domain/viewerModel';
import { SCHOOL_IFC_FILE_NAME, schoolIfcModel } from '../../server/db/fixtures/ifc-demo-school';
import { demoIfcModel, generateIfc, maaskadeIfcModel } from '../../server/db/fixtures/ifc-demo';
import { generateLargeIfc } from '../../server/db/fixtures/ifc-demo-large';
import { IfcReadError } from '../../server/services/ifc-structure';
import { extractViewerModel } from '../../server/services/ifc-viewer-extract';
import { ExtractionPool } from '../../server/services/ifc-viewer-pool';

const bytes = (text: string) => new TextEncoder().encode(text);
const names = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-W0${index + 1}`);

async function readError(input: Uint8Array): Promise<IfcReadError> {
  try {
    await extractViewerModel(input);
  } catch (error) {
    expect(error).toBeInstanceOf(IfcReadError);
    return error as IfcReadError;
  }
  throw new Error('no error');
}

describe('extractViewerModel', () => {
  it('reads the Schule am Stadtpark demo: EG and OG with eight walls each, one mesh per wall, Y up', async () => {
    const text = schoolIfcModel();
    expect(schoolIfcModel()).toBe(text);
    expect(text).toContain(`FILE_NAME('${SCHOOL_IFC_FILE_NAME}'`);
    const result = await extractViewerModel(bytes(text));
    expect(result.model.children.map((floor) => floor.name)).toEqual(['EG', 'OG']);
    expect(result.model.children.map((floor) => floor.children.map((wall) => wall.name))).toEqual([names('S-EG', 8), names('S-OG', 8)]);
    expect(result.wallCount).toBe(16);
    const meshes = decodeGeometry(result.geometry.buffer);
    expect(meshes).toHaveLength(16);
    const og = result.model.children[1];
    for (const mesh of meshes) {
      const ys = mesh.positions.filter((_, i) => i % 3 === 1);
      // OG walls stand on 3.25 m, EG walls on 0; all are 3 m high.
      const base = floorOfWall(result.model, mesh.wallId) === og ? 3.25 : 0;
      expect(Math.min(...ys)).toBeCloseTo(base, 3);
      expect(Math.max(...ys)).toBeCloseTo(base + 3, 3);
    }
    // The south façade (W01) runs along IFC x at y = 0: in the viewer along x, at z ≈ 0.
    const south = meshes.find((mesh) => mesh.wallId === result.model.children[0].children[0].id)!;
    const zs = south.positions.filter((_, i) => i % 3 === 2);
    expect(Math.max(...zs.map(Math.abs))).toBeLessThan(0.2);
    expect(result.bounds.min[2]).toBeLessThan(-12);
  });

  it('cuts the openings out of the walls (more triangles than a plain box)', async () => {
    const result = await extractViewerModel(bytes(schoolIfcModel()));
    const meshes = decodeGeometry(result.geometry.buffer);
    const plain = meshes.find((mesh) => mesh.wallId === result.model.children[0].children[4].id)!;
    const withWindows = meshes.find((mesh) => mesh.wallId === result.model.children[0].children[0].id)!;
    expect(withWindows.indices.length).toBeGreaterThan(plain.indices.length * 3);
  });

  it('gives the Wohnpark and Maaskade demo models geometry for every wall', async () => {
    for (const text of [demoIfcModel(), maaskadeIfcModel()]) {
      const result = await extractViewerModel(bytes(text));
      const meshes = decodeGeometry(result.geometry.buffer);
      expect(meshes.map((mesh) => mesh.wallId)).toEqual(wallsOf(result.model).map((wall) => wall.id));
      for (const mesh of meshes) expect(mesh.indices.length).toBeGreaterThanOrEqual(36);
    }
  });

  it('lists a wall contained in two storeys once, under the lower one', async () => {
    const text = generateIfc({
      fileName: 'twice.ifc',
      projectName: 'Twice',
      siteName: 'Site',
      buildings: [{ name: 'Haus', storeys: [{ name: 'EG', elevation: 0, walls: [{ name: 'T-1' }, { name: 'T-2' }] }, { name: 'OG', elevation: 3, walls: [{ name: 'T-3' }] }] }],
    });
    const ids = (type: string) => [...text.matchAll(new RegExp(`^#(\\d+)=${type}\\(`, 'gm'))].map((match) => Number(match[1]));
    const [eg, og] = ids('IFCBUILDINGSTOREY');
    const [wall1] = ids('IFCWALL');
    // A second containment puts T-1 into the OG as well (a wall running through both storeys).
    const twice = text.replace('ENDSEC;\nEND-ISO-10303-21;', `#9999=IFCRELCONTAINEDINSPATIALSTRUCTURE('3aBcDeFgHiJkLmNoPqRsTu',$,$,$,(#${wall1}),#${og});\nENDSEC;\nEND-ISO-10303-21;`);
    const result = await extractViewerModel(bytes(twice));
    expect(result.model.children.map((floor) => [floor.id, floor.children.map((wall) => wall.name)])).toEqual([
      [eg, ['T-1', 'T-2']],
      [og, ['T-3']],
    ]);
    expect(decodeGeometry(result.geometry.buffer)).toHaveLength(3);
  });

  it('refuses what it cannot read with the IFC error keys', async () => {
    expect((await readError(bytes('ISO-10303-21;\nHEADER;\nnot really'))).key).toBe('IFC.NotIfc');
    expect(await readError(bytes(schoolIfcModel().slice(0, 2000)))).toMatchObject({ key: 'IFC.Broken', reasonKey: 'IFC.Reason.Truncated' });
    const noStoreys = generateIfc({ fileName: 'x.ifc', projectName: 'Leer', siteName: 'Leer', buildings: [{ name: 'Haus', storeys: [] }] });
    expect((await readError(bytes(noStoreys))).key).toBe('IFC.NoStructure');
  });
});

describe('wall dimensions (issue #26)', () => {
  const wallNamed = (result: Awaited<ReturnType<typeof extractViewerModel>>, name: string) => wallsOf(result.model).find((wall) => wall.name === name)!;

  it('reads length, height, thickness and net volume from Qto_WallBaseQuantities, doors and windows from their sets', async () => {
    const result = await extractViewerModel(bytes(schoolIfcModel()));
    expect(wallNamed(result, 'S-OG-W01').dimensions).toMatchObject({ length: 24000, height: 3000, thickness: 300, netVolume: 16.816, source: 'qto' });
    const corridor = wallNamed(result, 'S-EG-W07').dimensions!;
    expect(corridor.openings.map((opening) => [opening.kind, opening.name, opening.width, opening.height, opening.sill, opening.source])).toEqual(Array(3).fill(['door', 'Tür 101/213', 1010, 2135, 0, 'qto']));
  });

  it('prefers the quantity set to the geometry, and fills what the set lacks from the geometry', async () => {
    // The quantity set of every wall says 9.99 m long (the geometry: 24, 12 or 8 m) and gives no height.
    const text = schoolIfcModel()
      .replace(/IFCQUANTITYLENGTH\('Length',\$,\$,[0-9.]+,\$\)/g, "IFCQUANTITYLENGTH('Length',$,$,9.99,$)")
      .replace(/IFCQUANTITYLENGTH\('Height',\$,\$,3\.,\$\)/g, "IFCQUANTITYLENGTH('Breite',$,$,3.,$)");
    const result = await extractViewerModel(bytes(text));
    expect(wallNamed(result, 'S-EG-W05').dimensions).toMatchObject({ length: 9990, height: 3000, thickness: 240, source: 'mixed' });
  });

  it('falls back to the geometry along the wall\'s axis, whichever way the wall runs', async () => {
    const result = await extractViewerModel(bytes(schoolIfcModel({ quantities: false, overallSizes: false })));
    const table = wallsOf(result.model).map((wall) => [wall.name, wall.dimensions!.length, wall.dimensions!.height, wall.dimensions!.thickness, wall.dimensions!.source]);
    expect(table.slice(0, 8)).toEqual([
      ['S-EG-W01', 24000, 3000, 365, 'geometry'],
      ['S-EG-W02', 12000, 3000, 365, 'geometry'],
      ['S-EG-W03', 24000, 3000, 365, 'geometry'],
      ['S-EG-W04', 12000, 3000, 365, 'geometry'],
      ['S-EG-W05', 8000, 3000, 240, 'geometry'],
      ['S-EG-W06', 8000, 3000, 240, 'geometry'],
      ['S-EG-W07', 24000, 3000, 240, 'geometry'],
      ['S-EG-W08', 4000, 3000, 240, 'geometry'],
    ]);
    // The net volume of the mesh: 24 × 3 × 0.365 less six windows 1.76 × 1.51.
    expect(wallNamed(result, 'S-EG-W01').dimensions!.netVolume).toBeCloseTo(24 * 3 * 0.365 - 6 * 1.76 * 1.51 * 0.365, 2);
    expect(wallNamed(result, 'S-EG-W02').dimensions!.openings).toEqual([expect.objectContaining({ kind: 'door', width: 1800, height: 2135, sill: 0, source: 'geometry' })]);
  });

  it('scales quantities by the project\'s length unit, as the geometry is', async () => {
    // Decimetres: the 24 m wall is 24 dm = 2400 mm long, 3 dm = 300 mm high, in the quantity set and the geometry alike.
    const inDecimetres = (text: string) => text.replace('IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)', 'IFCSIUNIT(*,.LENGTHUNIT.,.DECI.,.METRE.)');
    for (const options of [{}, { quantities: false }]) {
      const result = await extractViewerModel(bytes(inDecimetres(schoolIfcModel(options))));
      expect(wallNamed(result, 'S-EG-W01').dimensions).toMatchObject({ length: 2400, height: 300 });
    }
  });

  it('lists a bare opening (no door or window) as an opening', async () => {
    const text = generateIfc({
      fileName: 'bare.ifc',
      projectName: 'Bare',
      siteName: 'Site',
      buildings: [{ name: 'Haus', storeys: [{ name: 'EG', elevation: 0, walls: [{ name: 'N-1', length: 4, openings: [{ offset: 1, width: 0.8, height: 0.6, sill: 1.2 }] }] }] }],
    });
    const result = await extractViewerModel(bytes(text));
    expect(wallNamed(result, 'N-1').dimensions).toMatchObject({ length: 4000, height: 2750, thickness: 365, source: 'geometry' });
    expect(wallNamed(result, 'N-1').dimensions!.openings).toEqual([expect.objectContaining({ kind: 'opening', name: 'Opening', width: 800, height: 600, sill: 1200, source: 'geometry' })]);
  });
});

describe('ExtractionPool', () => {
  it('runs jobs in a worker thread, one after the other, and reports failures as results', async () => {
    const pool = new ExtractionPool({ timeoutMs: 60_000, idleMs: 1000, heapLimitMb: 512 });
    try {
      const [school, garbage, maaskade] = await Promise.all([schoolIfcModel(), 'ISO-10303-21;\ngarbage', maaskadeIfcModel()].map((text) => pool.extract(bytes(text))));
      expect(school.ok && school.wallCount).toBe(16);
      expect(garbage).toEqual({ ok: false, key: 'IFC.NotIfc', reason: null });
      expect(maaskade.ok && maaskade.model.children.length).toBe(3);
      expect(school.ok && school.memory.heapMb).toBeGreaterThan(0);
      expect(pool.load).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('ends a job that runs too long as broken (timeout) and carries on with a fresh worker', async () => {
    const pool = new ExtractionPool({ timeoutMs: 300, idleMs: 1000, heapLimitMb: 512 });
    try {
      const slow = pool.extract(bytes(generateLargeIfc({ storeys: 10, wallsPerStorey: 400 })));
      const next = pool.extract(bytes(maaskadeIfcModel()));
      expect(await slow).toEqual({ ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Timeout' });
      const after = await next;
      // The fresh worker needs a moment to load web-ifc; with 300 ms it may time out too, but never hangs.
      expect(after.ok || (!after.ok && after.reason === 'IFC.Reason.Timeout')).toBe(true);
    } finally {
      await pool.close();
    }
  });
});

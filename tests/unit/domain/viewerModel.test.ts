import { describe, expect, it } from 'vitest';
import {
  buildViewerModel,
  decodeGeometry,
  encodeGeometry,
  encodedGeometrySize,
  floorOfWall,
  geometryBounds,
  viewerButtonVisible,
  ViewerGeometryError,
  wallsOf,
  withStoreyNames,
  type ViewerGeometryMesh,
} from '../../../src/domain/viewerModel';
import { ENGLISH_FALLBACK_NAMES, mapIfcStructure } from '../../../src/domain/ifcStructure';

const mesh = (wallId: number, positions: number[], indices: number[]): ViewerGeometryMesh => ({
  wallId,
  positions: new Float32Array(positions),
  indices: new Uint32Array(indices),
});

describe('buildViewerModel', () => {
  const model = buildViewerModel({
    projectName: ' Schule  am Stadtpark ',
    storeys: [
      { id: 30, globalId: 'G-OG', name: 'OG', elevation: 3 },
      { id: 20, globalId: 'G-EG', name: 'EG', elevation: 0 },
      { id: 40, globalId: 'G-X', name: null, longName: 'Dach', elevation: null },
    ],
    walls: [
      { id: 52, globalId: 'W-52', name: 'S-OG-W01', storeyIds: [30] },
      { id: 50, globalId: 'W-50', name: 'S-EG-W01', storeyIds: [20] },
      { id: 51, globalId: 'W-51', name: 'S-EG-W02', storeyIds: [30, 20] },
      { id: 53, globalId: 'W-53', name: '  ', storeyIds: [30] },
      { id: 54, globalId: 'W-54', name: 'lost', storeyIds: [99] },
    ],
  });

  it('orders floors by elevation (a floor without one last, as the structure import does, then file order) and names them', () => {
    expect(model.type).toBe('MODEL');
    expect(model.name).toBe('Schule am Stadtpark');
    expect(model.children.map((floor) => [floor.id, floor.name, floor.number, floor.elevation])).toEqual([
      [20, 'EG', 1, 0],
      [30, 'OG', 2, 3],
      [40, 'Dach', 3, 0],
    ]);
    expect(model.children.every((floor) => floor.type === 'FLOOR')).toBe(true);
  });

  it('lists a wall in several storeys once, under the lowest; falls back to the globalId for names', () => {
    expect(model.children[0].children).toEqual([
      { type: 'WALL', id: 50, globalId: 'W-50', name: 'S-EG-W01' },
      { type: 'WALL', id: 51, globalId: 'W-51', name: 'S-EG-W02' },
    ]);
    expect(model.children[1].children.map((wall) => wall.name)).toEqual(['S-OG-W01', 'W-53']);
    expect(wallsOf(model).map((wall) => wall.id)).toEqual([50, 51, 52, 53]);
  });

  it('leaves walls outside every storey out of the tree', () => {
    expect(wallsOf(model).some((wall) => wall.name === 'lost')).toBe(false);
  });

  it('names an unnamed storey as the structure import does ("Storey n" in the user\'s language), never by its GlobalId', () => {
    const facts = {
      storeys: [
        { id: 7, globalId: '2O2Fr$t4X7Zf8NOew3FLOH', name: ' ', elevation: 3 },
        { id: 5, globalId: '0K0Fr$t4X7Zf8NOew3FL9A', name: null, longName: null, elevation: 0 },
      ],
      walls: [],
    };
    const stored = buildViewerModel(facts);
    expect(stored.children.map((floor) => [floor.name, floor.number])).toEqual([
      ['', 1],
      ['', 2],
    ]);
    const german = withStoreyNames(stored, (n) => `Geschoss ${n}`);
    expect(german.children.map((floor) => floor.name)).toEqual(['Geschoss 1', 'Geschoss 2']);
    // The structure import of the same storeys (one building) names its lots alike.
    const structure = mapIfcStructure({ buildings: [{ id: 1, name: 'Haus' }], storeys: facts.storeys.map((storey) => ({ ...storey, buildingId: 1 })), walls: [], groups: [] }, { ...ENGLISH_FALLBACK_NAMES, storey: (n) => `Geschoss ${n}` });
    expect(structure.subProjects[0].approvalLots).toEqual(german.children.map((floor) => floor.name));
    // A named model is served as stored.
    expect(withStoreyNames(model, (n) => `Storey ${n}`)).toBe(model);
  });

  it('finds the floor of a wall', () => {
    expect(floorOfWall(model, 51)?.name).toBe('EG');
    expect(floorOfWall(model, 53)?.name).toBe('OG');
    expect(floorOfWall(model, 54)).toBeUndefined();
  });
});

describe('geometry encoding', () => {
  const meshes = [mesh(7, [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, -2.5], [0, 1, 2, 2, 1, 3]), mesh(4294967295, [], []), mesh(9, [5, 6, 7], [0, 0, 0])];

  it('round-trips meshes through the PXG1 layout', () => {
    const bytes = encodeGeometry(meshes);
    expect(bytes.byteLength).toBe(encodedGeometrySize(meshes));
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('PXG1');
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(3);
    expect(view.getUint32(8, true)).toBe(7);
    expect(view.getUint32(12, true)).toBe(4);
    expect(view.getUint32(16, true)).toBe(6);
    expect(view.getFloat32(20 + 11 * 4, true)).toBe(-2.5);
    const decoded = decodeGeometry(bytes.buffer);
    expect(decoded.map((m) => [m.wallId, [...m.positions], [...m.indices]])).toEqual(meshes.map((m) => [m.wallId, [...m.positions], [...m.indices]]));
  });

  it('decodes into views on the buffer, without copies', () => {
    const bytes = encodeGeometry(meshes);
    const [first] = decodeGeometry(bytes.buffer);
    expect(first.positions.buffer).toBe(bytes.buffer);
    expect(first.indices.buffer).toBe(bytes.buffer);
    expect(first.positions.byteOffset).toBe(20);
  });

  it('decodes a slice of a larger buffer', () => {
    const bytes = encodeGeometry(meshes);
    const padded = new Uint8Array(bytes.byteLength + 16);
    padded.set(bytes, 8);
    expect(decodeGeometry(padded.buffer, 8, bytes.byteLength).map((m) => m.wallId)).toEqual([7, 4294967295, 9]);
  });

  it('encodes an empty list as a bare header', () => {
    expect(decodeGeometry(encodeGeometry([]).buffer)).toEqual([]);
  });

  it('rejects foreign and truncated buffers', () => {
    expect(() => decodeGeometry(new TextEncoder().encode('ISO-10303-21;').buffer)).toThrow(ViewerGeometryError);
    const bytes = encodeGeometry(meshes);
    expect(() => decodeGeometry(bytes.buffer.slice(0, bytes.byteLength - 4))).toThrow('truncated');
    expect(() => encodeGeometry([mesh(1, [1, 2], [])])).toThrow(ViewerGeometryError);
  });

  it('computes the bounds over all meshes', () => {
    expect(geometryBounds(meshes)).toEqual({ min: [0, 0, -2.5], max: [5, 6, 7] });
    expect(geometryBounds([])).toEqual({ min: [0, 0, 0], max: [0, 0, 0] });
  });
});

describe('viewerButtonVisible', () => {
  it('shows the viewer from the drawing review on', () => {
    for (const state of ['ReviewPreliminaryDrawings', 'ReviewRevisedDrawings', 'ReviseDrawings', 'Finalized', 'Approved']) expect(viewerButtonVisible(state)).toBe(true);
    for (const state of ['Preparing', 'Structuring', 'PlaceOrder', '', null, undefined]) expect(viewerButtonVisible(state)).toBe(false);
  });
});

import { type IfcAPI, IFCBUILDINGELEMENTPART, IFCWALL, IFCWALLELEMENTEDCASE, IFCWALLSTANDARDCASE } from 'web-ifc';
import type { VoidRelation } from './ifc-void-mask.js';
import { cutBoxOpenings, type TriangleMesh } from './ifc-wall-cut.js';
import { transformAxis, type Direction } from './ifc-wall-geometry.js';

/**
 * The walls' triangles with their openings cut out, in as few passes over the model as web-ifc allows. web-ifc's
 * boolean subtraction takes about a millisecond per opened wall (seven of the eight seconds of a 20 MB model), so
 * web-ifc reads the model with its voids hidden (ifc-void-mask.ts), and the usual case — a box-shaped wall with
 * box-shaped openings through it — is cut here (ifc-wall-cut.ts). Only the walls for which that does not apply get
 * web-ifc's boolean, from a second opening of the original file.
 */

/** The element types whose meshes the viewer shows (a part counts for the wall it belongs to). */
export const MESHED_TYPES = [IFCWALL, IFCWALLSTANDARDCASE, IFCWALLELEMENTEDCASE, IFCBUILDINGELEMENTPART];

/** One placed geometry of an element in world coordinates, with the x axis of its placement. */
export interface Piece extends TriangleMesh {
  axis: Direction | null;
}

/**
 * web-ifc vertices are (x, y, z, nx, ny, nz), already Y up; the 4×4 placement is column-major. Reads `floats`
 * floats from `start` of `vertexData` (web-ifc's memory itself, so nothing is copied before the placement).
 */
export function placedPositions(vertexData: Float32Array, m: number[], start = 0, floats = vertexData.length - start): Float32Array {
  const count = Math.floor(floats / 6);
  const placed = new Float32Array(count * 3);
  const [m0, m1, m2, , m4, m5, m6, , m8, m9, m10, , m12, m13, m14] = m;
  for (let v = 0, i = start; v < count; v++, i += 6) {
    const x = vertexData[i];
    const y = vertexData[i + 1];
    const z = vertexData[i + 2];
    placed[v * 3] = m0 * x + m4 * y + m8 * z + m12;
    placed[v * 3 + 1] = m1 * x + m5 * y + m9 * z + m13;
    placed[v * 3 + 2] = m2 * x + m6 * y + m10 * z + m14;
  }
  return placed;
}

/** web-ifc's memory as floats (a new view after the memory grew). */
const heapF32 = (api: IfcAPI): Float32Array => (api as unknown as { wasmModule: { HEAPF32: Float32Array } }).wasmModule.HEAPF32;

/** Collects each streamed mesh's pieces by element (one copy of the vertices: placed straight out of wasm memory). */
function pieceCollector(api: IfcAPI, modelId: number, into: Map<number, Piece[]>) {
  return (mesh: { expressID: number; geometries: { size(): number; get(index: number): { geometryExpressID: number; flatTransformation: number[] } } }) => {
    const list = into.get(mesh.expressID) ?? [];
    for (let g = 0; g < mesh.geometries.size(); g++) {
      const placed = mesh.geometries.get(g);
      const geometry = api.GetGeometry(modelId, placed.geometryExpressID);
      try {
        list.push({
          positions: placedPositions(heapF32(api), placed.flatTransformation, geometry.GetVertexData() / 4, geometry.GetVertexDataSize()),
          indices: api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize()),
          axis: transformAxis(placed.flatTransformation),
        });
      } finally {
        geometry.delete();
      }
    }
    into.set(mesh.expressID, list);
  };
}

/** The pieces of the given elements, as web-ifc makes them (its booleans included). */
export function streamPieces(api: IfcAPI, modelId: number, ids: number[]): Map<number, Piece[]> {
  const pieces = new Map<number, Piece[]>();
  if (ids.length) api.StreamMeshes(modelId, ids, pieceCollector(api, modelId, pieces));
  return pieces;
}

/** One mesh of all the pieces (an opening's several solids, for instance). */
export function mergePieces(pieces: readonly TriangleMesh[]): TriangleMesh {
  if (pieces.length === 1) return pieces[0];
  const positions = new Float32Array(pieces.reduce((sum, piece) => sum + piece.positions.length, 0));
  const indices = new Uint32Array(pieces.reduce((sum, piece) => sum + piece.indices.length, 0));
  let p = 0;
  let i = 0;
  for (const piece of pieces) {
    const base = p / 3;
    positions.set(piece.positions, p);
    for (let k = 0; k < piece.indices.length; k++) indices[i + k] = piece.indices[k] + base;
    p += piece.positions.length;
    i += piece.indices.length;
  }
  return { positions, indices };
}

export interface ElementMeshes {
  /** The pieces of every wall and part, openings cut out where they could be here. */
  pieces: Map<number, Piece[]>;
  /** Each opening's triangles in world coordinates. */
  openings: Map<number, TriangleMesh>;
  /** Elements whose openings need web-ifc's boolean (streamPieces on a fresh opening of the model). */
  needBoolean: number[];
  /** Elements with openings cut here. */
  cut: number;
}

/**
 * Streams the walls and parts once and the openings once from the model opened with its voids hidden, then cuts
 * the openings out.
 */
export function readElementMeshes(api: IfcAPI, modelId: number, voids: readonly VoidRelation[]): ElementMeshes {
  const openingsOf = new Map<number, number[]>();
  for (const { element, opening } of voids) openingsOf.set(element, [...(openingsOf.get(element) ?? []), opening]);
  const pieces = new Map<number, Piece[]>();
  api.StreamAllMeshesWithTypes(modelId, MESHED_TYPES, pieceCollector(api, modelId, pieces));
  const openingPieces = streamPieces(api, modelId, [...new Set([...openingsOf.values()].flat())]);
  const openings = new Map([...openingPieces].map(([id, list]) => [id, mergePieces(list)]));

  const needBoolean: number[] = [];
  let cut = 0;
  for (const [element, openingIds] of openingsOf) {
    const own = pieces.get(element);
    if (!own?.length) continue;
    const holes = openingIds.map((id) => openings.get(id)).filter((mesh): mesh is TriangleMesh => mesh !== undefined && mesh.positions.length > 0);
    const result = own.length === 1 ? cutBoxOpenings(own[0], holes, own[0].axis ? [own[0].axis] : []) : null;
    if (result) {
      pieces.set(element, [{ ...result, axis: own[0].axis }]);
      cut++;
    } else {
      needBoolean.push(element);
    }
  }
  return { pieces, openings, needBoolean, cut };
}

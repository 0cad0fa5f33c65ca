import {
  type IfcAPI,
  IFCBUILDINGELEMENTPART,
  IFCBUILDINGSTOREY,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCWALL,
  IFCWALLELEMENTEDCASE,
  IFCWALLSTANDARDCASE,
} from 'web-ifc';
import {
  buildViewerModel,
  encodeGeometry,
  geometryBounds,
  wallsOf,
  type ViewerBounds,
  type ViewerFacts,
  type ViewerGeometryMesh,
  type ViewerModel,
} from '../../src/domain/viewerModel.js';
import { IfcReadError, withIfcModel, number, reference, references, text, type Line } from './ifc-structure.js';
import { readDimensionFacts, wallDimensions } from './ifc-wall-dimensions.js';
import { measureWall, transformAxis, type Direction } from './ifc-wall-geometry.js';

/**
 * Reads what the 3D viewer needs from an IFC file in one pass of web-ifc: the storeys and walls (the tree), the
 * walls' triangles merged into one positions-only mesh per wall, and each wall's dimensions and openings (for
 * the order proposal). Runs inside the extraction worker.
 */

const WALL_TYPES = [IFCWALL, IFCWALLSTANDARDCASE, IFCWALLELEMENTEDCASE];

export interface ViewerExtraction {
  model: ViewerModel;
  bounds: ViewerBounds;
  /** The 'PXG1' bytes (see src/domain/viewerModel.ts). */
  geometry: Uint8Array<ArrayBuffer>;
  wallCount: number;
  meshCount: number;
  triangleCount: number;
  parseMs: number;
}


/** Storeys, walls and where each wall is: contained in a storey (or in a space below it), or part of such an element. */
function readFacts(api: IfcAPI, modelId: number): ViewerFacts & { partOf: Map<number, number> } {
  const ids = (type: number) => [...api.GetLineIDsWithType(modelId, type)];
  const line = (id: number) => api.GetLine(modelId, id) as Line;

  const projects = ids(IFCPROJECT);
  if (!projects.length) throw new IfcReadError('IFC.NotIfc');
  const storeyIds = new Set(ids(IFCBUILDINGSTOREY));
  if (!storeyIds.size) throw new IfcReadError('IFC.NoStructure');

  // IfcRelAggregates: spatial parents (storey → space) and element parts (wall → part), child → whole.
  const parent = new Map<number, number>();
  for (const id of ids(IFCRELAGGREGATES)) {
    const rel = line(id);
    const whole = reference(rel.RelatingObject);
    if (whole === null) continue;
    for (const child of references(rel.RelatedObjects)) if (!parent.has(child)) parent.set(child, whole);
  }
  const storeyAbove = (start: number): number | null => {
    const seen = new Set<number>();
    for (let id: number | undefined = start; id !== undefined && !seen.has(id); id = parent.get(id)) {
      if (storeyIds.has(id)) return id;
      seen.add(id);
    }
    return null;
  };

  const containedIn = new Map<number, number[]>();
  for (const id of ids(IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = line(id);
    const structure = reference(rel.RelatingStructure);
    const storey = structure === null ? null : storeyAbove(structure);
    if (storey === null) continue;
    for (const element of references(rel.RelatedElements)) containedIn.set(element, [...(containedIn.get(element) ?? []), storey]);
  }
  /** A wall not contained itself counts where the element it is part of is contained. */
  const storeysOf = (wallId: number): number[] => {
    const seen = new Set<number>();
    for (let id: number | undefined = wallId; id !== undefined && !seen.has(id); id = parent.get(id)) {
      const storeys = containedIn.get(id);
      if (storeys) return storeys;
      seen.add(id);
    }
    return [];
  };

  const project = line(projects[0]);
  return {
    projectName: text(project.Name) ?? text(project.LongName),
    storeys: [...storeyIds].map((id) => {
      const storey = line(id);
      return { id, globalId: text(storey.GlobalId), name: text(storey.Name), longName: text(storey.LongName), elevation: number(storey.Elevation) };
    }),
    walls: WALL_TYPES.flatMap(ids).map((id) => {
      const wall = line(id);
      return { id, globalId: text(wall.GlobalId), name: text(wall.Name), storeyIds: storeysOf(id) };
    }),
    partOf: parent,
  };
}

/** web-ifc vertices are (x, y, z, nx, ny, nz), already Y up; the 4×4 placement is column-major. */
function placedPositions(vertexData: Float32Array, m: number[]): Float32Array {
  const count = Math.floor(vertexData.length / 6);
  const placed = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const x = vertexData[v * 6];
    const y = vertexData[v * 6 + 1];
    const z = vertexData[v * 6 + 2];
    placed[v * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
    placed[v * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    placed[v * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return placed;
}

/** Positions and indices of one wall, gathered in pieces and joined once at the end. */
class WallMeshBuilder {
  private readonly positions: Float32Array[] = [];
  private readonly indices: Uint32Array[] = [];
  private vertexCount = 0;
  private indexCount = 0;
  /** The pieces' x axes: authoring tools lay a wall's local x along it. */
  readonly axes: Direction[] = [];

  add(vertexData: Float32Array, indexData: Uint32Array, m: number[]) {
    const count = Math.floor(vertexData.length / 6);
    const placed = placedPositions(vertexData, m);
    const axis = transformAxis(m);
    if (axis && !this.axes.some((known) => Math.abs(known[0] * axis[1] - known[1] * axis[0]) < 1e-6)) this.axes.push(axis);
    const shifted = new Uint32Array(indexData.length);
    for (let i = 0; i < indexData.length; i++) shifted[i] = indexData[i] + this.vertexCount;
    this.positions.push(placed);
    this.indices.push(shifted);
    this.vertexCount += count;
    this.indexCount += shifted.length;
  }

  build(wallId: number): ViewerGeometryMesh {
    const positions = new Float32Array(this.vertexCount * 3);
    const indices = new Uint32Array(this.indexCount);
    let p = 0;
    let i = 0;
    for (const chunk of this.positions) positions.set(chunk, (p += chunk.length) - chunk.length);
    for (const chunk of this.indices) indices.set(chunk, (i += chunk.length) - chunk.length);
    return { wallId, positions, indices };
  }
}

/** The walls' meshes, keyed by the wall of the tree each mesh belongs to (a part counts for its wall). */
function readMeshes(api: IfcAPI, modelId: number, wallIds: Set<number>, partOf: Map<number, number>): { meshes: ViewerGeometryMesh[]; axes: Map<number, Direction[]> } {
  const wallOf = (expressId: number): number | null => {
    for (let id: number | undefined = expressId, depth = 0; id !== undefined && depth < 8; id = partOf.get(id), depth++) if (wallIds.has(id)) return id;
    return null;
  };
  const builders = new Map<number, WallMeshBuilder>();
  api.StreamAllMeshesWithTypes(modelId, [...WALL_TYPES, IFCBUILDINGELEMENTPART], (mesh) => {
    const wallId = wallOf(mesh.expressID);
    if (wallId === null) return;
    let builder = builders.get(wallId);
    if (!builder) builders.set(wallId, (builder = new WallMeshBuilder()));
    const placed = mesh.geometries;
    for (let g = 0; g < placed.size(); g++) {
      const piece = placed.get(g);
      const geometry = api.GetGeometry(modelId, piece.geometryExpressID);
      try {
        const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
        const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
        builder.add(vertices, indices, piece.flatTransformation);
      } finally {
        geometry.delete();
      }
    }
  });
  const built = [...wallIds].filter((id) => builders.has(id));
  return { meshes: built.map((id) => builders.get(id)!.build(id)), axes: new Map(built.map((id) => [id, builders.get(id)!.axes])) };
}

/** Each opening's triangles in world coordinates, merged per opening (only the positions are needed). */
function readOpeningGeometry(api: IfcAPI, modelId: number, openingIds: number[]): Map<number, Float32Array> {
  const pieces = new Map<number, Float32Array[]>();
  if (!openingIds.length) return new Map();
  api.StreamMeshes(modelId, openingIds, (mesh) => {
    const list = pieces.get(mesh.expressID) ?? [];
    for (let g = 0; g < mesh.geometries.size(); g++) {
      const piece = mesh.geometries.get(g);
      const geometry = api.GetGeometry(modelId, piece.geometryExpressID);
      try {
        list.push(placedPositions(api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize()), piece.flatTransformation));
      } finally {
        geometry.delete();
      }
    }
    pieces.set(mesh.expressID, list);
  });
  const merged = new Map<number, Float32Array>();
  for (const [id, list] of pieces) {
    const positions = new Float32Array(list.reduce((sum, piece) => sum + piece.length, 0));
    let offset = 0;
    for (const piece of list) positions.set(piece, (offset += piece.length) - piece.length);
    merged.set(id, positions);
  }
  return merged;
}

/** Adds every wall's dimensions and openings to the tree: quantity sets first, the geometry for the rest. */
function addDimensions(api: IfcAPI, modelId: number, model: ViewerModel, meshes: ViewerGeometryMesh[], axes: Map<number, Direction[]>) {
  const walls = wallsOf(model);
  const facts = readDimensionFacts(api, modelId, new Set(walls.map((wall) => wall.id)));
  const openingGeometry = readOpeningGeometry(api, modelId, [...facts.openingsOf.values()].flat().map((opening) => opening.id));
  const meshOf = new Map(meshes.map((mesh) => [mesh.wallId, mesh]));
  for (const wall of walls) {
    const mesh = meshOf.get(wall.id);
    const measure = mesh ? measureWall(mesh.positions, mesh.indices, axes.get(wall.id)) : null;
    wall.dimensions = wallDimensions(facts.wallQuantities.get(wall.id), measure, facts.openingsOf.get(wall.id) ?? [], openingGeometry);
  }
}

/**
 * Reads the model. Throws IfcReadError (IFC.NotIfc, IFC.Broken with a reason, IFC.TooLarge, IFC.NoStructure)
 * and nothing else; after a failure inside web-ifc the next call gets a fresh instance.
 */
export async function extractViewerModel(bytes: Uint8Array): Promise<ViewerExtraction> {
  const started = performance.now();
  return withIfcModel(bytes, (api, modelId) => {
    const { partOf, ...facts } = readFacts(api, modelId);
    const model = buildViewerModel(facts);
    const walls = wallsOf(model);
    const { meshes, axes } = readMeshes(api, modelId, new Set(walls.map((wall) => wall.id)), partOf);
    addDimensions(api, modelId, model, meshes, axes);
    return {
      model,
      bounds: geometryBounds(meshes),
      geometry: encodeGeometry(meshes),
      wallCount: walls.length,
      meshCount: meshes.length,
      triangleCount: meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0),
      parseMs: Math.round(performance.now() - started),
    };
  });
}

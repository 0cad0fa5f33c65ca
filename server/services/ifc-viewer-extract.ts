import {
  type IfcAPI,
  IFCBUILDINGSTOREY,
  IFCPROJECT,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELVOIDSELEMENT,
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
import { checkIfcBytes, IfcReadError, withIfcModel, number, reference, references, text, type Line } from './ifc-structure.js';
import { readDimensionFacts, wallDimensions, type DimensionFacts } from './ifc-wall-dimensions.js';
import { mergePieces, readElementMeshes, streamPieces, type Piece } from './ifc-viewer-meshes.js';
import { maskVoids, type VoidRelation } from './ifc-void-mask.js';
import type { TriangleMesh } from './ifc-wall-cut.js';
import { measureWall, type Direction } from './ifc-wall-geometry.js';

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
  /** Walls whose openings were cut by the fast way and by web-ifc's boolean (see ifc-viewer-meshes.ts). */
  booleans: { cut: number; webIfc: number };
  parseMs: number;
}

/** Raw lines in chunks (web-ifc copies each chunk's arguments out in one call). */
function rawLines(api: IfcAPI, modelId: number, ids: number[]): { ID: number; arguments: unknown[] }[] {
  const lines: { ID: number; arguments: unknown[] }[] = [];
  for (let start = 0; start < ids.length; start += 5000) {
    for (const line of api.GetRawLinesData(modelId, ids.slice(start, start + 5000))) lines.push({ ID: line.ID, arguments: line.arguments ?? [] });
  }
  return lines;
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
    // Raw lines for the many walls (positional arguments, GlobalId first, Name third; several times cheaper than GetLine).
    walls: rawLines(api, modelId, WALL_TYPES.flatMap(ids)).map(({ ID: id, arguments: args }) => ({ id, globalId: text(args[0]), name: text(args[2]), storeyIds: storeysOf(id) })),
    partOf: parent,
  };
}

/** Positions and indices of one wall, gathered in pieces and joined once at the end. */
class WallMeshBuilder {
  private readonly pieces: Piece[] = [];
  private vertexCount = 0;
  private indexCount = 0;
  /** The pieces' x axes: authoring tools lay a wall's local x along it. */
  readonly axes: Direction[] = [];

  add(piece: Piece) {
    const axis = piece.axis;
    if (axis && !this.axes.some((known) => Math.abs(known[0] * axis[1] - known[1] * axis[0]) < 1e-6)) this.axes.push(axis);
    this.pieces.push(piece);
    this.vertexCount += piece.positions.length / 3;
    this.indexCount += piece.indices.length;
  }

  build(wallId: number): ViewerGeometryMesh {
    if (this.pieces.length === 1) return { wallId, positions: this.pieces[0].positions, indices: this.pieces[0].indices };
    const { positions, indices } = mergePieces(this.pieces);
    return { wallId, positions, indices };
  }
}

/** The walls' meshes, keyed by the wall of the tree each mesh belongs to (a part counts for its wall). */
function wallMeshes(pieces: Map<number, Piece[]>, wallIds: Set<number>, partOf: Map<number, number>): { meshes: ViewerGeometryMesh[]; axes: Map<number, Direction[]> } {
  const wallOf = (expressId: number): number | null => {
    for (let id: number | undefined = expressId, depth = 0; id !== undefined && depth < 8; id = partOf.get(id), depth++) if (wallIds.has(id)) return id;
    return null;
  };
  const builders = new Map<number, WallMeshBuilder>();
  for (const [element, list] of pieces) {
    const wallId = wallOf(element);
    if (wallId === null) continue;
    let builder = builders.get(wallId);
    if (!builder) builders.set(wallId, (builder = new WallMeshBuilder()));
    for (const piece of list) builder.add(piece);
  }
  const built = [...wallIds].filter((id) => builders.has(id));
  return { meshes: built.map((id) => builders.get(id)!.build(id)), axes: new Map(built.map((id) => [id, builders.get(id)!.axes])) };
}

/** Adds every wall's dimensions and openings to the tree: quantity sets first, the geometry for the rest. */
function addDimensions(model: ViewerModel, facts: DimensionFacts, meshes: ViewerGeometryMesh[], axes: Map<number, Direction[]>, openings: Map<number, TriangleMesh>) {
  const openingGeometry = new Map([...openings].map(([id, mesh]) => [id, mesh.positions]));
  const meshOf = new Map(meshes.map((mesh) => [mesh.wallId, mesh]));
  for (const wall of wallsOf(model)) {
    const mesh = meshOf.get(wall.id);
    const measure = mesh ? measureWall(mesh.positions, mesh.indices, axes.get(wall.id)) : null;
    wall.dimensions = wallDimensions(facts.wallQuantities.get(wall.id), measure, facts.openingsOf.get(wall.id) ?? [], openingGeometry);
  }
}

/** IfcRelVoidsElement instances web-ifc still sees (written in a way the mask leaves alone). */
function readVoids(api: IfcAPI, modelId: number): VoidRelation[] {
  return [...api.GetLineIDsWithType(modelId, IFCRELVOIDSELEMENT)].flatMap((relId) => {
    const rel = api.GetLine(modelId, relId) as Line;
    const element = reference(rel.RelatingBuildingElement);
    const opening = reference(rel.RelatedOpeningElement);
    return element === null || opening === null ? [] : [{ relId, element, opening }];
  });
}

/** Everything from one opening of the model with its voids hidden: the tree, the relationships, the meshes. */
function readModel(api: IfcAPI, modelId: number, hidden: VoidRelation[]) {
  const { partOf, ...facts } = readFacts(api, modelId);
  const model = buildViewerModel(facts);
  const wallIds = new Set(wallsOf(model).map((wall) => wall.id));
  const dimensionFacts = readDimensionFacts(api, modelId, wallIds, [...hidden, ...readVoids(api, modelId)]);
  return { model, wallIds, partOf, dimensionFacts, ...readElementMeshes(api, modelId, hidden) };
}

/**
 * Reads the model. Throws IfcReadError (IFC.NotIfc, IFC.Broken with a reason, IFC.TooLarge, IFC.NoStructure)
 * and nothing else; after a failure inside web-ifc the next call gets a fresh instance.
 */
export async function extractViewerModel(bytes: Uint8Array): Promise<ViewerExtraction> {
  const started = performance.now();
  checkIfcBytes(bytes);
  const { masked, voids } = maskVoids(bytes);
  const read = await withIfcModel(masked, (api, modelId) => readModel(api, modelId, voids));
  if (read.needBoolean.length) {
    // The walls the fast cut does not fit: web-ifc's boolean, from the file as it is.
    const exact = await withIfcModel(bytes, (api, modelId) => streamPieces(api, modelId, read.needBoolean));
    for (const element of read.needBoolean) read.pieces.set(element, exact.get(element) ?? []);
  }
  const { model, wallIds, partOf } = read;
  const { meshes, axes } = wallMeshes(read.pieces, wallIds, partOf);
  addDimensions(model, read.dimensionFacts, meshes, axes, read.openings);
  return {
    model,
    bounds: geometryBounds(meshes),
    geometry: encodeGeometry(meshes),
    wallCount: wallIds.size,
    meshCount: meshes.length,
    triangleCount: meshes.reduce((sum, mesh) => sum + mesh.indices.length / 3, 0),
    booleans: { cut: read.cut, webIfc: read.needBoolean.length },
    parseMs: Math.round(performance.now() - started),
  };
}

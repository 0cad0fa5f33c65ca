/**
 * The 3D viewer's model (issue #10): the tree of storeys and walls the API answers as JSON, and the
 * compact binary geometry (`.bin`) the app draws. Pure: the server builds both from the facts web-ifc
 * reads, the app decodes them. Decisions are written down in docs/decisions-viewer.md.
 */

import { compareStoreys, storeyName } from './ifcStructure';

export interface ViewerWall {
  type: 'WALL';
  /** The IFC expressID (STEP line number). */
  id: number;
  globalId: string;
  /** The IFC Name ('S-EG-W01'), else the globalId. */
  name: string;
  /** Length, height, thickness, volume and openings (issue #26); absent in models extracted before. */
  dimensions?: WallDimensions;
}

/** Where a dimension was read: the IFC quantity set, the door's or window's attributes, or the geometry. */
export type DimensionSource = 'qto' | 'attributes' | 'geometry';

/** A door, window or bare opening cut into a wall (IfcRelVoidsElement, IfcRelFillsElement). Millimetres. */
export interface WallOpeningDimensions {
  id: number;
  globalId: string;
  /** The door's or window's name, else the opening's, else its GlobalId. */
  name: string;
  kind: 'door' | 'window' | 'opening';
  width: number | null;
  height: number | null;
  /** From the wall's base to the opening's bottom (geometry only). */
  sill: number | null;
  /** Where width and height came from; null when neither is known. */
  source: DimensionSource | null;
}

/**
 * A wall's dimensions (millimetres, rounded to the millimetre; volume in m³): from Qto_WallBaseQuantities where
 * present, else from the geometry along the wall's axis; `mixed` when the quantity set lacked some of them.
 */
export interface WallDimensions {
  length: number | null;
  height: number | null;
  thickness: number | null;
  netVolume: number | null;
  source: 'qto' | 'geometry' | 'mixed' | null;
  openings: WallOpeningDimensions[];
}

export interface ViewerFloor {
  type: 'FLOOR';
  id: number;
  globalId: string;
  /** The IFC Name, else its LongName (storeyName); empty in the stored model for an unnamed storey (withStoreyNames). */
  name: string;
  /** Its place among the model's storeys from the bottom, from 1 (storeyNumbers): "Storey n" when unnamed. */
  number: number;
  /** Metres; 0 when the file gives none. */
  elevation: number;
  children: ViewerWall[];
}

export interface ViewerModel {
  type: 'MODEL';
  name: string;
  children: ViewerFloor[];
}

/** One wall's triangles: positions in metres, Y up; indices 0-based within the mesh. */
export interface ViewerGeometryMesh {
  wallId: number;
  positions: Float32Array;
  indices: Uint32Array;
}

export type Vec3 = [number, number, number];

export interface ViewerBounds {
  min: Vec3;
  max: Vec3;
}

export interface ViewerFileRef {
  id: number;
  name: string;
}

export interface ViewerMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** 200 of `GET /api/view/{rootId}/{unitId}.json`. */
export interface ViewerReady {
  rootProjectUnitID: number;
  projectUnitID: number;
  status: 'ready';
  file: ViewerFileRef;
  hash: string;
  geometryUrl: string;
  bounds: ViewerBounds;
  model: ViewerModel;
}

/** 202: the worker is still extracting; the app asks again after VIEWER_POLL_MS. */
export interface ViewerPending {
  status: 'pending';
  file: ViewerFileRef;
}

/** 422: the file could not be read. */
export interface ViewerFailed {
  status: 'failed';
  file: ViewerFileRef;
  messages: ViewerMessage[];
}

export type ViewerAnswer = ViewerReady | ViewerPending | ViewerFailed;

/** `GET /api/view/{rootId}/{unitId}/status`. */
export interface ViewerStatus {
  status: 'none' | 'pending' | 'ready' | 'failed';
  file?: ViewerFileRef;
  messages?: ViewerMessage[];
}

export const VIEWER_POLL_MS = 1000;

/** Error keys an extraction can end with (translated under IFC.*). */
export const VIEWER_ERROR_KEYS = ['IFC.Broken', 'IFC.NotIfc', 'IFC.TooLarge', 'IFC.NoStructure'] as const;
export type ViewerErrorKey = (typeof VIEWER_ERROR_KEYS)[number];

/** Approval-lot states in which the viewer button shows (spec DECISIONS: the drawing review states and after). */
export const VIEWER_STATES = ['ReviewPreliminaryDrawings', 'ReviewRevisedDrawings', 'ReviseDrawings', 'Finalized', 'Approved'] as const;

export function viewerButtonVisible(stateKey: string | null | undefined): boolean {
  return !!stateKey && (VIEWER_STATES as readonly string[]).includes(stateKey);
}

/** Every wall of the model, floor by floor, in tree order. */
export function wallsOf(model: ViewerModel): ViewerWall[] {
  return model.children.flatMap((floor) => floor.children);
}

/** The floor a wall is listed under, or undefined. */
export function floorOfWall(model: ViewerModel, wallId: number): ViewerFloor | undefined {
  return model.children.find((floor) => floor.children.some((wall) => wall.id === wallId));
}

/* ---------- Tree from the facts the server reads ---------- */

export interface ViewerStoreyFact {
  id: number;
  globalId?: string | null;
  name?: string | null;
  longName?: string | null;
  elevation?: number | null;
}

export interface ViewerWallFact {
  id: number;
  globalId?: string | null;
  name?: string | null;
  /** The storeys the wall is contained in (directly or through a space/element). */
  storeyIds: number[];
}

export interface ViewerFacts {
  projectName?: string | null;
  storeys: ViewerStoreyFact[];
  walls: ViewerWallFact[];
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const elevationOf = (storey: ViewerStoreyFact) => (typeof storey.elevation === 'number' && Number.isFinite(storey.elevation) ? storey.elevation : 0);

/**
 * Floors from bottom to top (compareStoreys: elevation, a storey without one last, then file order); each wall
 * once, under the first of its storeys in that order; walls in file order. Walls in no storey are not part of the
 * tree. An unnamed storey's name stays empty here: the stored model serves every language (withStoreyNames).
 */
export function buildViewerModel(facts: ViewerFacts): ViewerModel {
  const storeys = [...facts.storeys].sort(compareStoreys);
  const rank = new Map(storeys.map((storey, index) => [storey.id, index]));
  const floors: ViewerFloor[] = storeys.map((storey, index) => ({
    type: 'FLOOR',
    id: storey.id,
    globalId: clean(storey.globalId),
    name: storeyName(storey, index + 1, () => ''),
    number: index + 1,
    elevation: elevationOf(storey),
    children: [],
  }));
  for (const wall of [...facts.walls].sort((a, b) => a.id - b.id)) {
    const ranks = wall.storeyIds.map((id) => rank.get(id)).filter((r): r is number => r !== undefined);
    if (!ranks.length) continue;
    const globalId = clean(wall.globalId);
    floors[Math.min(...ranks)].children.push({ type: 'WALL', id: wall.id, globalId, name: clean(wall.name) || globalId || `#${wall.id}` });
  }
  return { type: 'MODEL', name: clean(facts.projectName), children: floors };
}

/** The model as the user reads it: an unnamed storey is called as in the structure import ("Storey n", storeyName). */
export function withStoreyNames(model: ViewerModel, fallback: (n: number) => string): ViewerModel {
  if (model.children.every((floor) => floor.name)) return model;
  return { ...model, children: model.children.map((floor) => (floor.name ? floor : { ...floor, name: storeyName(floor, floor.number, fallback) })) };
}

/* ---------- Binary geometry ('PXG1') ---------- */

const MAGIC = [0x50, 0x58, 0x47, 0x31]; // 'PXG1'
const littleEndianHost = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export class ViewerGeometryError extends Error {}

/** Bounds over all meshes; a zero box at the origin when there is no vertex. */
export function geometryBounds(meshes: ViewerGeometryMesh[]): ViewerBounds {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    const p = mesh.positions;
    for (let i = 0; i + 2 < p.length; i += 3) {
      for (let axis = 0; axis < 3; axis++) {
        const v = p[i + axis];
        if (v < min[axis]) min[axis] = v;
        if (v > max[axis]) max[axis] = v;
      }
    }
  }
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

export function encodedGeometrySize(meshes: ViewerGeometryMesh[]): number {
  return meshes.reduce((size, mesh) => size + 12 + mesh.positions.length * 4 + mesh.indices.length * 4, 8);
}

/** Writes the meshes in the 'PXG1' layout (little-endian, 4-byte aligned). */
export function encodeGeometry(meshes: ViewerGeometryMesh[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(encodedGeometrySize(meshes));
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(4, meshes.length, true);
  let offset = 8;
  for (const mesh of meshes) {
    if (mesh.positions.length % 3 !== 0) throw new ViewerGeometryError(`mesh ${mesh.wallId}: positions not a multiple of 3`);
    const vertexCount = mesh.positions.length / 3;
    view.setUint32(offset, mesh.wallId, true);
    view.setUint32(offset + 4, vertexCount, true);
    view.setUint32(offset + 8, mesh.indices.length, true);
    offset += 12;
    if (littleEndianHost) {
      bytes.set(new Uint8Array(mesh.positions.buffer, mesh.positions.byteOffset, mesh.positions.byteLength), offset);
      offset += mesh.positions.byteLength;
      bytes.set(new Uint8Array(mesh.indices.buffer, mesh.indices.byteOffset, mesh.indices.byteLength), offset);
      offset += mesh.indices.byteLength;
      continue;
    }
    for (let i = 0; i < mesh.positions.length; i++, offset += 4) view.setFloat32(offset, mesh.positions[i], true);
    for (let i = 0; i < mesh.indices.length; i++, offset += 4) view.setUint32(offset, mesh.indices[i], true);
  }
  return bytes;
}

/**
 * Reads a 'PXG1' buffer. On little-endian hosts (all browsers and servers in practice) the arrays are
 * views on `buffer`, no copies; `byteOffset` lets a caller pass a view's underlying buffer.
 */
export function decodeGeometry(buffer: ArrayBufferLike, byteOffset = 0, byteLength = buffer.byteLength - byteOffset): ViewerGeometryMesh[] {
  if (byteOffset % 4 !== 0) throw new ViewerGeometryError('geometry not 4-byte aligned');
  const view = new DataView(buffer, byteOffset, byteLength);
  if (byteLength < 8 || MAGIC.some((byte, i) => view.getUint8(i) !== byte)) throw new ViewerGeometryError('not a PXG1 buffer');
  const meshCount = view.getUint32(4, true);
  const meshes: ViewerGeometryMesh[] = [];
  let offset = 8;
  for (let m = 0; m < meshCount; m++) {
    if (offset + 12 > byteLength) throw new ViewerGeometryError('geometry truncated');
    const wallId = view.getUint32(offset, true);
    const vertexCount = view.getUint32(offset + 4, true);
    const indexCount = view.getUint32(offset + 8, true);
    offset += 12;
    const end = offset + vertexCount * 12 + indexCount * 4;
    if (end > byteLength) throw new ViewerGeometryError('geometry truncated');
    const positionsAt = byteOffset + offset;
    const indicesAt = positionsAt + vertexCount * 12;
    meshes.push(
      littleEndianHost
        ? { wallId, positions: new Float32Array(buffer, positionsAt, vertexCount * 3), indices: new Uint32Array(buffer, indicesAt, indexCount) }
        : {
            wallId,
            positions: Float32Array.from({ length: vertexCount * 3 }, (_, i) => view.getFloat32(offset + i * 4, true)),
            indices: Uint32Array.from({ length: indexCount }, (_, i) => view.getUint32(offset + vertexCount * 12 + i * 4, true)),
          },
    );
    offset = end;
  }
  return meshes;
}

/**
 * A wall's dimensions from its triangles (the fallback when the model has no quantity sets): length along the
 * wall's axis, thickness across it, height, net volume, and where its openings sit. Positions are the viewer's:
 * metres, Y up, one x, y, z triple per vertex. Pure arithmetic, unit-tested without IFC.
 */

/** A horizontal direction (x, z of the Y-up space), unit length. */
export type Direction = [number, number];

export interface WallFrame {
  /** Along the wall. */
  axis: Direction;
  /** Extent along the axis, across it and vertically (metres). */
  along: [number, number];
  across: [number, number];
  vertical: [number, number];
}

export interface WallMeasure {
  frame: WallFrame;
  length: number;
  thickness: number;
  height: number;
  /** Cubic metres enclosed by the mesh (openings cut out); null when the mesh is not closed enough to tell. */
  netVolume: number | null;
}

export interface OpeningMeasure {
  /** Along the wall, within its length. */
  width: number;
  /** Vertically, within the wall's height. */
  height: number;
  /** From the wall's base to the opening's bottom. */
  sill: number;
}

const normalised = (x: number, z: number): Direction | null => {
  const length = Math.hypot(x, z);
  return length > 1e-6 ? [x / length, z / length] : null;
};

/** The main horizontal direction of the vertices (principal component of x and z). */
export function principalDirection(positions: ArrayLike<number>): Direction | null {
  const count = Math.floor(positions.length / 3);
  if (count < 2) return null;
  let mx = 0;
  let mz = 0;
  for (let v = 0; v < count; v++) {
    mx += positions[v * 3];
    mz += positions[v * 3 + 2];
  }
  mx /= count;
  mz /= count;
  let xx = 0;
  let xz = 0;
  let zz = 0;
  for (let v = 0; v < count; v++) {
    const dx = positions[v * 3] - mx;
    const dz = positions[v * 3 + 2] - mz;
    xx += dx * dx;
    xz += dx * dz;
    zz += dz * dz;
  }
  // The eigenvector of the larger eigenvalue of [[xx, xz], [xz, zz]].
  const angle = 0.5 * Math.atan2(2 * xz, xx - zz);
  return normalised(Math.cos(angle), Math.sin(angle));
}

/** Extent of the vertices along a horizontal direction, across it and vertically. */
export function extents(positions: ArrayLike<number>, axis: Direction): Omit<WallFrame, 'axis'> {
  const along: [number, number] = [Infinity, -Infinity];
  const across: [number, number] = [Infinity, -Infinity];
  const vertical: [number, number] = [Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const z = positions[i + 2];
    const a = x * axis[0] + z * axis[1];
    const c = -x * axis[1] + z * axis[0];
    if (a < along[0]) along[0] = a;
    if (a > along[1]) along[1] = a;
    if (c < across[0]) across[0] = c;
    if (c > across[1]) across[1] = c;
    const y = positions[i + 1];
    if (y < vertical[0]) vertical[0] = y;
    if (y > vertical[1]) vertical[1] = y;
  }
  return { along, across, vertical };
}

/** Volume enclosed by a triangle mesh (divergence theorem); orientation-independent. */
export function meshVolume(positions: ArrayLike<number>, indices: ArrayLike<number>): number {
  let sum = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const [ax, ay, az] = [positions[a], positions[a + 1], positions[a + 2]];
    const [bx, by, bz] = [positions[b], positions[b + 1], positions[b + 2]];
    const [cx, cy, cz] = [positions[c], positions[c + 1], positions[c + 2]];
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return Math.abs(sum) / 6;
}

/**
 * The wall's frame: among the candidate axes (the placements' x axes, which authoring tools lay along the wall,
 * and the principal direction of the vertices) the one whose bounding rectangle is smallest — the axis of a
 * straight wall. Null without vertices.
 */
export function wallFrame(positions: ArrayLike<number>, hints: readonly Direction[] = []): WallFrame | null {
  if (positions.length < 3) return null;
  const candidates = [...hints, principalDirection(positions)].filter((axis): axis is Direction => axis !== null);
  if (!candidates.length) candidates.push([1, 0]);
  let best: WallFrame | null = null;
  let bestArea = Infinity;
  for (const axis of candidates) {
    const frame = { axis, ...extents(positions, axis) };
    const area = (frame.along[1] - frame.along[0]) * (frame.across[1] - frame.across[0]);
    // A hint wins a tie (within a square millimetre): it is the wall's own direction.
    if (area < bestArea - 1e-6) {
      best = frame;
      bestArea = area;
    }
  }
  if (best && best.across[1] - best.across[0] > best.along[1] - best.along[0]) {
    // Thicker than long: the axis is the other way round.
    const axis: Direction = [-best.axis[1], best.axis[0]];
    best = { axis, ...extents(positions, axis) };
  }
  return best;
}

/** A horizontal x axis of a column-major 4×4 transform (its first column's x and z), or null when it stands upright. */
export function transformAxis(matrix: ArrayLike<number>): Direction | null {
  return Math.abs(matrix[1]) > 0.9 ? null : normalised(matrix[0], matrix[2]);
}

export function measureWall(positions: ArrayLike<number>, indices: ArrayLike<number>, hints: readonly Direction[] = []): WallMeasure | null {
  const frame = wallFrame(positions, hints);
  if (!frame) return null;
  const volume = indices.length >= 12 ? meshVolume(positions, indices) : 0;
  return {
    frame,
    length: frame.along[1] - frame.along[0],
    thickness: frame.across[1] - frame.across[0],
    height: frame.vertical[1] - frame.vertical[0],
    netVolume: volume > 0 ? volume : null,
  };
}

/** Where an opening's vertices lie in the wall's frame, clipped to the wall; null when it misses the wall. */
export function measureOpening(positions: ArrayLike<number>, wall: WallFrame): OpeningMeasure | null {
  if (positions.length < 3) return null;
  const { along, vertical } = extents(positions, wall.axis);
  const start = Math.max(along[0], wall.along[0]);
  const end = Math.min(along[1], wall.along[1]);
  const bottom = Math.max(vertical[0], wall.vertical[0]);
  const top = Math.min(vertical[1], wall.vertical[1]);
  if (end - start <= 0 || top - bottom <= 0) return null;
  return { width: end - start, height: top - bottom, sill: bottom - wall.vertical[0] };
}

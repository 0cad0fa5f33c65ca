import { extents, wallFrame, type Direction, type WallFrame } from './ifc-wall-geometry.js';

/**
 * The openings of a box-shaped wall cut out without a general boolean: the common case of a straight wall whose
 * openings are boxes in the wall's own directions, each through the whole thickness. The wall's front is then a
 * rectangle with rectangular holes, extruded across the thickness; its faces are laid out on the grid of the
 * openings' edges. Anything else (a wall that is not a box, an opening that is turned, a niche, an opening made of
 * several solids) returns null and the caller lets web-ifc compute the boolean. Positions are the viewer's
 * (metres, Y up, x y z per vertex). Pure arithmetic, unit-tested without IFC.
 */

/** Below a millimetre two coordinates count as one. */
const TOLERANCE = 1e-3;

export interface TriangleMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** Volume enclosed by a closed triangle mesh, taken about its first vertex (precise far from the origin too). */
function enclosedVolume({ positions, indices }: TriangleMesh): number {
  const [ox, oy, oz] = [positions[0], positions[1], positions[2]];
  let sum = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const ax = positions[a] - ox, ay = positions[a + 1] - oy, az = positions[a + 2] - oz;
    const bx = positions[b] - ox, by = positions[b + 1] - oy, bz = positions[b + 2] - oz;
    const cx = positions[c] - ox, cy = positions[c + 1] - oy, cz = positions[c + 2] - oz;
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return Math.abs(sum) / 6;
}

const near = (value: number, [low, high]: [number, number]) => Math.abs(value - low) <= TOLERANCE || Math.abs(value - high) <= TOLERANCE;

/**
 * The box whose corners the mesh's vertices are, in the frame of the axis, or null: a vertex elsewhere, or an
 * enclosed volume other than the box's (a mesh with its vertices on the corners but faces missing or inside).
 */
export function boxInFrame(mesh: TriangleMesh, axis: Direction): WallFrame | null {
  const { positions } = mesh;
  if (positions.length < 24 || mesh.indices.length < 36) return null;
  const frame: WallFrame = { axis, ...extents(positions, axis) };
  const sizes = [frame.along, frame.across, frame.vertical].map(([low, high]) => high - low);
  if (sizes.some((size) => !(size > TOLERANCE))) return null;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const z = positions[i + 2];
    if (!near(x * axis[0] + z * axis[1], frame.along) || !near(-x * axis[1] + z * axis[0], frame.across) || !near(positions[i + 1], frame.vertical)) return null;
  }
  const box = sizes[0] * sizes[1] * sizes[2];
  return Math.abs(enclosedVolume(mesh) - box) <= 1e-3 * box ? frame : null;
}

type Rect = [x0: number, x1: number, y0: number, y1: number];

/** Sorted coordinates with those closer than the tolerance merged into one. */
function gridLines(values: number[]): number[] {
  const lines: number[] = [];
  for (const value of [...values].sort((a, b) => a - b)) if (!lines.length || value - lines[lines.length - 1] > TOLERANCE) lines.push(value);
  return lines;
}

/** Collects quads as triangles facing their outward normal, in world coordinates of the wall's frame. */
class QuadWriter {
  readonly positions: number[] = [];
  readonly indices: number[] = [];

  constructor(private readonly axis: Direction) {}

  /** Four corners (along, across, up) in order around the quad; normal in the same local coordinates. */
  quad(corners: [number, number, number][], normal: [number, number, number]) {
    const [p0, p1, p2] = corners;
    const u0 = p1[0] - p0[0], u1 = p1[1] - p0[1], u2 = p1[2] - p0[2];
    const v0 = p2[0] - p0[0], v1 = p2[1] - p0[1], v2 = p2[2] - p0[2];
    // (along, across, up) is a left-handed frame in the Y-up world: a counter-clockwise face seen from outside
    // has a cross product pointing inwards in local coordinates.
    const facing = (u1 * v2 - u2 * v1) * normal[0] + (u2 * v0 - u0 * v2) * normal[1] + (u0 * v1 - u1 * v0) * normal[2];
    const [ax, az] = this.axis;
    const base = this.positions.length / 3;
    for (let k = 0; k < 4; k++) {
      const [along, across, up] = corners[facing < 0 ? k : 3 - k];
      this.positions.push(along * ax - across * az, up, along * az + across * ax);
    }
    this.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
}

/**
 * The wall with the openings cut out, or null when the fast way does not apply (see above). Openings missing the
 * wall are ignored, openings reaching past its edges leave notches.
 */
export function cutBoxOpenings(wall: TriangleMesh, openings: TriangleMesh[], hints: readonly Direction[] = []): TriangleMesh | null {
  const axis = wallFrame(wall.positions, hints)?.axis;
  const frame = axis ? boxInFrame(wall, axis) : null;
  if (!frame) return null;
  const holes: Rect[] = [];
  for (const opening of openings) {
    const box = boxInFrame(opening, frame.axis);
    if (!box) return null;
    const x0 = Math.max(box.along[0], frame.along[0]);
    const x1 = Math.min(box.along[1], frame.along[1]);
    const y0 = Math.max(box.vertical[0], frame.vertical[0]);
    const y1 = Math.min(box.vertical[1], frame.vertical[1]);
    const acrossOverlap = Math.min(box.across[1], frame.across[1]) - Math.max(box.across[0], frame.across[0]);
    if (x1 - x0 <= TOLERANCE || y1 - y0 <= TOLERANCE || acrossOverlap <= TOLERANCE) continue;
    // A niche or recess (not through the whole thickness) needs the general boolean.
    if (box.across[0] > frame.across[0] + TOLERANCE || box.across[1] < frame.across[1] - TOLERANCE) return null;
    holes.push([x0, x1, y0, y1]);
  }
  const xs = gridLines([...frame.along, ...holes.flatMap((hole) => [hole[0], hole[1]])]);
  const ys = gridLines([...frame.vertical, ...holes.flatMap((hole) => [hole[2], hole[3]])]);
  const columns = xs.length - 1;
  const rows = ys.length - 1;
  const solid: boolean[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; i++) {
      const x = (xs[i] + xs[i + 1]) / 2;
      const y = (ys[j] + ys[j + 1]) / 2;
      solid.push(!holes.some(([x0, x1, y0, y1]) => x > x0 && x < x1 && y > y0 && y < y1));
    }
  }
  const isSolid = (i: number, j: number) => i >= 0 && j >= 0 && i < columns && j < rows && solid[j * columns + i];

  const writer = new QuadWriter(frame.axis);
  const [c0, c1] = frame.across;
  // Front and back: each row's runs of solid cells as one rectangle.
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < columns; ) {
      if (!isSolid(i, j)) {
        i++;
        continue;
      }
      let end = i;
      while (isSolid(end + 1, j)) end++;
      const [x0, x1, y0, y1] = [xs[i], xs[end + 1], ys[j], ys[j + 1]];
      for (const [c, side] of [[c0, -1], [c1, 1]] as const) writer.quad([[x0, c, y0], [x1, c, y0], [x1, c, y1], [x0, c, y1]], [0, side, 0]);
      i = end + 1;
    }
  }
  // Sides: where a solid cell meets a hole or the outside, runs of such cell edges as one face.
  for (const direction of [-1, 1] as const) {
    // Vertical faces at x lines (facing along ∓x), merged over consecutive rows.
    for (let i = 0; i < columns; i++) {
      const x = direction < 0 ? xs[i] : xs[i + 1];
      for (let j = 0; j < rows; ) {
        if (!isSolid(i, j) || isSolid(i + direction, j)) {
          j++;
          continue;
        }
        let end = j;
        while (isSolid(i, end + 1) && !isSolid(i + direction, end + 1)) end++;
        writer.quad([[x, c0, ys[j]], [x, c1, ys[j]], [x, c1, ys[end + 1]], [x, c0, ys[end + 1]]], [direction, 0, 0]);
        j = end + 1;
      }
    }
    // Horizontal faces at y lines (facing down or up), merged over consecutive columns.
    for (let j = 0; j < rows; j++) {
      const y = direction < 0 ? ys[j] : ys[j + 1];
      for (let i = 0; i < columns; ) {
        if (!isSolid(i, j) || isSolid(i, j + direction)) {
          i++;
          continue;
        }
        let end = i;
        while (isSolid(end + 1, j) && !isSolid(end + 1, j + direction)) end++;
        writer.quad([[xs[i], c0, y], [xs[end + 1], c0, y], [xs[end + 1], c1, y], [xs[i], c1, y]], [0, 0, direction]);
        i = end + 1;
      }
    }
  }
  return { positions: new Float32Array(writer.positions), indices: new Uint32Array(writer.indices) };
}

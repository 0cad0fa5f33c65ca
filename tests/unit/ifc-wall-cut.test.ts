import { describe, expect, it } from 'vitest';
import { boxInFrame, cutBoxOpenings, type TriangleMesh } from '../../server/services/ifc-wall-cut';
import { mergePieces } from '../../server/services/ifc-viewer-meshes';
import { measureWall } from '../../server/services/ifc-wall-geometry';
import { box } from './wallBox';

/** Signed volume: positive when the triangles face outwards (counter-clockwise seen from outside). */
function signedVolume({ positions: p, indices }: TriangleMesh): number {
  let sum = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    sum += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
  }
  return sum / 6;
}

const ORIGIN: [number, number, number] = [1200, 3.25, -800];

/** A wall 4 m long, 0.365 thick, 2.75 high at the angle, and openings through it in its own frame. */
function wallWith(angle: number) {
  const [ax, az] = [Math.cos(angle), Math.sin(angle)];
  const at = (along: number, across: number, up: number): [number, number, number] => [ORIGIN[0] + along * ax - across * az, ORIGIN[1] + up, ORIGIN[2] + along * az + across * ax];
  return {
    wall: box(4, 0.365, 2.75, angle, ORIGIN),
    /** An opening `offset` along the wall, `sill` up, reaching `before` in front of the wall and `depth` across. */
    opening: (offset: number, width: number, sill: number, height: number, { before = 0.1, depth = 0.565, turn = 0 } = {}) =>
      box(width, depth, height, angle + turn, at(offset, -before, sill)),
  };
}

describe('cutting box openings out of a box wall (issue #21)', () => {
  it('cuts two windows out of a wall whichever way it runs, faces outwards, far from the origin too', () => {
    for (const angle of [0, Math.PI / 2, Math.PI / 6, -2.5]) {
      const { wall, opening } = wallWith(angle);
      const cut = cutBoxOpenings(wall, [opening(0.5, 1.01, 0.885, 1.385), opening(2.26, 1.01, 0.885, 1.385)], [[Math.cos(angle), Math.sin(angle)]])!;
      const expected = 4 * 0.365 * 2.75 - 2 * 1.01 * 1.385 * 0.365;
      expect(signedVolume(cut)).toBeCloseTo(expected, 2);
      const measure = measureWall(cut.positions, cut.indices)!;
      expect([measure.length, measure.thickness, measure.height].map((value) => Math.round(value * 1000))).toEqual([4000, 365, 2750]);
      // Front and back 5 rectangles each, 4 outer sides, 4 reveals per window: 22 quads.
      expect(cut.indices.length / 3).toBe(44);
    }
  });

  it('leaves a notch where an opening reaches over the wall\'s edge, a gap for a door on the floor, and ignores openings beside the wall', () => {
    const { wall, opening } = wallWith(0.3);
    const notch = cutBoxOpenings(wall, [opening(-0.5, 1, 1, 1)])!;
    expect(signedVolume(notch)).toBeCloseTo(4 * 0.365 * 2.75 - 0.5 * 1 * 0.365, 3);
    const door = cutBoxOpenings(wall, [opening(1, 1, 0, 2.1)])!;
    expect(signedVolume(door)).toBeCloseTo(4 * 0.365 * 2.75 - 1 * 2.1 * 0.365, 3);
    const beside = cutBoxOpenings(wall, [opening(5, 1, 1, 1)])!;
    expect(signedVolume(beside)).toBeCloseTo(4 * 0.365 * 2.75, 3);
    expect(beside.indices.length).toBe(36);
  });

  it('leaves to web-ifc\'s boolean (null) what is not a box through a box', () => {
    const { wall, opening } = wallWith(0.3);
    // A niche: not through the whole thickness.
    expect(cutBoxOpenings(wall, [opening(1, 1, 1, 1, { before: 0.1, depth: 0.3 })])).toBeNull();
    // An opening turned against the wall.
    expect(cutBoxOpenings(wall, [opening(1, 1, 1, 1, { turn: 0.4 })])).toBeNull();
    // An opening of two solids, and a wall that is not one box (an L of two).
    expect(cutBoxOpenings(wall, [mergePieces([opening(1, 1, 1, 1), opening(1.5, 1, 1.5, 1)])])).toBeNull();
    const corner = mergePieces([wall, box(0.365, 2, 2.75, 0.3 + Math.PI / 2, ORIGIN)]);
    expect(cutBoxOpenings(corner, [opening(1, 1, 1, 1)])).toBeNull();
    // Vertices on a box's corners but a face missing.
    expect(boxInFrame({ positions: wall.positions, indices: wall.indices.slice(0, 30) }, [Math.cos(0.3), Math.sin(0.3)])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { measureOpening, measureWall, meshVolume, principalDirection, transformAxis, wallFrame } from '../../server/services/ifc-wall-geometry';
import { box } from './wallBox';

describe('wall geometry', () => {
  it('measures a wall along its axis, whichever way it runs', () => {
    for (const angle of [0, Math.PI / 2, Math.PI / 6, -2.5]) {
      const { positions, indices } = box(8, 0.24, 3, angle, [5, 3.25, -2]);
      const measure = measureWall(positions, indices)!;
      expect(measure.length).toBeCloseTo(8, 4);
      expect(measure.thickness).toBeCloseTo(0.24, 4);
      expect(measure.height).toBeCloseTo(3, 4);
      expect(measure.netVolume!).toBeCloseTo(8 * 0.24 * 3, 3);
      expect(measure.frame.vertical[0]).toBeCloseTo(3.25, 5);
    }
  });

  it('prefers the placement\'s axis and turns an axis across the wall round', () => {
    const { positions } = box(4, 0.3, 2.75, Math.PI / 2);
    expect(transformAxis([0, 0, -1, 0, -1, 0, 0, 0, 0, 1, 0, 0, 24, 1.5, -6, 1])).toEqual([0, -1]);
    // An upright x axis gives no hint.
    expect(transformAxis([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])).toBeNull();
    const frame = wallFrame(positions, [[1, 0]])!;
    expect(Math.abs(frame.axis[1])).toBeCloseTo(1, 5);
    expect(frame.along[1] - frame.along[0]).toBeCloseTo(4, 4);
    expect(Math.abs(principalDirection(positions)![1])).toBeCloseTo(1, 5);
  });

  it('computes the volume enclosed by a mesh, whichever way its faces turn', () => {
    const { positions, indices } = box(2, 0.5, 3);
    const flipped = new Uint32Array(indices.length);
    for (let i = 0; i < indices.length; i += 3) flipped.set([indices[i], indices[i + 2], indices[i + 1]], i);
    expect(meshVolume(positions, indices)).toBeCloseTo(3, 5);
    expect(meshVolume(positions, flipped)).toBeCloseTo(3, 5);
  });

  it('places an opening in the wall: width along it, height and sill clipped to the wall', () => {
    const wall = box(24, 0.3, 3, Math.PI, [24, 0, 12]);
    const frame = measureWall(wall.positions, wall.indices)!.frame;
    // A window 1.76 wide, 1.51 high at 0.9 m, cut through a box thicker than the wall.
    const window = box(1.76, 0.5, 1.51, Math.PI, [20, 0.9, 12.1]);
    const measured = measureOpening(window.positions, frame)!;
    expect(measured.width).toBeCloseTo(1.76, 4);
    expect(measured.height).toBeCloseTo(1.51, 4);
    expect(measured.sill).toBeCloseTo(0.9, 4);
    // Reaching above the wall: clipped to its top.
    expect(measureOpening(box(1, 0.5, 5, Math.PI, [10, 1, 12.1]).positions, frame)!.height).toBeCloseTo(2, 4);
    // Beside the wall: no opening of it.
    expect(measureOpening(box(1, 0.5, 1, 0, [40, 1, 12]).positions, frame)).toBeNull();
  });
});

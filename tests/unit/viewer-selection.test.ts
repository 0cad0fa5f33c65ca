import { Box3, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { poseFor } from '../../src/resources/projects/viewer/cameraMotion';
import { wallLook } from '../../src/resources/projects/viewer/sceneMaterials';
import { treeKeyAction, visibleRows } from '../../src/resources/projects/viewer/treeKeyboard';
import { HIGHLIGHT_COLOR, isHighlightPixel, WALL_COLOR, GHOST_COLOR, SCENE_BACKGROUND } from '../../src/resources/projects/viewer/viewerColors';
import { filterTree, formatElevation, selectedWallIds, viewerSceneStyle, wallIdsByName } from '../../src/resources/projects/viewer/viewerSelection';
import { MODEL } from './viewerFixtures';

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

describe('viewer selection', () => {
  it('a floor highlights its walls, a wall itself', () => {
    expect(selectedWallIds(MODEL, { kind: 'floor', id: 20 })).toEqual([21, 22]);
    expect(selectedWallIds(MODEL, { kind: 'wall', id: 12 })).toEqual([12]);
    expect(selectedWallIds(MODEL, null)).toEqual([]);
  });

  it('the scene style follows the selection, the isolated floor and the ghost switch', () => {
    const style = viewerSceneStyle(MODEL, { kind: 'wall', id: 12 }, { isolatedFloorId: 10, ghostOthers: true });
    expect([...style.highlighted]).toEqual([12]);
    expect(style.selected).toBe(12);
    expect([...(style.visible ?? [])]).toEqual([11, 12, 13]);
    expect(style.ghostOthers).toBe(true);
    expect(viewerSceneStyle(MODEL, null, { isolatedFloorId: null, ghostOthers: false }).visible).toBeNull();
  });

  it('the search keeps matching walls (name or GlobalId), or a whole floor when its name matches', () => {
    expect(filterTree(MODEL, '  ').map((entry) => entry.walls.length)).toEqual([3, 2]);
    const walls = filterTree(MODEL, 's-eg-w02');
    expect(walls.map((entry) => [entry.floor.name, entry.walls.map((wall) => wall.name)])).toEqual([['EG', ['S-EG-W02']]]);
    expect(filterTree(MODEL, 'gid-21').map((entry) => entry.walls.map((wall) => wall.id))).toEqual([[21]]);
    expect(filterTree(MODEL, 'og')).toEqual([{ floor: MODEL.children[1], walls: MODEL.children[1].children, matchesFloor: true }]);
    expect(filterTree(MODEL, 'x-99')).toEqual([]);
  });

  it('finds the walls of a delivery by name and reports the ones the model lacks', () => {
    expect(wallIdsByName(MODEL, ['S-EG-W01', 's-og-w02', 'S-EG-W77'])).toEqual({ ids: [11, 22], missing: ['S-EG-W77'] });
  });

  it('elevations read as signed metres', () => {
    expect(formatElevation(3.2, 'en')).toBe('+3.20 m');
    expect(formatElevation(-0.5, 'de')).toBe('−0,50 m');
  });
});

describe('tree keyboard (WAI-ARIA tree)', () => {
  const floors = filterTree(MODEL, '');
  it('lists the walls of open floors only; a search opens every floor', () => {
    expect(visibleRows(floors, new Set([20]), false).map((row) => row.key)).toEqual(['floor-10', 'floor-20', 'wall-21', 'wall-22']);
    expect(visibleRows(floors, new Set(), true)).toHaveLength(7);
  });

  it('arrows move, open and close; Enter chooses', () => {
    const closed = visibleRows(floors, new Set(), false);
    expect(treeKeyAction(closed, 'floor-10', 'ArrowRight')).toEqual({ type: 'toggle', floorId: 10 });
    expect(treeKeyAction(closed, 'floor-10', 'ArrowDown')).toEqual({ type: 'focus', key: 'floor-20' });
    expect(treeKeyAction(closed, 'floor-10', 'ArrowUp')).toBeNull();
    expect(treeKeyAction(closed, 'floor-10', 'ArrowLeft')).toBeNull();
    const open = visibleRows(floors, new Set([10]), false);
    expect(treeKeyAction(open, 'floor-10', 'ArrowRight')).toEqual({ type: 'focus', key: 'wall-11' });
    expect(treeKeyAction(open, 'wall-12', 'ArrowLeft')).toEqual({ type: 'focus', key: 'floor-10' });
    expect(treeKeyAction(open, 'floor-10', 'ArrowLeft')).toEqual({ type: 'toggle', floorId: 10 });
    expect(treeKeyAction(open, 'wall-12', 'End')).toEqual({ type: 'focus', key: 'floor-20' });
    expect(treeKeyAction(open, 'wall-12', 'Home')).toEqual({ type: 'focus', key: 'floor-10' });
    expect(treeKeyAction(open, 'wall-13', ' ')).toEqual({ type: 'select', row: { key: 'wall-13', kind: 'wall', id: 13, floorId: 10 } });
    expect(treeKeyAction(open, 'wall-13', 'x')).toBeNull();
  });
});

describe('scene looks and colours', () => {
  it('selected beats highlighted; others are ghosted only while something is highlighted', () => {
    const style = { highlighted: new Set([11, 12]), selected: 12, ghostOthers: true };
    expect(wallLook(12, style)).toBe('selected');
    expect(wallLook(11, style)).toBe('highlighted');
    expect(wallLook(21, style)).toBe('ghosted');
    expect(wallLook(21, { highlighted: new Set(), selected: null, ghostOthers: true })).toBe('normal');
  });

  it('the pixel test knows the highlight colour in light and shade, and nothing else of the scene', () => {
    const [r, g, b] = rgb(HIGHLIGHT_COLOR);
    expect(isHighlightPixel(r, g, b)).toBe(true);
    // Shaded faces: darker but the same hue (sRGB output of a lit orange surface).
    expect(isHighlightPixel(149, 60, 0)).toBe(true);
    expect(isHighlightPixel(203, 85, 0)).toBe(true);
    for (const colour of [WALL_COLOR, GHOST_COLOR, SCENE_BACKGROUND, '#ffffff', '#1f3a5f', '#000000']) expect(isHighlightPixel(...rgb(colour))).toBe(false);
  });

  it('framing keeps every corner of the box in view, and fills the view', () => {
    const camera = new PerspectiveCamera(40, 16 / 9, 0.1, 1000);
    const box = new Box3(new Vector3(0, 0, 0), new Vector3(20, 6, 12));
    const direction = new Vector3(1, 1, 1).normalize();
    const pose = poseFor(box, camera, direction);
    expect(pose.target.toArray()).toEqual([10, 3, 6]);
    expect(pose.position.clone().sub(pose.target).normalize().dot(direction)).toBeCloseTo(1);
    camera.position.copy(pose.position);
    camera.lookAt(pose.target);
    camera.updateMatrixWorld();
    const projected = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) =>
      new Vector3(bits & 1 ? 20 : 0, bits & 2 ? 6 : 0, bits & 4 ? 12 : 0).project(camera),
    );
    const extent = Math.max(...projected.flatMap((point) => [Math.abs(point.x), Math.abs(point.y)]));
    expect(extent).toBeLessThanOrEqual(1);
    expect(extent).toBeGreaterThan(0.85);
  });
});

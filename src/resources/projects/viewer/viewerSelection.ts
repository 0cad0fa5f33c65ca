import { floorOfWall, wallsOf, type ViewerFloor, type ViewerModel, type ViewerWall } from '../../../domain/viewerModel';
import { formatNumber } from '../../../domain/format';

/** What the user picked in the tree or in the 3D view. */
export type ViewerSelection = { kind: 'floor'; id: number } | { kind: 'wall'; id: number } | null;

/** How the scene paints its walls; every set holds WALL ids. */
export interface SceneStyle {
  /** Painted in the highlight colour. */
  highlighted: ReadonlySet<number>;
  /** The one wall the user chose: highlight colour with a stronger outline. */
  selected: number | null;
  /** Only these walls are drawn; null draws all. */
  visible: ReadonlySet<number> | null;
  /** Walls that are not highlighted are drawn as transparent grey (only while something is highlighted). */
  ghostOthers: boolean;
}

export const PLAIN_STYLE: SceneStyle = { highlighted: new Set(), selected: null, visible: null, ghostOthers: false };

/** The floor a selection belongs to: the floor itself, or the floor holding the wall. */
export function floorOfSelection(model: ViewerModel, selection: ViewerSelection): ViewerFloor | null {
  if (!selection) return null;
  if (selection.kind === 'floor') return model.children.find((floor) => floor.id === selection.id) ?? null;
  return floorOfWall(model, selection.id) ?? null;
}

/** The walls a selection highlights: all walls of a floor, or the one wall. */
export function selectedWallIds(model: ViewerModel, selection: ViewerSelection): number[] {
  if (!selection) return [];
  if (selection.kind === 'wall') return [selection.id];
  return floorOfSelection(model, selection)?.children.map((wall) => wall.id) ?? [];
}

export interface ViewerOptions {
  /** The floor shown alone (isolated), or null for all floors. */
  isolatedFloorId: number | null;
  ghostOthers: boolean;
}

/** The viewer page's scene style from the selection and the toolbar's switches. */
export function viewerSceneStyle(model: ViewerModel, selection: ViewerSelection, options: ViewerOptions): SceneStyle {
  const floor = options.isolatedFloorId === null ? null : model.children.find((entry) => entry.id === options.isolatedFloorId);
  return {
    highlighted: new Set(selectedWallIds(model, selection)),
    selected: selection?.kind === 'wall' ? selection.id : null,
    visible: floor ? new Set(floor.children.map((wall) => wall.id)) : null,
    ghostOthers: options.ghostOthers,
  };
}

/** A floor of the tree with the walls a search leaves; `matchesFloor` when the floor's own name matched. */
export interface TreeFloor {
  floor: ViewerFloor;
  walls: ViewerWall[];
  matchesFloor: boolean;
}

const normalise = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The tree under a search: walls whose name (or GlobalId) contains the text; a floor stays when one of its walls
 * matches or its own name does (then with all its walls). An empty search keeps everything.
 */
export function filterTree(model: ViewerModel, query: string): TreeFloor[] {
  const needle = normalise(query);
  if (!needle) return model.children.map((floor) => ({ floor, walls: floor.children, matchesFloor: false }));
  const result: TreeFloor[] = [];
  for (const floor of model.children) {
    if (normalise(floor.name).includes(needle)) {
      result.push({ floor, walls: floor.children, matchesFloor: true });
      continue;
    }
    const walls = floor.children.filter((wall) => normalise(wall.name).includes(needle) || normalise(wall.globalId).includes(needle));
    if (walls.length) result.push({ floor, walls, matchesFloor: false });
  }
  return result;
}

/** The model's walls named in a delivery's wall list, and the names the model does not hold. */
export function wallIdsByName(model: ViewerModel, names: readonly string[]): { ids: number[]; missing: string[] } {
  const byName = new Map<string, number[]>();
  for (const wall of wallsOf(model)) {
    const key = normalise(wall.name);
    byName.set(key, [...(byName.get(key) ?? []), wall.id]);
  }
  const ids: number[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const found = byName.get(normalise(name));
    if (found) ids.push(...found);
    else missing.push(name);
  }
  return { ids, missing };
}

/** A floor's elevation in metres for the tree, e.g. "+3.00 m" / "−0.50 m" (in the user's number format). */
export function formatElevation(elevation: number, locale: string | undefined): string {
  const value = formatNumber(Math.abs(elevation), locale, { min: 2, max: 2 });
  return `${elevation < 0 ? '−' : '+'}${value} m`;
}

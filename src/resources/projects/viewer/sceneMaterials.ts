import { Color, LineBasicMaterial, MeshBasicMaterial, MeshLambertMaterial, type Material } from 'three';
import { EDGE_COLOR, GHOST_COLOR, HIGHLIGHT_COLOR, SELECTED_EDGE_COLOR, WALL_COLOR } from './viewerColors';

/** How one wall is drawn. */
export type WallLook = 'normal' | 'highlighted' | 'selected' | 'ghosted';

/** The surface and outline materials of every look, shared by all walls (one set per scene). */
export interface SceneMaterials {
  surface: Record<WallLook, MeshLambertMaterial>;
  edges: Record<WallLook, LineBasicMaterial>;
  /** Drawn over everything: a highlighted wall behind other walls still shows as a faint orange shape. */
  xray: MeshBasicMaterial;
  dispose: () => void;
}

export function createSceneMaterials(): SceneMaterials {
  // Polygon offset pushes the faces back a little, so the outlines on top of them do not flicker.
  const offset = { polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 };
  const surface: Record<WallLook, MeshLambertMaterial> = {
    normal: new MeshLambertMaterial({ color: new Color(WALL_COLOR), ...offset }),
    highlighted: new MeshLambertMaterial({ color: new Color(HIGHLIGHT_COLOR), emissive: new Color(HIGHLIGHT_COLOR), emissiveIntensity: 0.22, ...offset }),
    selected: new MeshLambertMaterial({ color: new Color(HIGHLIGHT_COLOR), emissive: new Color(HIGHLIGHT_COLOR), emissiveIntensity: 0.4, ...offset }),
    ghosted: new MeshLambertMaterial({ color: new Color(GHOST_COLOR), transparent: true, opacity: 0.12, depthWrite: false, ...offset }),
  };
  const edges: Record<WallLook, LineBasicMaterial> = {
    normal: new LineBasicMaterial({ color: new Color(EDGE_COLOR), transparent: true, opacity: 0.55 }),
    highlighted: new LineBasicMaterial({ color: new Color(SELECTED_EDGE_COLOR), transparent: true, opacity: 0.7 }),
    selected: new LineBasicMaterial({ color: new Color(SELECTED_EDGE_COLOR) }),
    ghosted: new LineBasicMaterial({ color: new Color(GHOST_COLOR), transparent: true, opacity: 0.22, depthWrite: false }),
  };
  const xray = new MeshBasicMaterial({ color: new Color(HIGHLIGHT_COLOR), transparent: true, opacity: 0.35, depthTest: false, depthWrite: false });
  return {
    surface,
    edges,
    xray,
    dispose: () => [...Object.values(surface), ...Object.values(edges), xray].forEach((material: Material) => material.dispose()),
  };
}

/** The look of a wall under the scene style. */
export function wallLook(wallId: number, style: { highlighted: ReadonlySet<number>; selected: number | null; ghostOthers: boolean }): WallLook {
  if (wallId === style.selected) return 'selected';
  if (style.highlighted.has(wallId)) return 'highlighted';
  const somethingHighlighted = style.highlighted.size > 0 || style.selected !== null;
  return style.ghostOthers && somethingHighlighted ? 'ghosted' : 'normal';
}

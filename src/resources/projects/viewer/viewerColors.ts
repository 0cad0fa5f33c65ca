/**
 * Colours of the 3D views. The highlight colour is one clear orange that nothing else in the scene uses, so
 * that a highlighted wall can be told apart on screen (the browser journeys count its pixels).
 */
export const HIGHLIGHT_COLOR = '#ff6d00';
export const WALL_COLOR = '#d8d3c8';
export const GHOST_COLOR = '#9aa4b1';
export const EDGE_COLOR = '#5f6670';
export const SELECTED_EDGE_COLOR = '#7a2f00';
export const SCENE_BACKGROUND = '#f4f6f9';
export const GRID_COLORS = ['#c7ced8', '#e2e7ee'] as const;

/**
 * Is this screen pixel a shade of the highlight colour? Lighting darkens or brightens it, but its hue stays
 * orange: red clearly leads, green sits between a fifth and two thirds of red, blue stays low.
 */
export function isHighlightPixel(red: number, green: number, blue: number): boolean {
  return red >= 90 && green >= red * 0.2 && green <= red * 0.66 && blue <= red * 0.3;
}

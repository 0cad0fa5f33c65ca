import { GridHelper, Vector3, type Box3 } from 'three';
import { GRID_COLORS } from './viewerColors';

/** A light ground grid under the model, in round steps (1, 2, 5, 10 … m) to give a sense of scale. */
export function groundGrid(modelBox: Box3): GridHelper | null {
  if (modelBox.isEmpty()) return null;
  const size = modelBox.getSize(new Vector3());
  const extent = Math.max(size.x, size.z, 1) * 1.6;
  const rough = extent / 30;
  const magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((value) => value >= rough) ?? rough;
  const divisions = Math.max(2, Math.ceil(extent / step));
  const grid = new GridHelper(divisions * step, divisions, GRID_COLORS[0], GRID_COLORS[1]);
  const center = modelBox.getCenter(new Vector3());
  grid.position.set(center.x, modelBox.min.y - size.y * 0.002, center.z);
  return grid;
}

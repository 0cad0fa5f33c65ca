import { writePng } from '../../server/lib/png.js';

/** A real RGB PNG of the given size filled with one colour. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [31, 58, 95]): Buffer {
  return writePng(width, height, () => rgb);
}

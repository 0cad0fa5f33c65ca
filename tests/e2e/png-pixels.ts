// Reads the pixels of a Chromium screenshot (8-bit RGB or RGBA PNG, not interlaced) so that journeys can
// assert on colours: e.g. how many pixels of a 3D view show the highlight colour, and where.
import { inflateSync } from 'node:zlib';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row by row. */
  rgba: Uint8Array;
}

const paeth = (left: number, up: number, upLeft: number) => {
  const estimate = left + up - upLeft;
  const dLeft = Math.abs(estimate - left);
  const dUp = Math.abs(estimate - up);
  const dUpLeft = Math.abs(estimate - upLeft);
  return dLeft <= dUp && dLeft <= dUpLeft ? left : dUp <= dUpLeft ? up : upLeft;
};

export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (bitDepth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6)) throw new Error(`unsupported PNG (depth ${bitDepth}, colour type ${colourType}, interlace ${interlace})`);
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const current = new Uint8Array(stride);
  const previous = new Uint8Array(stride);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? current[x - channels] : 0;
      const up = previous[x];
      const upLeft = x >= channels ? previous[x - channels] : 0;
      const predictor = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : 0;
      current[x] = (line[x] + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const target = (y * width + x) * 4;
      rgba[target] = current[x * channels];
      rgba[target + 1] = current[x * channels + 1];
      rgba[target + 2] = current[x * channels + 2];
      rgba[target + 3] = channels === 4 ? current[x * channels + 3] : 255;
    }
    previous.set(current);
  }
  return { width, height, rgba };
}

export interface ColourRegion {
  count: number;
  /** Bounding box of the matching pixels, or null when there is none. */
  box: { minX: number; minY: number; maxX: number; maxY: number } | null;
  /** Centre of gravity of the matching pixels. */
  centre: { x: number; y: number } | null;
  /** A matching pixel whose neighbours (±radius) all match too: a safe point to click on. */
  inner: { x: number; y: number } | null;
}

/** Where in the image the pixels are that `matches` accepts. */
export function colourRegion(pixels: Pixels, matches: (red: number, green: number, blue: number) => boolean, radius = 3): ColourRegion {
  const { width, height, rgba } = pixels;
  const hit = new Uint8Array(width * height);
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  let box: ColourRegion['box'] = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (!matches(rgba[at], rgba[at + 1], rgba[at + 2])) continue;
      hit[y * width + x] = 1;
      count++;
      sumX += x;
      sumY += y;
      box = box ? { minX: Math.min(box.minX, x), minY: Math.min(box.minY, y), maxX: Math.max(box.maxX, x), maxY: Math.max(box.maxY, y) } : { minX: x, minY: y, maxX: x, maxY: y };
    }
  }
  const centre = count ? { x: sumX / count, y: sumY / count } : null;
  let inner: ColourRegion['inner'] = null;
  let best = Infinity;
  for (let y = radius; y < height - radius; y++) {
    for (let x = radius; x < width - radius; x++) {
      if (!hit[y * width + x]) continue;
      let solid = true;
      for (let dy = -radius; dy <= radius && solid; dy++) for (let dx = -radius; dx <= radius && solid; dx++) solid = hit[(y + dy) * width + x + dx] === 1;
      const distance = centre ? Math.hypot(x - centre.x, y - centre.y) : 0;
      if (solid && distance < best) {
        best = distance;
        inner = { x, y };
      }
    }
  }
  return { count, box, centre, inner };
}

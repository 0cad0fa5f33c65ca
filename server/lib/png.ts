import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const MAX_IMAGE_SIDE = 4096;

export interface PngInfo {
  width: number;
  height: number;
}

/**
 * Reads a PNG's structure: signature, IHDR first, every chunk's CRC, IDAT present, IEND last.
 * Returns its size, or null when the bytes are not a sound PNG (nothing is re-encoded).
 */
export function readPng(bytes: Buffer): PngInfo | null {
  if (bytes.length < 57 || !bytes.subarray(0, 8).equals(SIGNATURE)) return null;
  let offset = 8;
  let info: PngInfo | null = null;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return null;
    const expected = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== expected) return null;
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      info = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
      if (!info.width || !info.height || info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE) return null;
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return end === bytes.length && sawData ? info : null;
    offset = end;
  }
  return null;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG drawn pixel by pixel (demo avatars, test images). */
export function writePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A round badge in two colours on white: a recognisable demo avatar. */
export function demoAvatar(inner: [number, number, number], outer: [number, number, number], size = 128): Buffer {
  const centre = size / 2;
  return writePng(size, size, (x, y) => {
    const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
    if (distance < size * 0.28) return inner;
    if (distance < size * 0.46) return outer;
    return [255, 255, 255];
  });
}

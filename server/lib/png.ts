import { crc32 } from 'node:zlib';

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

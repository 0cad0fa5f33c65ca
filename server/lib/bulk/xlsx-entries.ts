import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * The parts of an XLSX file that an import reads, in the order a streaming reader needs them (relations,
 * workbook, styles and shared strings before the sheet), unpacked while they are read. An XLSX is a zip whose
 * writers order its parts as they like; the zip's central directory says where each part is, so the parts are
 * taken from the file in memory in this order and handed on as a zip of stored parts — unpacking only as fast as
 * the reader reads, and never more than each part's limit.
 */

export class XlsxUnreadable extends Error {}
/** A part unpacks to more than its limit (a "zip bomb", or a sheet far over the row limit). */
export class XlsxTooLarge extends Error {}

interface ZipPart {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

const MAX_PARTS = 10_000;

/** The parts named in the zip's central directory. */
function centralDirectory(bytes: Buffer): Map<string, ZipPart> {
  const floor = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let at = bytes.length - 22; at >= floor; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new XlsxUnreadable('no central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count > MAX_PARTS) throw new XlsxUnreadable('too many parts');
  const parts = new Map<string, ZipPart>();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new XlsxUnreadable('bad central directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const local = bytes.readUInt32LE(at + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw new XlsxUnreadable('bad local header');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const part = { name, method: bytes.readUInt16LE(at + 10), crc: bytes.readUInt32LE(at + 16), compressedSize: bytes.readUInt32LE(at + 20), size: bytes.readUInt32LE(at + 24), dataStart };
    if (dataStart + part.compressedSize > bytes.length) throw new XlsxUnreadable('part beyond the file');
    parts.set(name, part);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return parts;
}

function localHeader(name: string, crc: number, size: number): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // UTF-8 names, sizes in this header
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(fileName.length, 26);
  return Buffer.concat([header, fileName]);
}

/** One part's unpacked bytes, chunk by chunk; more than it declared or than `limit`: refused. */
async function* unpacked(bytes: Buffer, part: ZipPart, limit: number): AsyncGenerator<Buffer> {
  if (part.size > limit || part.size === 0xffffffff) throw new XlsxTooLarge(part.name);
  const packed = bytes.subarray(part.dataStart, part.dataStart + part.compressedSize);
  if (part.method === 0) {
    if (packed.length !== part.size) throw new XlsxUnreadable(part.name);
    for (let at = 0; at < packed.length; at += 64 * 1024) yield packed.subarray(at, at + 64 * 1024);
    return;
  }
  if (part.method !== 8) throw new XlsxUnreadable(`${part.name}: compression ${part.method}`);
  const inflater = Readable.from([packed]).pipe(createInflateRaw());
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > part.size) throw new XlsxUnreadable(`${part.name} is larger than it says`);
      yield chunk;
    }
  } finally {
    inflater.destroy();
  }
  if (total !== part.size) throw new XlsxUnreadable(`${part.name} is smaller than it says`);
}

export interface PartLimits {
  /** The first sheet, unpacked. */
  sheetBytes: number;
  /** Shared strings, styles, workbook and relations, unpacked (the reader keeps them in memory). */
  otherBytes: number;
}

const EMPTY_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/**
 * The workbook's parts a reader of the first sheet needs, as a zip stream of stored parts in reading order.
 * Throws XlsxUnreadable when the file is no zip with a first sheet; the stream fails with XlsxTooLarge / XlsxUnreadable.
 */
export function orderedXlsx(bytes: Buffer, limits: PartLimits): Readable {
  const parts = centralDirectory(bytes);
  const sheets = [...parts.keys()].filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name)).sort((a, b) => Number(/\d+/.exec(a.slice(14))![0]) - Number(/\d+/.exec(b.slice(14))![0]));
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  const workbook = parts.get('xl/workbook.xml');
  if (!sheets.length || !rels || !workbook) throw new XlsxUnreadable('not a workbook');
  const before = [rels, workbook, parts.get('xl/styles.xml')].filter((part): part is ZipPart => !!part);
  const sharedStrings = parts.get('xl/sharedStrings.xml');
  async function* stream() {
    for (const part of before) {
      yield localHeader(part.name, part.crc, part.size);
      yield* unpacked(bytes, part, limits.otherBytes);
    }
    // The streaming reader reads a sheet as it comes only once it has the shared strings (an empty table when none).
    if (sharedStrings) {
      yield localHeader(sharedStrings.name, sharedStrings.crc, sharedStrings.size);
      yield* unpacked(bytes, sharedStrings, limits.otherBytes);
    } else {
      yield localHeader('xl/sharedStrings.xml', crc32(EMPTY_SHARED_STRINGS), EMPTY_SHARED_STRINGS.length);
      yield EMPTY_SHARED_STRINGS;
    }
    const sheet = parts.get(sheets[0])!;
    yield localHeader(sheet.name, sheet.crc, sheet.size);
    yield* unpacked(bytes, sheet, limits.sheetBytes);
  }
  return Readable.from(stream(), { objectMode: false });
}

import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { fileExtension } from '../../src/domain/projectFiles.js';
import type { FileStorage } from '../services/file-storage.js';
import { logger } from './logging.js';
import { toWebStream } from './web-stream.js';

export interface ZipUnit {
  id: number;
  parentId: number | null;
  number: string;
  title: string;
}

export interface ZipSource {
  id: number;
  unitId: number;
  name: string;
  storageKey: string;
  createdAt: Date;
}

export interface ZipEntry {
  path: string;
  storageKey: string;
  mtime: Date;
  compress: boolean;
}

// Formats that are compressed already: deflating them again costs time and gains nothing.
const STORED = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'zip', 'docx', 'xlsx']);

/** One path segment that every unzip tool accepts (no separators, no reserved or control characters). */
function segment(text: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\\/:*?"<>|]/g, '_').trim().replace(/[. ]+$/, '');
  return cleaned && cleaned !== '..' ? cleaned : '_';
}

/** `name`, or `name (2)`, `name (3)` … before the extension, whichever is still free (case-insensitive). */
function unique(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Zip paths: a folder per unit named after its path below the root ("{number} {title}/Haus A/…"),
 * the files inside under their names; equal names in one folder get " (2)".
 */
export function zipEntries(units: ZipUnit[], rootId: number, files: ZipSource[]): ZipEntry[] {
  const children = new Map<number, ZipUnit[]>();
  for (const unit of units) {
    if (unit.parentId !== null) children.set(unit.parentId, [...(children.get(unit.parentId) ?? []), unit]);
  }
  const folders = new Map<number, string>();
  const used = new Map<string, Set<string>>();
  const usedIn = (folder: string) => used.get(folder) ?? used.set(folder, new Set()).get(folder)!;
  const root = units.find((unit) => unit.id === rootId);
  if (!root) return [];
  const visit = (unit: ZipUnit, path: string) => {
    folders.set(unit.id, path);
    const below = [...(children.get(unit.id) ?? [])].sort((a, b) => a.number.localeCompare(b.number));
    for (const child of below) visit(child, `${path}/${unique(segment(child.title), usedIn(path))}`);
  };
  visit(root, segment(`${root.number} ${root.title}`));
  return files
    .filter((file) => folders.has(file.unitId))
    .sort((a, b) => folders.get(a.unitId)!.localeCompare(folders.get(b.unitId)!) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id)
    .map((file) => {
      const folder = folders.get(file.unitId)!;
      return {
        path: `${folder}/${unique(segment(file.name), usedIn(folder))}`,
        storageKey: file.storageKey,
        mtime: file.createdAt,
        compress: !STORED.has(fileExtension(file.name)),
      };
    });
}

/** Streams a zip of the entries; each file is read from storage only when its turn comes. */
export function zipStream(entries: ZipEntry[], storage: FileStorage): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A client that goes away ends the archive; the file being read then closes too (a socket to the bucket, a file handle).
  let reading: Readable | null = null;
  output.once('close', () => reading?.destroy());
  zip.on('error', (error: Error) => {
    logger.error({ err: error }, 'project files zip failed');
    output.destroy(error);
  });
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { mtime: entry.mtime, compress: entry.compress }, (done) => {
      storage.open(entry.storageKey).then(
        (file) => {
          if (file) {
            reading = file.stream;
            return done(null, file.stream);
          }
          // A row without its stored bytes becomes an empty entry rather than a broken archive.
          logger.warn({ storageKey: entry.storageKey }, 'project file missing in storage');
          done(null, new PassThrough().end());
        },
        (error: unknown) => done(error, new PassThrough()),
      );
    });
  }
  zip.end();
  return toWebStream(output);
}

import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import type { FileStorage, StoredFile } from './file-storage.js';

/**
 * The backup archive of an installation on the embedded database: one uncompressed tar with
 *   planxchange-backup.json   what it is (format, version, time)
 *   database/pglite.tar.gz    PGlite's own dump of its data folder
 *   files/<key>               every file of the file storage
 *   summary.json              counts, written last: an archive without it is cut short
 * Files are streamed one after the other; only the database dump is held in memory.
 */

export const BACKUP_FORMAT = 'planxchange-backup';
export const BACKUP_VERSION = 1;
const HEADER = 'planxchange-backup.json';
const DATABASE = 'database/pglite.tar.gz';
const SUMMARY = 'summary.json';
const FILES = 'files/';

export interface BackupSummary {
  files: number;
  fileBytes: number;
  databaseBytes: number;
}

export interface BackupSource {
  dumpDatabase(): Promise<Blob>;
  files: FileStorage;
}

function addEntry(pack: ReturnType<typeof tarPack>, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: content.length, mtime: new Date() }, content, (error) => (error ? reject(error) : resolve())));
}

async function addStream(pack: ReturnType<typeof tarPack>, name: string, file: StoredFile): Promise<void> {
  await pipeline(file.stream, pack.entry({ name, size: file.size, mtime: new Date() }));
}

/**
 * Writes the archive to `out`. The database is dumped first, the files after: files are written before their
 * rows and deleted after them, and `DeferredDeleteStorage` holds deletions back while a backup runs, so every
 * file a row of the dump names is in the archive (files added meanwhile may be too, unnamed and harmless).
 */
export async function writeBackup(out: Writable, source: BackupSource): Promise<BackupSummary> {
  const pack = tarPack();
  const written = pipeline(pack, out);
  try {
    await addEntry(pack, HEADER, Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), database: 'pglite' })));
    const database = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
    await addEntry(pack, DATABASE, database);
    const summary: BackupSummary = { files: 0, fileBytes: 0, databaseBytes: database.length };
    for await (const key of source.files.list()) {
      const file = await source.files.open(key);
      if (!file) continue; // deleted since it was listed (never a file of the dump: see above)
      await addStream(pack, `${FILES}${key}`, file);
      summary.files += 1;
      summary.fileBytes += file.size;
    }
    await addEntry(pack, SUMMARY, Buffer.from(JSON.stringify(summary)));
    pack.finalize();
    await written;
    return summary;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

export interface RestoredBackup {
  database: Buffer;
  keys: Set<string>;
  summary: BackupSummary;
  createdAt: string;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

interface ArchiveContents {
  header: { format?: string; version?: number; createdAt?: string } | null;
  database: Buffer | null;
  summary: BackupSummary | null;
  keys: Set<string>;
  fileBytes: number;
}

/** Walks the entries in order: the header first, then the dump and the files (into `files`), the summary last. */
async function readEntries(extract: ReturnType<typeof tarExtract>, files: FileStorage): Promise<ArchiveContents> {
  const contents: ArchiveContents = { header: null, database: null, summary: null, keys: new Set(), fileBytes: 0 };
  for await (const entry of extract) {
    const name = entry.header.name;
    if (!contents.header) {
      if (name !== HEADER) throw new Error('not a planXchange backup (no header entry)');
      const header = JSON.parse((await readAll(entry)).toString('utf8'));
      if (header?.format !== BACKUP_FORMAT) throw new Error('not a planXchange backup');
      if (header.version !== BACKUP_VERSION) throw new Error(`backup format version ${header.version} is not supported (this portal reads ${BACKUP_VERSION})`);
      contents.header = header;
    } else if (name === DATABASE) {
      contents.database = await readAll(entry);
    } else if (name.startsWith(FILES)) {
      const key = name.slice(FILES.length);
      // tar-stream's entries are streamx streams: the storage takes Node streams.
      await files.put(key, Readable.from(entry));
      contents.keys.add(key);
      contents.fileBytes += entry.header.size ?? 0;
    } else if (name === SUMMARY) {
      contents.summary = JSON.parse((await readAll(entry)).toString('utf8'));
    } else {
      entry.resume();
    }
  }
  return contents;
}

/**
 * Reads an archive: every file goes into `files` as it comes, the database dump is returned. Throws when the
 * archive is not one of ours, or is cut short (no summary, or counts that do not match it).
 */
export async function readBackup(input: Readable, files: FileStorage): Promise<RestoredBackup> {
  const extract = tarExtract();
  const reading = pipeline(input, extract);
  // A broken archive also fails the walk through the entries; this promise is awaited on the way out.
  reading.catch(() => undefined);
  let contents: ArchiveContents;
  try {
    contents = await readEntries(extract, files);
  } catch (error) {
    extract.destroy();
    throw error;
  }
  await reading;
  const { header, database, summary, keys, fileBytes } = contents;
  if (!header) throw new Error('the backup is empty');
  if (!summary) throw new Error('the backup is incomplete (no summary): it was cut short');
  if (!database || database.length !== summary.databaseBytes) throw new Error('the backup is incomplete: the database dump is missing or cut short');
  if (keys.size !== summary.files || fileBytes !== summary.fileBytes) throw new Error(`the backup is incomplete: ${keys.size} of ${summary.files} files`);
  return { database, keys, summary, createdAt: header.createdAt ?? '' };
}

/**
 * The server's storage while backups may run: deletions wait until no backup holds them, so that a file
 * the database dump still names cannot go before the backup has copied it.
 */
export class DeferredDeleteStorage implements FileStorage {
  private holds = 0;
  private readonly deferred = new Set<string>();

  constructor(readonly inner: FileStorage) {}

  /** Holds deletions back until the returned function is called. */
  hold(): () => Promise<void> {
    this.holds += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds > 0) return;
      const keys = [...this.deferred];
      this.deferred.clear();
      for (const key of keys) await this.inner.delete(key);
    };
  }

  put(key: string, data: Uint8Array | Readable) {
    this.deferred.delete(key);
    return this.inner.put(key, data);
  }
  get(key: string) {
    return this.inner.get(key);
  }
  open(key: string) {
    return this.inner.open(key);
  }
  async delete(key: string) {
    if (this.holds > 0) this.deferred.add(key);
    else await this.inner.delete(key);
  }
  list(prefix?: string) {
    return this.inner.list(prefix);
  }
}

/** A backup of the running server: deletions held back for its duration. */
export async function backupWhileRunning(out: Writable, dumpDatabase: () => Promise<Blob>, files: DeferredDeleteStorage): Promise<BackupSummary> {
  const release = files.hold();
  try {
    return await writeBackup(out, { dumpDatabase, files });
  } finally {
    await release();
  }
}


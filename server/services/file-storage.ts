import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for reading: its size and its bytes as a stream (read once). */
export interface StoredFile {
  size: number;
  stream: Readable;
}

/**
 * Where the portal keeps files (avatars, logos, project files, models). One interface: the disk under
 * `DATA_DIR/files` by default, an S3-compatible bucket with `FILE_STORAGE=s3` (s3-file-storage.ts).
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there; a stream is written as it comes. */
  put(key: string, data: Uint8Array | Readable): Promise<void>;
  /** The whole file in memory, or null when there is no such file: for small files and for readers that need all bytes. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, or null when there is no such file: for downloads. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is no error. */
  delete(key: string): Promise<void>;
  /** Every key (under a prefix), in no particular order. */
  list(prefix?: string): AsyncIterable<string>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys are plain ASCII paths below the store: nothing that could leave a folder or confuse a bucket. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

const TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under a folder (default `DATA_DIR/files`); writes go to a temporary file first, then rename. */
export class DiskFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    return join(this.root, assertSafeKey(key));
  }

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (data instanceof Readable) await pipeline(data, createWriteStream(temporary));
      else await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      // Opened before its size is read: a file replaced or deleted meanwhile is still read whole.
      const handle = await open(path, 'r');
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || TEMPORARY.test(entry.name)) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (key.startsWith(prefix) && SAFE_KEY.test(key)) yield key;
    }
  }
}

export const avatarKey = (userId: number) => `avatars/${userId}.png`;

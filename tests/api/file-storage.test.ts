import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeferredDeleteStorage, readBackup, writeBackup } from '../../server/services/backup.js';
import { DiskFileStorage, type FileStorage } from '../../server/services/file-storage.js';
import { fileStorageFromEnv } from '../../server/services/file-storage-config.js';
import { S3FileStorage } from '../../server/services/s3-file-storage.js';
import { startS3, type TestStorage } from './storage-fixture.js';

/** The storage contract, the same for the disk and an S3 bucket (s3rver), and the backup archive built on it. */

const MB = 1024 * 1024;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `size` bytes in 64 kB chunks, made as they are read (never one buffer), optionally failing half-way. */
function generated(size: number, options: { failAt?: number } = {}): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (options.failAt !== undefined && sent >= options.failAt) return void this.destroy(new Error('client went away'));
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}
const generatedSha = async (size: number) => {
  const hash = createHash('sha256');
  for await (const chunk of generated(size)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};
const keysOf = async (store: FileStorage, prefix?: string) => {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys.sort();
};

const kinds: Record<'disk' | 's3', () => Promise<TestStorage>> = {
  disk: async () => {
    const root = mkdtempSync(join(tmpdir(), 'px-contract-'));
    return { storage: new DiskFileStorage(root), kind: 'disk', close: async () => undefined };
  },
  s3: () => startS3({ partSize: 5 * MB }),
};

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let fixture: TestStorage;
  let store: FileStorage;
  beforeAll(async () => {
    fixture = await kinds[kind]();
    store = fixture.storage;
  });
  afterAll(async () => fixture.close());

  it('stores bytes, reads them whole or as a stream with their size; a missing file is null', async () => {
    await store.put('avatars/1.png', Buffer.from('first'));
    await store.put('avatars/1.png', Buffer.from('replaced'));
    expect((await store.get('avatars/1.png'))?.toString()).toBe('replaced');
    const opened = await store.open('avatars/1.png');
    expect(opened?.size).toBe(8);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('replaced');
    expect(await store.get('avatars/2.png')).toBeNull();
    expect(await store.open('avatars/2.png')).toBeNull();
  });

  it('stores a stream larger than one part as it comes (a multipart upload on S3)', async () => {
    const size = 12 * MB + 123;
    const commands: string[] = [];
    if (store instanceof S3FileStorage) {
      store.client.middlewareStack.add((next, context) => (args) => (commands.push(context.commandName ?? ''), next(args)), { step: 'initialize', name: 'recordCommands' });
    }
    await store.put('projects/1/large.bin', generated(size));
    const opened = await store.open('projects/1/large.bin');
    expect(opened?.size).toBe(size);
    const hash = createHash('sha256');
    for await (const chunk of opened!.stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(await generatedSha(size));
    if (store instanceof S3FileStorage) {
      // Three parts: 5 MB, 5 MB and the rest.
      expect(commands.filter((name) => name !== 'GetObjectCommand')).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
      store.client.middlewareStack.remove('recordCommands');
    }
  });

  it('a stream that fails half-way leaves nothing behind', async () => {
    await expect(store.put('projects/1/broken.bin', generated(12 * MB, { failAt: 6 * MB }))).rejects.toThrow();
    expect(await store.open('projects/1/broken.bin')).toBeNull();
    if (store instanceof DiskFileStorage) expect(readdirSync(join(store.root, 'projects/1'))).toEqual(['large.bin']);
  });

  it('lists every key, or those below a prefix', async () => {
    await store.put('models/abc.bin', Buffer.from('geometry'));
    expect(await keysOf(store)).toEqual(['avatars/1.png', 'models/abc.bin', 'projects/1/large.bin']);
    expect(await keysOf(store, 'models/')).toEqual(['models/abc.bin']);
  });

  it('deletes; deleting a missing file is no error', async () => {
    await store.delete('models/abc.bin');
    await store.delete('models/abc.bin');
    expect(await store.get('models/abc.bin')).toBeNull();
    expect(await keysOf(store, 'models/')).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '']) await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(store.get('../x')).rejects.toThrow(/unsafe/);
  });
});

describe('configuration', () => {
  it('is the disk under DATA_DIR/files by default, S3 with FILE_STORAGE=s3 and a bucket', () => {
    const disk = fileStorageFromEnv({}, '/srv/portal').storage;
    expect(disk).toBeInstanceOf(DiskFileStorage);
    expect((disk as DiskFileStorage).root).toBe('/srv/portal/files');
    const s3 = fileStorageFromEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, '/srv');
    expect(s3.storage).toBeInstanceOf(S3FileStorage);
    expect(s3.description).toBe('bucket portal-files at http://127.0.0.1:9000');
  });

  it('refuses an incomplete or unknown configuration', () => {
    expect(() => fileStorageFromEnv({ FILE_STORAGE: 's3' }, '/srv')).toThrow(/S3_BUCKET/);
    expect(() => fileStorageFromEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' }, '/srv')).toThrow(/go together/);
    expect(() => fileStorageFromEnv({ FILE_STORAGE: 'ftp' }, '/srv')).toThrow(/disk.*s3/);
  });

  it('keeps keys below S3_PREFIX and lists them without it', async () => {
    const fixture = await startS3();
    try {
      const prefixed = new S3FileStorage({ bucket: fixture.storage.bucket, endpoint: fixture.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'tenant-a/' });
      await prefixed.put('avatars/7.png', Buffer.from('x'));
      expect(await keysOf(fixture.storage)).toEqual(['tenant-a/avatars/7.png']);
      expect(await keysOf(prefixed)).toEqual(['avatars/7.png']);
      prefixed.client.destroy();
    } finally {
      await fixture.close();
    }
  });
});

describe('backup archive', () => {
  const database = new Blob([Buffer.from('pglite dump bytes')]);
  const archiveOf = async (files: FileStorage) => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const summary = await writeBackup(out, { dumpDatabase: async () => database, files });
    return { archive: Buffer.concat(chunks), summary };
  };
  const sourceStore = async () => {
    const files = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-backup-src-')));
    await files.put('avatars/1.png', Buffer.from('avatar'));
    await files.put('projects/4/17-aa-plan.pdf', Buffer.alloc(300_000, 7));
    return files;
  };

  it('holds the database dump and every file, and reads back the same', async () => {
    const { archive, summary } = await archiveOf(await sourceStore());
    expect(summary).toEqual({ files: 2, fileBytes: 300_006, databaseBytes: 17 });
    expect(archive.subarray(0, 512).toString('latin1')).toContain('planxchange-backup.json');
    const target = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-backup-dst-')));
    const restored = await readBackup(Readable.from([archive]), target);
    expect(restored.database.toString()).toBe('pglite dump bytes');
    expect([...restored.keys].sort()).toEqual(['avatars/1.png', 'projects/4/17-aa-plan.pdf']);
    expect(sha((await target.get('projects/4/17-aa-plan.pdf'))!)).toBe(sha(Buffer.alloc(300_000, 7)));
  });

  it('refuses an archive cut short, and one that is not a backup', async () => {
    const { archive } = await archiveOf(await sourceStore());
    const discard = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-backup-cut-')));
    await expect(readBackup(Readable.from([archive.subarray(0, archive.length - 3000)]), discard)).rejects.toThrow(/incomplete|cut short|Unexpected end/i);
    const other = new PassThrough();
    const chunks: Buffer[] = [];
    other.on('data', (chunk: Buffer) => chunks.push(chunk));
    const { pack } = await import('tar-stream');
    const tar = pack();
    tar.pipe(other);
    tar.entry({ name: 'hello.txt' }, 'hello');
    tar.finalize();
    await new Promise((done) => other.on('end', done));
    await expect(readBackup(Readable.from([Buffer.concat(chunks)]), discard)).rejects.toThrow(/not a planXchange backup/);
  });

  it('a running backup holds deletions back until it is done', async () => {
    const inner = await sourceStore();
    const files = new DeferredDeleteStorage(inner);
    const release = files.hold();
    await files.delete('avatars/1.png');
    expect(await inner.get('avatars/1.png')).not.toBeNull();
    await files.delete('projects/4/17-aa-plan.pdf');
    await files.put('projects/4/17-aa-plan.pdf', Buffer.from('uploaded again'));
    await release();
    expect(await inner.get('avatars/1.png')).toBeNull();
    expect((await inner.get('projects/4/17-aa-plan.pdf'))?.toString()).toBe('uploaded again');
    await files.delete('projects/4/17-aa-plan.pdf');
    expect(await inner.get('projects/4/17-aa-plan.pdf')).toBeNull();
  });
});

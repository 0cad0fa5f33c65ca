import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { DiskFileStorage, type FileStorage } from '../../server/services/file-storage.js';
import { S3FileStorage } from '../../server/services/s3-file-storage.js';

export interface TestStorage {
  storage: FileStorage;
  kind: 'disk' | 's3';
  close(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on a free port with one empty bucket, as the portal would use it. */
export async function startS3(options: { partSize?: number } = {}): Promise<TestStorage & { storage: S3FileStorage; endpoint: string }> {
  const directory = mkdtempSync(join(tmpdir(), 'px-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = new S3FileStorage({ bucket: 'planxchange-test', endpoint, region: 'eu-central-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', partSize: options.partSize });
  await storage.client.send(new CreateBucketCommand({ Bucket: storage.bucket }));
  return {
    storage,
    kind: 's3',
    endpoint,
    async close() {
      storage.client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The file storage of an API test: the disk, or with TEST_FILE_STORAGE=s3 (the vitest project "s3") a
 * bucket on a local S3 server, so that the file suites run against both.
 */
export async function createTestStorage(): Promise<TestStorage> {
  if (process.env.TEST_FILE_STORAGE === 's3') return startS3();
  const root = mkdtempSync(join(tmpdir(), 'px-test-files-'));
  return { storage: new DiskFileStorage(root), kind: 'disk', close: async () => rmSync(root, { recursive: true, force: true }) };
}

import { resolve } from 'node:path';
import { DiskFileStorage, type FileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

type Env = Record<string, string | undefined>;

const flag = (value: string | undefined): boolean | undefined => (value === undefined || value === '' ? undefined : /^(1|true|yes)$/i.test(value));

/**
 * The file storage the configuration names: `FILE_STORAGE=disk` (default, `DATA_DIR/files`) or `s3`
 * (`S3_BUCKET`, `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`,
 * `S3_PREFIX`). Throws on an incomplete configuration, so that a server never starts half-configured.
 */
export function fileStorageFromEnv(env: Env, dataDir: string): { storage: FileStorage; description: string } {
  const kind = (env.FILE_STORAGE || 'disk').toLowerCase();
  if (kind === 'disk') {
    const root = resolve(dataDir, 'files');
    return { storage: new DiskFileStorage(root), description: `files in ${root}` };
  }
  if (kind !== 's3') throw new Error(`FILE_STORAGE must be "disk" or "s3", not "${env.FILE_STORAGE}"`);
  if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const storage = new S3FileStorage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE),
    prefix: env.S3_PREFIX || undefined,
  });
  return { storage, description: `bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}` };
}

/** Start-up check: the bucket must answer (disk needs none; its folder is made on the first write). */
export async function checkFileStorage(storage: FileStorage): Promise<void> {
  if (storage instanceof S3FileStorage) {
    try {
      await storage.check();
    } catch (error) {
      throw new Error(`the bucket ${storage.bucket} cannot be reached: ${(error as Error).name} ${(error as Error).message}`, { cause: error });
    }
  }
}

// `npm run backup [-- --out FILE]` and `npm run restore -- FILE`: backups of an installation on the embedded
// database (PGlite) with its files. Run them with the server's environment (DATA_DIR, FILE_STORAGE, S3_*).
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { controlSocketAnswers, controlSocketPath } from './lib/control-socket.js';
import { readBackup, writeBackup, type BackupSummary } from './services/backup.js';
import { DiskFileStorage, type FileStorage } from './services/file-storage.js';
import { fileStorageFromEnv } from './services/file-storage-config.js';
import { acquireDataDirLock, DataDirInUseError } from './db/data-dir-lock.js';
import { envVar, rawEnv } from './env.js';

const dataDir = resolve(envVar('DATA_DIR'));
const pgliteDir = join(dataDir, 'pglite');
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const say = (text: string) => process.stdout.write(`${text}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

class UsageError extends Error {}

function refusePostgres() {
  if (envVar('DATABASE_URL')) {
    throw new UsageError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (pg_dump -Fc "$DATABASE_URL" > portal.dump, restore with pg_restore) ' +
        'and the files with the disk (DATA_DIR/files) or the bucket (versioning or replication); see README "Running in production".',
    );
  }
}

/** The lock a server takes on the embedded database (`DATA_DIR/pglite.lock`); a running server's lock refuses. */
function takeDataDirLock(): () => void {
  try {
    return acquireDataDirLock(pgliteDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new UsageError(error.message);
    throw error;
  }
}

async function openPglite(options: { loadDataDir?: Blob; dir: string }) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  await mkdir(dirname(options.dir), { recursive: true });
  const client = new PGlite(options.dir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  await client.query('select 1');
  return client;
}

/** Asks the running server for the archive; false when no server answers on the control socket. */
function backupFromServer(socketPath: string, file: string): Promise<boolean> {
  return new Promise((resolvePromise, reject) => {
    const call = request({ socketPath, method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`the server refused the backup (${response.statusCode})`));
      }
      pipeline(response, createWriteStream(file)).then(
        () => resolvePromise(true),
        (error: Error) => reject(new Error(`the backup was cut short: ${error.message}`)),
      );
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolvePromise(false);
      else reject(error);
    });
    call.end();
  });
}

async function backup(args: string[]) {
  refusePostgres();
  const outIndex = args.indexOf('--out');
  const out = resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : join('backups', `planxchange-${stamp()}.tar`));
  await mkdir(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    if (await backupFromServer(controlSocketPath(dataDir), partial)) {
      say('The running server wrote the backup.');
    } else {
      if (!existsSync(pgliteDir)) throw new UsageError(`no embedded database in ${pgliteDir}`);
      say('No server is running: the backup is taken from the data folder directly.');
      // The embedded database's lock: a server starting meanwhile waits for nothing and is refused instead.
      const release = takeDataDirLock();
      try {
        const client = await openPglite({ dir: pgliteDir });
        const { storage } = fileStorageFromEnv(rawEnv(), dataDir);
        try {
          await writeBackup(createWriteStream(partial), { dumpDatabase: () => client.dumpDataDir('gzip'), files: storage });
        } finally {
          await client.close();
        }
      } finally {
        release();
      }
    }
    const summary = await readBackup(createReadStream(partial), discardingStorage());
    await rename(partial, out);
    say(`Backup: ${out} (${describe(summary.summary)})`);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

const describe = (summary: BackupSummary) => `database ${mb(summary.databaseBytes)}, ${summary.files} files, ${mb(summary.fileBytes)}`;

/** Checks an archive whole without keeping its files. */
function discardingStorage(): FileStorage {
  return {
    async put(_key, data) {
      if (!(data instanceof Uint8Array)) for await (const _chunk of data);
    },
    get: async () => null,
    open: async () => null,
    delete: async () => undefined,
    async *list() {},
  };
}

async function restore(args: string[]) {
  refusePostgres();
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new UsageError('usage: npm run restore -- FILE');
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  if (await controlSocketAnswers(controlSocketPath(dataDir))) throw new UsageError('the server is running on this DATA_DIR: stop it first, then restore');
  const { storage } = fileStorageFromEnv(rawEnv(), dataDir);
  const staging = join(dataDir, `.restore-${stamp()}`);
  await mkdir(staging, { recursive: true });
  // Held until the restored data is in place: a server cannot open the database half-way through.
  const release = takeDataDirLock();
  try {
    // Files go to a folder beside the current ones (disk) or straight into the bucket, which keeps no folders to swap.
    const onDisk = storage instanceof DiskFileStorage;
    const target = onDisk ? new DiskFileStorage(join(staging, 'files')) : storage;
    const restored = await readBackup(createReadStream(file), target);
    const client = await openPglite({ dir: join(staging, 'pglite'), loadDataDir: new Blob([new Uint8Array(restored.database)]) });
    await client.close();
    // The archive is whole: the current data steps aside (kept until you remove it), the restored data moves in.
    const previous = join(dataDir, `before-restore-${stamp()}`);
    await mkdir(previous, { recursive: true });
    if (existsSync(pgliteDir)) await rename(pgliteDir, join(previous, 'pglite'));
    await rename(join(staging, 'pglite'), pgliteDir);
    if (onDisk) {
      const root = (storage as DiskFileStorage).root;
      if (existsSync(root)) await rename(root, join(previous, 'files'));
      await mkdir(dirname(root), { recursive: true });
      await rename(join(staging, 'files'), root);
    } else {
      let removed = 0;
      for await (const key of storage.list()) {
        if (!restored.keys.has(key)) {
          await storage.delete(key);
          removed += 1;
        }
      }
      if (removed) say(`${removed} files that were not in the backup were removed from the bucket.`);
    }
    if (!(await readdir(previous)).length) await rm(previous, { recursive: true });
    else say(`The data before the restore is in ${previous}: remove it once the portal runs as it should.`);
    say(`Restored the backup of ${restored.createdAt} (${describe(restored.summary)}). Start the server.`);
  } finally {
    release();
    await rm(staging, { recursive: true, force: true });
  }
}

const [command, ...args] = process.argv.slice(2);
const run = command === 'backup' ? backup : command === 'restore' ? restore : null;
if (!run) {
  process.stderr.write('usage: tsx server/backup.ts backup [--out FILE] | restore FILE\n');
  process.exit(2);
}
run(args).then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`${command} failed: ${error.message}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);

import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ifcModels, projectFiles } from '../db/schema.js';
import { logger } from '../lib/logging.js';
import type { FileStorage, StoredFile } from './file-storage.js';
import { IFC_MAX_BYTES } from './ifc-structure.js';
import { viewerExtractionPool, type ExtractionResult, type ExtractionPool } from './ifc-viewer-pool.js';

/**
 * The viewer's model cache: one `ifc_models` row per file content (sha256), filled by the extraction worker.
 * Requests never wait for a parse: they see 'pending' and ask again. Decisions: docs/decisions-viewer.md.
 */

export type FileRow = typeof projectFiles.$inferSelect;
export type ModelRow = typeof ifcModels.$inferSelect;

/** A pending row older than this was left by a process that stopped: the next request starts it again. */
const STALE_PENDING_MS = 150_000;

/**
 * The extractor's version, stored on every row: a row written by an older one (1: tree and geometry only) is
 * read again on its next request. 2 added the walls' dimensions and openings (issue #26); 3 names unnamed storeys
 * as the structure import does (an empty name and the storey's number instead of its GlobalId, issue #20); 4 cuts
 * box openings out of box walls itself (other triangles, the same solids; issue #21).
 */
export const VIEWER_EXTRACTION_VERSION = 4;

export const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const geometryKey = (hash: string) => `models/${hash}.bin`;
export const isIfcFileName = (name: string) => /\.ifc$/i.test(name);

/** Extractions this process runs, per database (tests run several apps in one process). */
const inFlight = new WeakMap<Db, Map<string, Promise<void>>>();
const running = (db: Db) => {
  let map = inFlight.get(db);
  if (!map) inFlight.set(db, (map = new Map()));
  return map;
};

/** Every extraction of the process, for the shutdown; set once the process stops taking new ones. */
const allJobs = new Set<Promise<void>>();
let stopping = false;

/** Resolves once every extraction this process started for the database has been stored (tests, shutdown). */
export async function settleViewerExtractions(db: Db): Promise<void> {
  for (let map = running(db); map.size; ) await Promise.all(map.values());
}

/**
 * The IFC file a unit shows: its own newest `.ifc`, else the newest of its nearest ancestor (lot →
 * subproject → root); null when none applies.
 */
export async function viewerFileOf(db: Db, unitId: number): Promise<FileRow | null> {
  const result = (await db.execute(sql`
    with recursive up as (
      select id, parent_id, 0 as depth from project_units where id = ${unitId}
      union all
      select p.id, p.parent_id, u.depth + 1 from project_units p join up u on p.id = u.parent_id where u.depth < 20
    )
    select f.id from up join project_files f on f.unit_id = up.id
    where lower(f.name) like '%.ifc'
    order by up.depth, f.created_at desc, f.id desc
    limit 1`)) as unknown as { rows?: { id: number }[] };
  const rows = result.rows ?? (result as unknown as { id: number }[]);
  if (!rows.length) return null;
  const [file] = await db.select().from(projectFiles).where(eq(projectFiles.id, Number(rows[0].id)));
  return file ?? null;
}

/** The file's content hash; files stored before hashes existed get theirs now. Null when the bytes are gone. */
async function hashOf(db: Db, files: FileStorage, file: FileRow): Promise<string | null> {
  if (file.contentHash) return file.contentHash;
  const bytes = await files.get(file.storageKey);
  if (!bytes) return null;
  const hash = contentHash(bytes);
  await db.transaction((tx) => tx.update(projectFiles).set({ contentHash: hash }).where(eq(projectFiles.id, file.id)));
  return hash;
}

async function store(db: Db, files: FileStorage, hash: string, result: ExtractionResult) {
  if (result.ok) {
    await files.put(geometryKey(hash), result.geometry);
    await db.transaction((tx) =>
      tx
        .update(ifcModels)
        .set({
          status: 'ready',
          errorKey: null,
          errorReason: null,
          model: result.model,
          bounds: result.bounds,
          geometryKey: geometryKey(hash),
          wallCount: result.wallCount,
          parseMs: result.parseMs,
          updatedAt: new Date(),
        })
        .where(eq(ifcModels.hash, hash)),
    );
    return;
  }
  await db.transaction((tx) =>
    tx
      .update(ifcModels)
      .set({ status: 'failed', errorKey: result.key, errorReason: result.reason, model: null, bounds: null, geometryKey: null, wallCount: 0, updatedAt: new Date() })
      .where(eq(ifcModels.hash, hash)),
  );
}

/** A job cut short by the shutdown: the row stays pending but looks abandoned, so the next request starts it again at once. */
async function handBack(db: Db, hash: string) {
  await db.transaction((tx) => tx.update(ifcModels).set({ updatedAt: new Date(0) }).where(and(eq(ifcModels.hash, hash), eq(ifcModels.status, 'pending'))));
}

/**
 * Shutdown: takes no new extractions, ends the worker (a parse under way is not waited for) and hands the
 * unfinished models back, before the database closes.
 */
export async function stopViewerExtractions(pool: ExtractionPool = viewerExtractionPool): Promise<void> {
  stopping = true;
  await pool.close();
  await Promise.all([...allJobs]);
}

/** Runs the extraction for a pending row in the background; errors are stored on the row, never thrown. */
function launch(db: Db, files: FileStorage, hash: string, storageKey: string, pool: ExtractionPool) {
  const map = running(db);
  if (map.has(hash)) return;
  const job = (async () => {
    try {
      const bytes = await files.get(storageKey);
      const result: ExtractionResult = !bytes
        ? { ok: false, key: 'IFC.Broken', reason: 'IFC.Reason.Unreadable' }
        : bytes.length > IFC_MAX_BYTES
          ? { ok: false, key: 'IFC.TooLarge', reason: null }
          : await pool.extract(bytes);
      if (stopping) await handBack(db, hash);
      else await store(db, files, hash, result);
    } catch (error) {
      logger.error({ err: error, hash }, 'IFC model: the extraction could not be stored');
    } finally {
      map.delete(hash);
    }
  })();
  map.set(hash, job);
  allJobs.add(job);
  void job.finally(() => allJobs.delete(job));
}

/**
 * The cached model of a file, starting its extraction when none ran yet (or a pending one was abandoned).
 * Null when the file's bytes are gone.
 */
export async function viewerModelOf(db: Db, files: FileStorage, file: FileRow, pool: ExtractionPool = viewerExtractionPool): Promise<ModelRow | null> {
  const hash = await hashOf(db, files, file);
  if (!hash) return null;
  const [existing] = await db.select().from(ifcModels).where(eq(ifcModels.hash, hash));
  const outdated = !!existing && existing.extractionVersion < VIEWER_EXTRACTION_VERSION;
  if (!outdated && (existing?.status === 'ready' || existing?.status === 'failed')) return existing;
  if (!outdated && existing && (running(db).has(hash) || Date.now() - existing.updatedAt.getTime() < STALE_PENDING_MS)) return existing;
  // No row yet, a pending one nobody works on, or one an older extractor wrote: claim it (only one request or
  // process wins: the condition is checked inside the UPDATE) and start.
  const claimed = await db.transaction(async (tx) => {
    if (!existing) return tx.insert(ifcModels).values({ hash, status: 'pending', extractionVersion: VIEWER_EXTRACTION_VERSION }).onConflictDoNothing().returning();
    if (outdated) {
      return tx
        .update(ifcModels)
        .set({ status: 'pending', extractionVersion: VIEWER_EXTRACTION_VERSION, updatedAt: new Date() })
        .where(and(eq(ifcModels.hash, hash), lt(ifcModels.extractionVersion, VIEWER_EXTRACTION_VERSION)))
        .returning();
    }
    return tx
      .update(ifcModels)
      .set({ updatedAt: new Date() })
      .where(and(eq(ifcModels.hash, hash), eq(ifcModels.status, 'pending'), lt(ifcModels.updatedAt, new Date(Date.now() - STALE_PENDING_MS))))
      .returning();
  });
  if (claimed.length && !stopping) launch(db, files, hash, file.storageKey, pool);
  const [row] = await db.select().from(ifcModels).where(eq(ifcModels.hash, hash));
  return row ?? null;
}

/** After an upload: starts the extraction of every `.ifc` file (fire and forget; failures land on the model row). */
export function queueViewerModels(db: Db, files: FileStorage, rows: FileRow[]): void {
  for (const row of rows.filter((file) => isIfcFileName(file.name))) {
    viewerModelOf(db, files, row).catch((error) => logger.error({ err: error, fileId: row.id }, 'IFC model could not be queued'));
  }
}

/** The geometry of a ready model, as a stream; when its bytes have gone from the storage the model is extracted again. */
export async function geometryOf(db: Db, files: FileStorage, model: ModelRow): Promise<StoredFile | null> {
  const stored = model.geometryKey ? await files.open(model.geometryKey) : null;
  if (stored) return stored;
  await db.transaction((tx) => tx.delete(ifcModels).where(eq(ifcModels.hash, model.hash)));
  return null;
}

import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { mapIfcStructure, withProposedMaterials, withWallVolumes, type IfcFallbackNames, type IfcStructure } from '../../src/domain/ifcStructure.js';
import { wallsOf } from '../../src/domain/viewerModel.js';
import type { Db } from '../db/client.js';
import { projectFiles } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { materialTypes, preliminaryContext } from '../lib/deliveries.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess } from '../lib/project-access.js';
import { limitAction } from '../lib/rate-limit.js';
import { parseId } from '../lib/rest-query.js';
import { IFC_MAX_BYTES, IfcReadError } from '../services/ifc-structure.js';
import { viewerExtractionPool } from '../services/ifc-viewer-pool.js';
import { viewerModelOf, type FileRow } from '../services/ifc-viewer.js';
import type { FileStorage } from '../services/file-storage.js';

const MB = 1024 * 1024;
/** How long the structure waits for the viewer's extraction of a just uploaded model (its walls' volumes). */
const VOLUME_WAIT_MS = 8000;

/**
 * The lots' wall volumes from the viewer's extraction (issue #29): the upload started it; a model still being read
 * is waited for a few seconds. Without it (failed, too slow) the lots come without volumes, to be typed.
 */
async function withVolumes(db: Db, files: FileStorage, file: FileRow, structure: IfcStructure): Promise<IfcStructure> {
  const deadline = Date.now() + VOLUME_WAIT_MS;
  let model = await viewerModelOf(db, files, file);
  while (model?.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    model = await viewerModelOf(db, files, file);
  }
  if (model?.status !== 'ready' || !model.model) return structure;
  const volumes = new Map(wallsOf(model.model).map((wall) => [wall.id, wall.dimensions?.netVolume ?? null]));
  return withWallVolumes(structure, (id) => volumes.get(id));
}

/** The 422 of a file that gives no structure, in the user's language. */
function unprocessable(error: IfcReadError, language: string): ApiError {
  const params: Record<string, unknown> = {};
  if (error.key === 'IFC.Broken') params.reason = translate(language, error.reasonKey ?? 'IFC.Reason.Unreadable');
  if (error.key === 'IFC.TooLarge') params.max = `${IFC_MAX_BYTES / MB} MB`;
  return new ApiError(422, [{ key: error.key, params }]);
}

export const ifcStructureRoutes = new Hono<AppEnv>();

/** The structure an IFC file of the root suggests: subprojects with their approval lots and walls. */
ifcStructureRoutes.get('/:rootId/:fileId/ifcstructure', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const db = c.get('db');
  const { unit, root } = await unitAccess(db, user, parseId(c.req.param('rootId')));
  if (unit.id !== root.id) throw ApiError.notFound();
  const [file] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, parseId(c.req.param('fileId'))), eq(projectFiles.rootId, root.id)));
  if (!file) throw ApiError.notFound();
  if (file.size > IFC_MAX_BYTES) throw unprocessable(new IfcReadError('IFC.TooLarge'), user.language);
  // Reading a model takes the server's CPU for up to seconds.
  await limitAction(db, 'ifcStructure', user.id);
  const bytes = await c.get('files').get(file.storageKey);
  if (!bytes) throw ApiError.notFound();
  const names: IfcFallbackNames = {
    building: (n) => translate(user.language, 'IFC.Fallback.Building', { n }),
    storey: (n) => translate(user.language, 'IFC.Fallback.Storey', { n }),
    group: (n) => translate(user.language, 'IFC.Fallback.Group', { n }),
  };
  // The model is read on the extraction worker (queued behind the viewer's extractions), never on this thread.
  const read = await viewerExtractionPool.readStructureFacts(bytes);
  if (!read.ok) throw unprocessable(new IfcReadError(read.key, read.reason ?? undefined), user.language);
  const structure = await withVolumes(db, c.get('files'), file, mapIfcStructure(read.facts, names));
  // Each lot's material from what it holds, with the earliest date that type gets (issue #39): the customer only confirms.
  const types = materialTypes(await preliminaryContext(db, root, undefined, user.language));
  return c.json(withProposedMaterials(structure, types));
});

import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { IfcFallbackNames } from '../../src/domain/ifcStructure.js';
import { projectFiles } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess } from '../lib/project-access.js';
import { limitAction } from '../lib/rate-limit.js';
import { parseId } from '../lib/rest-query.js';
import { IFC_MAX_BYTES, IfcReadError, readIfcStructure } from '../services/ifc-structure.js';

const MB = 1024 * 1024;

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
  try {
    return c.json(await readIfcStructure(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), names));
  } catch (error) {
    if (error instanceof IfcReadError) throw unprocessable(error, user.language);
    throw error;
  }
});

import { Hono, type Context } from 'hono';
import { withStoreyNames, type ViewerFailed, type ViewerFileRef, type ViewerPending, type ViewerReady, type ViewerStatus } from '../../src/domain/viewerModel.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { unitAccess } from '../lib/project-access.js';
import { sessionUser } from '../lib/request.js';
import { parseId } from '../lib/rest-query.js';
import { toWebStream } from '../lib/web-stream.js';
import { geometryOf, viewerFileOf, viewerModelOf, type FileRow, type ModelRow } from '../services/ifc-viewer.js';
import { failureMessages } from '../services/viewer-messages.js';

/**
 * The 3D viewer's data: GET api/view/{root}/{unit}.json (model tree), …/{unit}.bin (geometry, 'PXG1') and
 * …/{unit}/status. The unit shows the newest IFC file of itself or its nearest ancestor.
 */

/** The unit of the path, visible to the user and under the root of the path (404 otherwise), and its file. */
async function unitFile(c: Context<AppEnv>, rawUnitId: string) {
  const user = sessionUser(c);
  const rootId = parseId(c.req.param('rootId') ?? '');
  const db = c.get('db');
  const { unit, root } = await unitAccess(db, user, parseId(rawUnitId));
  if (root.id !== rootId) throw ApiError.notFound();
  return { user, unit, root, file: await viewerFileOf(db, unit.id) };
}

const fileRef = (file: FileRow): ViewerFileRef => ({ id: file.id, name: file.name });

type Resolved = { kind: 'pending'; body: ViewerPending } | { kind: 'failed'; body: ViewerFailed } | { kind: 'ready'; model: ModelRow; file: FileRow };

/** The model state of the unit's file; a request for a file never read starts its extraction. */
async function resolveModel(c: Context<AppEnv>, rawUnitId: string) {
  const { user, unit, root, file } = await unitFile(c, rawUnitId);
  if (!file) throw new ApiError(404, [{ key: 'VIEWER.NoModel' }]);
  const model = await viewerModelOf(c.get('db'), c.get('files'), file);
  let resolved: Resolved;
  if (model?.status === 'ready') resolved = { kind: 'ready', model, file };
  else if (model?.status === 'pending') resolved = { kind: 'pending', body: { status: 'pending', file: fileRef(file) } };
  else resolved = { kind: 'failed', body: { status: 'failed', file: fileRef(file), messages: failureMessages(model, user.language) } };
  return { unit, root, resolved };
}

const unitPart = (raw: string | undefined, extension: 'json' | 'bin') => {
  const match = /^(\d+)\.(json|bin)$/.exec(raw ?? '');
  if (!match || match[2] !== extension) throw ApiError.notFound();
  return match[1];
};

export const viewerRoutes = new Hono<AppEnv>();

viewerRoutes.get('/:rootId/:unitId/status', async (c) => {
  const { user, file } = await unitFile(c, c.req.param('unitId'));
  if (!file) return c.json({ status: 'none' } satisfies ViewerStatus);
  const model = await viewerModelOf(c.get('db'), c.get('files'), file);
  const status: ViewerStatus =
    model?.status === 'ready' || model?.status === 'pending'
      ? { status: model.status, file: fileRef(file) }
      : { status: 'failed', file: fileRef(file), messages: failureMessages(model, user.language) };
  c.header('Cache-Control', 'private, no-store');
  return c.json(status);
});

viewerRoutes.get('/:rootId/:unitFile', async (c) => {
  const raw = c.req.param('unitFile');
  const asBinary = raw.endsWith('.bin');
  const { unit, root, resolved } = await resolveModel(c, unitPart(raw, asBinary ? 'bin' : 'json'));
  c.header('Cache-Control', 'private, no-store');
  if (resolved.kind === 'pending') return c.json(resolved.body, 202);
  if (resolved.kind === 'failed') return c.json(resolved.body, 422);
  const { model, file } = resolved;
  if (!asBinary) {
    const user = sessionUser(c);
    const answer: ViewerReady = {
      rootProjectUnitID: root.id,
      projectUnitID: unit.id,
      status: 'ready',
      file: fileRef(file),
      hash: model.hash,
      geometryUrl: `/api/view/${root.id}/${unit.id}.bin?h=${model.hash}`,
      bounds: model.bounds!,
      // An unnamed storey reads "Storey n" in the user's language, as in the structure import.
      model: withStoreyNames(model.model!, (n) => translate(user.language, 'IFC.Fallback.Storey', { n })),
    };
    c.header('Cache-Control', 'private, no-cache');
    return c.json(answer);
  }
  const etag = `"${model.hash}"`;
  const cacheControl = c.req.query('h') === model.hash ? 'private, max-age=31536000, immutable' : 'private, no-cache';
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': cacheControl });
  const geometry = await geometryOf(c.get('db'), c.get('files'), model);
  if (!geometry) {
    // The stored geometry went missing: the model is read again.
    await viewerModelOf(c.get('db'), c.get('files'), file);
    return c.json({ status: 'pending', file: fileRef(file) } satisfies ViewerPending, 202);
  }
  return c.body(toWebStream(geometry.stream), 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(geometry.size),
    'Cache-Control': cacheControl,
    ETag: etag,
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  canDeleteFile,
  canDownloadSelectedFiles,
  canUploadFiles,
  showsProjectFiles,
  DOWNLOAD_EXPIRY_MINUTES,
  downloadRequestSchema,
  fileExtension,
  type FileTreeNode,
  type ProjectFile,
} from '../../src/domain/projectFiles.js';
import type { UnitVariant } from '../../src/domain/projectUnits.js';
import { displayName, type SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import { downloadRequests, projectFiles, projectUnits, userProfiles, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { attachment, projectFileKey, readUploadedFiles } from '../lib/project-file-upload.js';
import { zipEntries, zipStream } from '../lib/project-file-zip.js';
import { unitAccess } from '../lib/project-access.js';
import { limitAction } from '../lib/rate-limit.js';
import { parseId } from '../lib/rest-query.js';
import { sessionUser } from '../lib/request.js';
import { toWebStream } from '../lib/web-stream.js';
import { contentHash, queueViewerModels } from '../services/ifc-viewer.js';
import { readBody } from '../lib/validation.js';

type FileRow = typeof projectFiles.$inferSelect;

/** The unit of the path, visible to the user and inside the root of the path; 404 otherwise. */
async function unitInRoot(c: Context<AppEnv>) {
  const user = sessionUser(c);
  const rootId = parseId(c.req.param('rootId') ?? '');
  const access = await unitAccess(c.get('db'), user, parseId(c.req.param('unitId') ?? ''));
  if (access.root.id !== rootId) throw ApiError.notFound();
  return { user, ...access };
}

/** The root of the path (a root, not a child unit), visible to the user, with the download feature on. */
async function rootForDownload(c: Context<AppEnv>) {
  const user = sessionUser(c);
  const access = await unitAccess(c.get('db'), user, parseId(c.req.param('rootId') ?? ''));
  if (access.unit.id !== access.root.id) throw ApiError.notFound();
  if (!canDownloadSelectedFiles(access.context)) throw ApiError.refused('FILES.Rules.DownloadSelectedOff');
  return { user, ...access };
}

async function fileOfUnit(db: Db, unitId: number, rawFileId: string): Promise<FileRow> {
  const [file] = await db.select().from(projectFiles).where(and(eq(projectFiles.id, parseId(rawFileId)), eq(projectFiles.unitId, unitId)));
  if (!file) throw ApiError.notFound();
  return file;
}

async function listFiles(db: Db, unitId: number, user: SessionUser, canDelete: (file: { uploadedByID: number | null }) => boolean): Promise<ProjectFile[]> {
  const rows = await db
    .select({ file: projectFiles, login: users.login, deletedAt: users.deletedAt, firstName: userProfiles.firstName, lastName: userProfiles.lastName })
    .from(projectFiles)
    .leftJoin(users, eq(users.id, projectFiles.uploadedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, projectFiles.uploadedBy))
    .where(eq(projectFiles.unitId, unitId))
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id));
  return rows.map(({ file, login, deletedAt, firstName, lastName }) => {
    let uploadedBy = '';
    if (deletedAt) uploadedBy = translate(user.language, 'PROFILE.DeletedUser');
    else if (login) uploadedBy = displayName({ login, firstName: firstName ?? '', lastName: lastName ?? '' });
    return toProjectFile(file, uploadedBy, canDelete({ uploadedByID: file.uploadedBy }));
  });
}

function toProjectFile(file: FileRow, uploadedBy: string, canDelete: boolean): ProjectFile {
  return {
    id: file.id,
    projectFileID: file.id,
    projectUnitID: file.unitId,
    name: file.name,
    size: file.size,
    contentType: file.contentType,
    createdAt: file.createdAt.toISOString(),
    uploadedByID: file.uploadedBy,
    uploadedBy,
    canDelete,
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const projectFileRoutes = new Hono<AppEnv>();

// The projectFiles routes go first: their literal segment must not be read as a root id.

/** The dialog's tree: the root and every unit that holds files or has descendants that do. */
projectFileRoutes.get('/projectFiles/:rootId', async (c) => {
  const { root } = await rootForDownload(c);
  const db = c.get('db');
  const units = await db
    .select({ id: projectUnits.id, parentId: projectUnits.parentId, number: projectUnits.number, title: projectUnits.title })
    .from(projectUnits)
    .where(eq(projectUnits.rootId, root.id))
    .orderBy(projectUnits.number);
  const files = await db
    .select({ id: projectFiles.id, unitId: projectFiles.unitId, name: projectFiles.name, size: projectFiles.size })
    .from(projectFiles)
    .where(eq(projectFiles.rootId, root.id))
    .orderBy(projectFiles.name, projectFiles.id);
  const nodes = new Map<number, FileTreeNode>(units.map((unit) => [unit.id, { projectUnitID: unit.id, title: unit.title, projectUnitNo: unit.number, children: [], files: [] }]));
  for (const file of files) nodes.get(file.unitId)?.files.push({ projectFileID: file.id, name: file.name, size: file.size, selected: false });
  for (const unit of units) if (unit.parentId !== null && unit.id !== root.id) nodes.get(unit.parentId)?.children.push(nodes.get(unit.id)!);
  const prune = (node: FileTreeNode): FileTreeNode | null => {
    const children = node.children.map(prune).filter((child): child is FileTreeNode => child !== null);
    return children.length || node.files.length ? { ...node, children } : null;
  };
  const tree = prune(nodes.get(root.id)!);
  return c.json(tree ? [tree] : []);
});

/** Prepares a zip of the selected files: answers a download id valid for 10 minutes, for this user only. */
projectFileRoutes.post('/projectFiles/:rootId', async (c) => {
  const { user, root } = await rootForDownload(c);
  const parsed = await readBody(c, downloadRequestSchema, { object: false });
  const items = parsed;
  const db = c.get('db');
  const fileIds = [...new Set(items.map((item) => item.fileID))];
  const rows = await db
    .select({ id: projectFiles.id, unitId: projectFiles.unitId })
    .from(projectFiles)
    .where(and(eq(projectFiles.rootId, root.id), inArray(projectFiles.id, fileIds)));
  const unitOf = new Map(rows.map((row) => [row.id, row.unitId]));
  type Problem = { status: 400 | 404; key: string; reference: string; params: Record<string, unknown> };
  const problems = items.flatMap((item, index): Problem[] => {
    if (!unitOf.has(item.fileID)) return [{ status: 404, key: 'FILES.Download.FileNotFound', reference: `${index}.fileID`, params: { name: item.fileName } }];
    if (unitOf.get(item.fileID) !== item.projectUnitID) return [{ status: 400, key: 'ERRORMESSAGES.IdMismatch', reference: `${index}.projectUnitID`, params: {} }];
    return [];
  });
  if (problems.length) throw new ApiError(problems[0].status, problems.map(({ key, reference, params }) => ({ key, reference, params })));
  await limitAction(db, 'zipDownload', user.id);
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // Old requests are of no use to anyone: a day after expiry they go.
    await tx.delete(downloadRequests).where(lt(downloadRequests.expiresAt, new Date(Date.now() - 86_400_000)));
    await tx.insert(downloadRequests).values({
      id: hashToken(token),
      userId: user.id,
      rootId: root.id,
      fileIds,
      expiresAt: new Date(Date.now() + DOWNLOAD_EXPIRY_MINUTES * 60_000),
    });
  });
  return c.json({ downloadID: token }, 201);
});

/** The zip, streamed: only for the user who asked for it, 410 once it has expired. */
projectFileRoutes.get('/projectFiles/download/:downloadId', async (c) => {
  const user = sessionUser(c);
  const token = c.req.param('downloadId');
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw ApiError.notFound();
  const db = c.get('db');
  const [request] = await db.select().from(downloadRequests).where(eq(downloadRequests.id, hashToken(token)));
  if (!request || request.userId !== user.id) throw ApiError.notFound();
  if (request.expiresAt.getTime() <= Date.now()) throw new ApiError(410, [{ key: 'FILES.Download.Expired', params: { minutes: DOWNLOAD_EXPIRY_MINUTES } }]);
  // Membership may have ended since the request: the user must still see the project.
  const { root } = await unitAccess(db, user, request.rootId);
  const files = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.rootId, root.id), inArray(projectFiles.id, request.fileIds.length ? request.fileIds : [0])));
  if (!files.length) throw new ApiError(404, [{ key: 'FILES.Download.FilesGone' }]);
  await limitAction(db, 'zipBuild', user.id);
  const units = await db
    .select({ id: projectUnits.id, parentId: projectUnits.parentId, number: projectUnits.number, title: projectUnits.title })
    .from(projectUnits)
    .where(eq(projectUnits.rootId, root.id));
  const entries = zipEntries(units, root.id, files);
  return c.body(zipStream(entries, c.get('files')), 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': attachment(`${root.number} ${root.title}.zip`),
    'Cache-Control': 'private, no-store',
  });
});

projectFileRoutes.get('/:rootId/:unitId', async (c) => {
  const { user, unit, context } = await unitInRoot(c);
  return c.json(await listFiles(c.get('db'), unit.id, user, (file) => canDeleteFile(context, file, user.id).allowed));
});

/** Upload: multipart field `file`, one or several; all are stored or none. */
projectFileRoutes.post('/:rootId/:unitId', async (c) => {
  const { user, unit, root, context } = await unitInRoot(c);
  const upload = canUploadFiles(context);
  if (!upload.allowed) throw ApiError.fromRule(upload);
  // AAC element and lintel units have no files card: they take no files either.
  if (!showsProjectFiles({ projectUnitTypeVariant: unit.variant as UnitVariant })) throw ApiError.fromRule({ allowed: false, reason: 'FILES.Rules.NoFilesHere' });
  // Counted before the body is read: a refused upload costs the server nothing.
  await limitAction(c.get('db'), 'projectFileUpload', user.id);
  const uploads = await readUploadedFiles(c);
  // Each IFC file is read for the 3D viewer in the background.
  const ifcFiles = uploads.filter((upload) => fileExtension(upload.name) === 'ifc').length;
  if (ifcFiles) await limitAction(c.get('db'), 'ifcUpload', user.id, ifcFiles);
  const storage = c.get('files');
  const stored: string[] = [];
  try {
    const planned = uploads.map((upload) => ({ ...upload, key: projectFileKey(root.id, unit.id, upload.name) }));
    for (const upload of planned) {
      await storage.put(upload.key, upload.bytes);
      stored.push(upload.key);
    }
    const rows = await c.get('db').transaction((tx) =>
      tx
        .insert(projectFiles)
        .values(
          planned.map((upload) => ({
            rootId: root.id,
            unitId: unit.id,
            name: upload.name,
            contentType: upload.contentType,
            size: upload.bytes.length,
            storageKey: upload.key,
            uploadedBy: user.id,
            contentHash: contentHash(upload.bytes),
          })),
        )
        .returning(),
    );
    // IFC models are read for the viewer in the background; a file that cannot be read does not fail the upload.
    queueViewerModels(c.get('db'), storage, rows);
    return c.json(rows.map((row) => toProjectFile(row, displayName(user), canDeleteFile(context, { uploadedByID: user.id }, user.id).allowed)), 201);
  } catch (error) {
    // Nothing half-written: bytes without a row are removed again.
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
});

projectFileRoutes.delete('/:rootId/:unitId/:fileId', async (c) => {
  const { user, unit, context } = await unitInRoot(c);
  const db = c.get('db');
  const file = await fileOfUnit(db, unit.id, c.req.param('fileId'));
  const deletion = canDeleteFile(context, { uploadedByID: file.uploadedBy }, user.id);
  if (!deletion.allowed) throw ApiError.fromRule(deletion);
  await db.transaction((tx) => tx.delete(projectFiles).where(eq(projectFiles.id, file.id)));
  await c.get('files').delete(file.storageKey);
  return c.json(toProjectFile(file, '', false));
});

projectFileRoutes.get('/:rootId/:unitId/:fileId/content', async (c) => {
  const { unit } = await unitInRoot(c);
  const file = await fileOfUnit(c.get('db'), unit.id, c.req.param('fileId'));
  const stored = await c.get('files').open(file.storageKey);
  if (!stored) throw ApiError.notFound();
  return c.body(toWebStream(stored.stream), 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(stored.size),
    'Content-Disposition': attachment(file.name),
    'Cache-Control': 'private, no-cache',
  });
});

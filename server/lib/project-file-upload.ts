import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import {
  contentMatchesExtension,
  fileExtension,
  PROJECT_FILE_EXTENSIONS,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_TYPES,
  PROJECT_UPLOAD_MAX_FILES,
  sanitizeFileName,
} from '../../src/domain/projectFiles.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

const MB = 1024 * 1024;
export interface UploadedFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

type Problem = { status: 400 | 413 | 415 | 422; key: string; params: Record<string, unknown> };

async function readForm(c: Context<AppEnv>): Promise<FormData> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new ApiError(415, [{ key: 'FILES.Upload.MultipartRequired' }]);
  try {
    return await c.req.raw.formData();
  } catch {
    throw ApiError.badRequest('FILES.Upload.MultipartRequired');
  }
}

async function checkFile(file: File): Promise<{ file: UploadedFile } | { problem: Problem }> {
  const name = sanitizeFileName(file.name);
  const shown = name ?? file.name.slice(0, 80);
  if (!name) return { problem: { status: 400, key: 'FILES.Upload.InvalidName', params: { name: shown } } };
  if (file.size > PROJECT_FILE_MAX_BYTES) return { problem: { status: 413, key: 'FILES.Upload.TooLarge', params: { name, max: `${PROJECT_FILE_MAX_BYTES / MB} MB` } } };
  const type = PROJECT_FILE_TYPES[fileExtension(name)];
  if (!type) return { problem: { status: 415, key: 'FILES.Upload.TypeNotAllowed', params: { name, types: PROJECT_FILE_EXTENSIONS.join(', ') } } };
  if (file.size === 0) return { problem: { status: 422, key: 'FILES.Upload.Empty', params: { name } } };
  const bytes = Buffer.from(await file.arrayBuffer());
  // The real size counts, whatever the part headers claimed.
  if (bytes.length > PROJECT_FILE_MAX_BYTES) return { problem: { status: 413, key: 'FILES.Upload.TooLarge', params: { name, max: `${PROJECT_FILE_MAX_BYTES / MB} MB` } } };
  if (!contentMatchesExtension(name, bytes)) return { problem: { status: 422, key: 'FILES.Upload.ContentMismatch', params: { name, extension: fileExtension(name) } } };
  return { file: { name, contentType: type.contentType, bytes } };
}

/**
 * Reads the multipart field `file` (one or several files) and checks every file: name, size, type by
 * extension and by its first bytes. Any refusal refuses the whole upload, with one message per file.
 */
export async function readUploadedFiles(c: Context<AppEnv>): Promise<UploadedFile[]> {
  const form = await readForm(c);
  const parts = form.getAll('file');
  if (parts.some((part) => !(part instanceof File))) throw ApiError.badRequest('FILES.Upload.NotAFile', 'file');
  const files = parts as File[];
  if (!files.length) throw ApiError.badRequest('VALIDATION.IsRequired', 'file');
  if (files.length > PROJECT_UPLOAD_MAX_FILES) throw ApiError.badRequest('FILES.Upload.TooManyFiles', 'file', { max: PROJECT_UPLOAD_MAX_FILES });
  const results = [];
  for (const file of files) results.push(await checkFile(file));
  const problems = results.flatMap((result, index) => ('problem' in result ? [{ ...result.problem, reference: `file.${index}` }] : []));
  if (problems.length) {
    throw new ApiError(
      problems[0].status,
      problems.map(({ key, params, reference }) => ({ key, params, reference })),
    );
  }
  return results.map((result) => (result as { file: UploadedFile }).file);
}

/** Storage keys allow only plain ASCII: the real name lives in the database. */
function keySafe(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 80);
  return slug || 'file';
}

export function projectFileKey(rootId: number, unitId: number, name: string): string {
  return `projects/${rootId}/${unitId}-${randomBytes(8).toString('hex')}-${keySafe(name)}`;
}

/** Content-Disposition with an ASCII fallback and the real name per RFC 5987. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

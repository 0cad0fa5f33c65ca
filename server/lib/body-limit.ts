import type { MiddlewareHandler } from 'hono';
import { AVATAR_MAX_BYTES } from '../../src/domain/avatar.js';
import { IMPORT_MAX_BYTES } from '../../src/domain/bulk/resources.js';
import { BRAND_IMAGE_MAX_BYTES } from '../../src/domain/masterData.js';
import { PROJECT_UPLOAD_MAX_BYTES } from '../../src/domain/projectFiles.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

const MB = 1024 * 1024;

/** Every request body not listed below: JSON bodies and whatever else a client sends. */
export const DEFAULT_BODY_LIMIT = 1 * MB;
/** Boundaries and part headers around the files of a multipart upload. */
const MULTIPART_ENVELOPE = 64 * 1024;
/**
 * A refused body whose rest is at most this long is read and thrown away after the 413, so that the
 * connection serves the client's next request; a longer or unknown rest closes the connection (see http-server.ts).
 */
export const DRAIN_MAX_BYTES = 16 * MB;

export interface UploadLimit {
  /** Hono-style path: `:name` stands for one path segment. */
  path: string;
  /** The whole multipart body, envelope included. */
  maxBytes: number;
  /** The 413's message, as the upload dialog shows it. */
  message: { key: string; reference?: string; params: Record<string, unknown> };
}

const label = (bytes: number) => `${bytes / MB} MB`;

/**
 * The one body-limit policy: multipart POSTs to these routes may be as large as their uploads need; every
 * other body, whatever its type or route, is limited to DEFAULT_BODY_LIMIT.
 */
export const UPLOAD_LIMITS: readonly UploadLimit[] = [
  {
    path: '/api/data/planxchange/profilefiles/thumbnail.png',
    maxBytes: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE,
    message: { key: 'PROFILE.AvatarDialog.TooLarge', params: { max: label(AVATAR_MAX_BYTES) } },
  },
  {
    path: '/api/file/:rootId/:unitId',
    maxBytes: PROJECT_UPLOAD_MAX_BYTES + MULTIPART_ENVELOPE,
    message: { key: 'FILES.Upload.RequestTooLarge', params: { max: label(PROJECT_UPLOAD_MAX_BYTES) } },
  },
  {
    path: '/api/data/planxchange/salesorganisations/:id/image',
    maxBytes: BRAND_IMAGE_MAX_BYTES + MULTIPART_ENVELOPE,
    message: { key: 'ADMIN.MasterData.ImageTooLarge', reference: 'image', params: { max: label(BRAND_IMAGE_MAX_BYTES) } },
  },
  // Bulk administration: an import file (CSV or XLSX) to preview and to import.
  ...['/api/bulk/:resource/import', '/api/bulk/:resource/import/preview'].map((path) => ({
    path,
    maxBytes: IMPORT_MAX_BYTES + MULTIPART_ENVELOPE,
    message: { key: 'ERRORMESSAGES.PayloadTooLarge', reference: 'file', params: { max: label(IMPORT_MAX_BYTES) } },
  })),
  {
    path: '/api/data/planxchange/tenants/:id/logo',
    maxBytes: BRAND_IMAGE_MAX_BYTES + MULTIPART_ENVELOPE,
    message: { key: 'ADMIN.MasterData.ImageTooLarge', reference: 'image', params: { max: label(BRAND_IMAGE_MAX_BYTES) } },
  },
];

const DEFAULT_LIMIT: UploadLimit = { path: '*', maxBytes: DEFAULT_BODY_LIMIT, message: { key: 'ERRORMESSAGES.PayloadTooLarge', params: { max: label(DEFAULT_BODY_LIMIT) } } };

const compiled = UPLOAD_LIMITS.map((limit) => ({
  limit,
  pattern: new RegExp(`^${limit.path.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

/** The limit of one request: an upload route's for its multipart POSTs, else the default. */
export function bodyLimitFor(method: string, path: string, contentType: string | undefined): UploadLimit {
  if (method !== 'POST' || !(contentType ?? '').toLowerCase().startsWith('multipart/form-data')) return DEFAULT_LIMIT;
  return compiled.find(({ pattern }) => pattern.test(path))?.limit ?? DEFAULT_LIMIT;
}

/**
 * 413 for a body over its limit. `unread` is what the client still sends (undefined when unknown): when it
 * is more than the server will throw away, the answer says `Connection: close`, so the client knows to
 * open a new connection for its next request.
 */
function tooLarge(limit: UploadLimit, unread: number | undefined): ApiError {
  const headers: Record<string, string> = unread === undefined || unread > DRAIN_MAX_BYTES ? { Connection: 'close' } : {};
  return new ApiError(413, [limit.message], headers);
}

/**
 * Bounds every request body while it streams, whatever the headers say. A declared Content-Length over the
 * limit is refused before a byte is read (Node's parser never delivers more than the declared length); a
 * chunked body is counted as it arrives and refused the moment it passes the limit, so at most the limit is
 * ever held in memory.
 */
export const bodyLimitPolicy: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  // Node's adapter gives GET and HEAD no body; Node itself discards one.
  if (method === 'GET' || method === 'HEAD') return next();
  const limit = bodyLimitFor(method, c.req.path, c.req.header('content-type'));
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(declared) > limit.maxBytes) throw tooLarge(limit, Number(declared));
    bodyLengths.set(c.req.raw, Number(declared));
    return next();
  }
  // Chunked, or a length nobody declared (HTTP/2, other adapters): counted while it streams.
  const body = c.req.raw.body;
  if (!body) return next();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit.maxBytes) {
      // Not cancelled: that would destroy the socket before the 413 is written. The server drops the rest.
      reader.releaseLock();
      throw tooLarge(limit, undefined);
    }
    chunks.push(value);
  }
  if (size === 0) return next();
  c.req.raw = new Request(c.req.raw, {
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  bodyLengths.set(c.req.raw, size);
  return next();
};

const bodyLengths = new WeakMap<Request, number>();

/** The length of a request's body as the policy saw it (0 or undefined: none). */
export function bodyLength(request: Request): number | undefined {
  return bodyLengths.get(request);
}

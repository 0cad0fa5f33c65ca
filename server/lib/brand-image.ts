import type { Context } from 'hono';
import { BRAND_IMAGE_MAX_BYTES } from '../../src/domain/masterData.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { readPng } from './png.js';

const MAX_LABEL = '1 MB';
const tooLarge = () => new ApiError(413, [{ key: 'ADMIN.MasterData.ImageTooLarge', reference: 'image', params: { max: MAX_LABEL } }]);

/**
 * The PNG of a multipart upload (field `image`): 415 when the request is not multipart or the file is
 * declared as another type, 413 above 1 MB, 422 when the bytes are not a sound PNG (readPng).
 */
export async function readBrandImage(c: Context<AppEnv>): Promise<Buffer> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new ApiError(415, [{ key: 'ADMIN.MasterData.ImageMultipartRequired' }]);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.badRequest('ADMIN.MasterData.ImageMultipartRequired');
  }
  const image = form.get('image');
  if (!(image instanceof File)) throw ApiError.badRequest('VALIDATION.IsRequired', 'image');
  if (image.size > BRAND_IMAGE_MAX_BYTES) throw tooLarge();
  if (image.type && image.type.toLowerCase() !== 'image/png') {
    throw new ApiError(415, [{ key: 'ADMIN.MasterData.ImageNotPng', reference: 'image' }]);
  }
  const bytes = Buffer.from(await image.arrayBuffer());
  if (!readPng(bytes)) throw new ApiError(422, [{ key: 'ADMIN.MasterData.ImageNotPng', reference: 'image' }]);
  return bytes;
}

/** Answers stored PNG bytes with the cache headers of avatars and logos (`?ts=` → cached for a year). */
export function sendPng(c: Context<AppEnv>, bytes: Buffer, name: string) {
  c.header('Content-Type', 'image/png');
  c.header('Cache-Control', c.req.query('ts') ? 'private, max-age=31536000, immutable' : 'private, no-cache');
  c.header('Content-Disposition', `inline; filename="${name}"`);
  return c.body(new Uint8Array(bytes));
}

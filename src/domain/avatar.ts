/** The avatar: a square PNG cropped in the browser. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIN_CROP_PX = 20;
export const AVATAR_OUTPUT_SIZE_PX = 256;
export const AVATAR_QUALITY = 0.92;
/** The file picker accepts these: png, jpg, jpeg, bmp, gif, tiff, svg, webp, icon. */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,.bmp,.gif,.tif,.tiff,.svg,.webp,.ico,image/png,image/jpeg,image/bmp,image/gif,image/tiff,image/svg+xml,image/webp,image/x-icon,image/vnd.microsoft.icon';

export function avatarUrl(userId: number, timestamp?: number): string {
  return `/api/data/planxchange/profilefiles/${userId}/thumbnail.png${timestamp ? `?ts=${timestamp}` : ''}`;
}

/** A thumbnail that fails to load is asked for again (it may still be being written): at most 40 times, 50 ms apart. */
export const AVATAR_LOAD_RETRIES = 40;
export const AVATAR_RETRY_DELAY_MS = 50;

/** The image address of the n-th retry: a parameter of its own, so that no cached failure answers it. */
export function avatarRetryUrl(url: string, attempt: number): string {
  return attempt ? `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}` : url;
}

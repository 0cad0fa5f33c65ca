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

/** Largest image the server accepts for a photo or a logo (the server's IMAGE_MAX_BYTES). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * Why a chosen file cannot be uploaded as an image (a profile photo, a site logo), checked on the
 * client before sending it, or null. The server checks the bytes again.
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/'))
    return 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size === 0) return 'This file is empty. Choose another image.';
  if (file.size > IMAGE_MAX_BYTES)
    return `This image is ${megabytes(file.size)}. Images must be ${megabytes(IMAGE_MAX_BYTES)} or smaller.`;
  return null;
}

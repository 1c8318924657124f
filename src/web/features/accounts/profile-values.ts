import { BIO_MAX } from '../../../shared/contracts/account-rules';

/** Largest avatar the server accepts (the server's IMAGE_MAX_BYTES): checked before uploading. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export interface ProfileFormValues {
  name: string;
  bio: string;
  link: string;
  tags: string[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The profile form's starting values from the signed-in user (fields may be missing). */
export function profileFormValues(user: Record<string, unknown>): ProfileFormValues {
  const tags = Array.isArray(user._tags)
    ? user._tags.filter((t): t is string => typeof t === 'string')
    : [];
  return { name: str(user.name), bio: str(user.bio), link: str(user.link), tags };
}

/** "12 characters left" / "3 characters too many" under the bio. */
export function bioCounter(bio: string, max: number = BIO_MAX): string {
  const left = max - bio.length;
  if (left >= 0) return `${left} ${left === 1 ? 'character' : 'characters'} left`;
  const over = -left;
  return `${over} ${over === 1 ? 'character' : 'characters'} too many`;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Why a chosen file cannot be the avatar (checked on the client before uploading), or null. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/'))
    return 'Choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
  if (file.size === 0) return 'This file is empty. Choose another image.';
  if (file.size > AVATAR_MAX_BYTES)
    return `This image is ${megabytes(file.size)}. Images must be ${megabytes(AVATAR_MAX_BYTES)} or smaller.`;
  return null;
}

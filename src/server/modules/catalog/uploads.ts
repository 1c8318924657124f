import { randomUUID } from 'node:crypto';
import type { Product, UploadUrl } from '../../../shared/contracts/catalog';
import {
  MEDIA_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  type MediaType,
  type UploadExtension,
} from '../../../shared/contracts/catalog-rules';
import { enqueueJob, validationError, type ModuleDeps } from '../core';
import { discardUploadJob, UPLOAD_GRACE_MS } from './media-jobs';
import { addMediaFromBuffer, assertCanAddMedia } from './media';
import { deleteQuietly, mediaTooLarge } from './media-store';
import type { Actor } from './ownership';

/** Signed upload links live 15 minutes (SPEC §7 "signed, expiring"). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * The Content-Type an upload of each extension must be sent with (it is signed into the link):
 * QuickTime counts as MP4 and every audio type as audio/mpeg (SPEC §5).
 */
export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/mp4',
  mp3: 'audio/mpeg',
  m4a: 'audio/mpeg',
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const EXTENSIONS = Object.keys(UPLOAD_EXTENSIONS).join('|');

/** The extension of a key issued for `productId` (`uploads/<productId>/<uuid>.<ext>`), else null. */
export function uploadExtensionOf(key: string, productId: string): UploadExtension | null {
  const match = new RegExp(`^uploads/${productId}/${UUID}\\.(${EXTENSIONS})$`).exec(key);
  return match ? (match[1] as UploadExtension) : null;
}

/**
 * GET /get-s3-upload-url/:ext?productId: a signed, expiring PUT target for one new file of a post
 * the caller manages, under a fresh key. The productid metadata header is signed in (S3 keeps it
 * on the object; the local driver checks it). The file is deleted a day later unless the post
 * uses it by then (media-jobs.ts).
 */
export async function createUploadTarget(
  deps: ModuleDeps,
  actor: Actor,
  input: { ext: UploadExtension; productId: string },
): Promise<UploadUrl> {
  await assertCanAddMedia(deps.db, actor, input.productId);
  const key = `uploads/${input.productId}/${randomUUID()}.${input.ext}`;
  const target = await deps.storage.createUploadUrl(key, UPLOAD_CONTENT_TYPES[input.ext], {
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    metadata: { productid: input.productId },
  });
  const expiresAt = new Date(deps.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
  await enqueueJob(
    deps,
    discardUploadJob,
    { productId: input.productId, key },
    { runAt: new Date(deps.now() + UPLOAD_GRACE_MS) },
  );
  return { ...target, key, expiresAt };
}

const notThisPost = () =>
  validationError(
    'This upload does not belong to this post. Please upload the file again.',
    'UPLOAD_INVALID',
  );

/**
 * PUT /products/media: turns an uploaded object of the post into one of its media items. Files
 * that fail the checks (too large, not what their name says, unreadable) are deleted.
 */
export async function addProductMedia(
  deps: ModuleDeps,
  actor: Actor,
  input: { productId: string; key: string; alt: string },
): Promise<Product> {
  const ext = uploadExtensionOf(input.key, input.productId);
  if (!ext) throw notThisPost();
  // Ownership first: nobody learns whether another post's upload exists, or deletes it.
  await assertCanAddMedia(deps.db, actor, input.productId);
  const type: MediaType = UPLOAD_EXTENSIONS[ext];
  const info = await deps.storage.head(input.key);
  if (!info) {
    throw validationError(
      'We did not receive this file. Please upload it again.',
      'UPLOAD_INVALID',
    );
  }
  if (info.size > MEDIA_MAX_BYTES[type]) {
    await deleteQuietly(deps, [input.key]);
    throw mediaTooLarge(type);
  }
  const body = await deps.storage.read(input.key);
  if (!body)
    throw validationError(
      'We did not receive this file. Please upload it again.',
      'UPLOAD_INVALID',
    );
  try {
    const { product } = await addMediaFromBuffer(deps, actor, {
      productId: input.productId,
      type,
      body,
      alt: input.alt,
      uploadKey: input.key,
    });
    return product;
  } catch (err) {
    // A refused file is of no use to anyone: remove it now rather than leave it addressable.
    const code = (err as { code?: string } | null)?.code;
    if (code === 'MEDIA_REJECTED' || code === 'PAYLOAD_TOO_LARGE') {
      await deleteQuietly(deps, [input.key]);
    }
    throw err;
  }
}

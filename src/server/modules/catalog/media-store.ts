import { randomUUID } from 'node:crypto';
import type { MediaType } from '../../../shared/contracts/catalog-rules';
import { ImageRejectedError, processImageVariants } from '../../adapters/images/process';
import { sniffMediaType } from '../../adapters/images/sniff';
import type { StoredMedia } from '../../db/schema';
import { tooLarge, validationError, type ModuleDeps } from '../core';
import { MEDIA_MAX_BYTES } from '../../../shared/contracts/catalog-rules';

const KIND_NAMES: Record<MediaType, string> = {
  image: 'an image (JPEG, PNG, GIF, WebP or AVIF)',
  video: 'an MP4 or QuickTime video',
  audio: 'an audio file (MP3 or M4A)',
};

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** The size limit of a media type as a sentence (413). */
export const mediaTooLarge = (type: MediaType) =>
  tooLarge(
    `This file is too large. ${type[0]!.toUpperCase()}${type.slice(1)} files must be ${megabytes(MEDIA_MAX_BYTES[type])} MB or smaller.`,
  );

/** What the bytes really are, by their first bytes; the name and the declared type are not trusted. */
function assertKind(body: Buffer, declared: MediaType): void {
  const sniffed = sniffMediaType(body);
  const kind: MediaType | null = sniffed
    ? sniffed.startsWith('image/')
      ? 'image'
      : sniffed === 'video/mp4'
        ? 'video'
        : 'audio'
    : null;
  if (kind !== declared) {
    throw validationError(
      `This file is not ${KIND_NAMES[declared]}: its contents do not match its name. Please upload the original file.`,
      'MEDIA_REJECTED',
    );
  }
}

/** One media item ready to append, with the keys it wrote (to delete if the append fails). */
export interface PreparedMedia {
  media: StoredMedia;
  /** Keys this call stored (not the upload it kept as is). */
  written: string[];
}

async function storeAll(
  deps: Pick<ModuleDeps, 'storage'>,
  files: { key: string; body: Buffer; type: string }[],
): Promise<void> {
  const results = await Promise.allSettled(
    files.map((f) => deps.storage.put(f.key, f.body, f.type)),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteQuietly(
      deps,
      files.filter((_, i) => results[i]!.status === 'fulfilled').map((f) => f.key),
    );
    throw failed.reason;
  }
}

/** Removes objects nothing refers to; a failure here must not hide the error being handled. */
export async function deleteQuietly(
  deps: Pick<ModuleDeps, 'storage'>,
  keys: string[],
): Promise<void> {
  await Promise.allSettled(keys.map((k) => deps.storage.delete(k)));
}

/**
 * Checks the bytes of one media file and stores what the post keeps: an image becomes WebP
 * variants for `srcset` (EXIF orientation applied, metadata stripped); video and audio are kept as
 * they are — under `keepKey` when they already sit in storage (an upload), else under a new key.
 */
export async function prepareMedia(
  deps: Pick<ModuleDeps, 'storage'>,
  input: {
    productId: string;
    type: MediaType;
    body: Buffer;
    alt: string;
    keepKey?: string;
    /** An image made by the AI image generator (marked so on the post). */
    aiGenerated?: boolean;
  },
): Promise<PreparedMedia> {
  const { productId, type, body } = input;
  if (body.length > MEDIA_MAX_BYTES[type]) throw mediaTooLarge(type);
  assertKind(body, type);
  const id = randomUUID();
  const base = `products/${productId}/${id}`;

  if (type !== 'image') {
    let key = input.keepKey;
    const written: string[] = [];
    if (!key) {
      key = `${base}.${type === 'video' ? 'mp4' : 'mp3'}`;
      await deps.storage.put(key, body, type === 'video' ? 'video/mp4' : 'audio/mpeg');
      written.push(key);
    }
    const media: StoredMedia = {
      id,
      type,
      alt: input.alt,
      thumbnails: [],
      fullsizes: [{ url: deps.storage.publicUrl(key), width: 0 }],
      width: null,
      height: null,
      keys: [key],
    };
    return { media, written };
  }

  let processed;
  try {
    processed = await processImageVariants(body, { maxBytes: MEDIA_MAX_BYTES.image });
  } catch (err) {
    if (err instanceof ImageRejectedError) throw validationError(err.message, 'MEDIA_REJECTED');
    throw err;
  }
  const files = processed.variants.map((v) => ({
    key: `${base}-${v.kind === 'thumbnail' ? 't' : 'f'}${v.width}.webp`,
    body: v.data,
    type: 'image/webp',
    variant: v,
  }));
  await storeAll(deps, files);
  const entries = (kind: 'thumbnail' | 'fullsize') =>
    files
      .filter((f) => f.variant.kind === kind)
      .map((f) => ({ url: deps.storage.publicUrl(f.key), width: f.variant.width }));
  const media: StoredMedia = {
    id,
    type: 'image',
    alt: input.alt,
    thumbnails: entries('thumbnail'),
    fullsizes: entries('fullsize'),
    width: processed.width,
    height: processed.height,
    keys: files.map((f) => f.key),
    ...(input.aiGenerated ? { aiGenerated: true as const } : {}),
  };
  return { media, written: media.keys };
}

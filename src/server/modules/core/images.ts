import { randomUUID } from 'node:crypto';
import { ImageRejectedError, processImageVariants } from '../../adapters/images/process';
import type { StoredMedia } from '../../db/schema';
import type { ModuleDeps } from './deps';
import { validationError } from './errors';

/**
 * Images attached to a record (a message's, a return request's photos): each upload is checked by
 * its bytes (type, size, pixels — the same pipeline as post photos and avatars), re-encoded as
 * WebP variants for `srcset` with EXIF orientation applied and metadata stripped, and stored
 * under `<folder>/`. Slow, so it runs before the write's transaction. All or nothing: when one
 * image is refused or cannot be stored, the files already written for the others are removed
 * before the error is thrown. `field` names the form field in the refusal.
 */
export async function storeImages(
  deps: Pick<ModuleDeps, 'storage'>,
  folder: string,
  images: readonly Buffer[],
  field = 'image',
): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  const written: string[] = [];
  try {
    for (const [index, body] of images.entries()) {
      let processed;
      try {
        processed = await processImageVariants(body);
      } catch (err) {
        if (err instanceof ImageRejectedError) {
          const which = images.length > 1 ? ` (image ${index + 1})` : '';
          throw validationError(`${field}${which}: ${err.message}`, 'IMAGE_REJECTED');
        }
        throw err;
      }
      const id = randomUUID();
      const files = processed.variants.map((v) => ({
        key: `${folder}/${id}-${v.kind === 'thumbnail' ? 't' : 'f'}${v.width}.webp`,
        variant: v,
      }));
      for (const f of files) {
        await deps.storage.put(f.key, f.variant.data, 'image/webp');
        written.push(f.key);
      }
      const entries = (kind: 'thumbnail' | 'fullsize') =>
        files
          .filter((f) => f.variant.kind === kind)
          .map((f) => ({ url: deps.storage.publicUrl(f.key), width: f.variant.width }));
      stored.push({
        id,
        type: 'image',
        alt: '',
        thumbnails: entries('thumbnail'),
        fullsizes: entries('fullsize'),
        width: processed.width,
        height: processed.height,
        keys: files.map((f) => f.key),
      });
    }
  } catch (err) {
    // Nothing refers to these files yet: remove them now (a failure here must not hide `err`).
    await Promise.allSettled(written.map((key) => deps.storage.delete(key)));
    throw err;
  }
  return stored;
}

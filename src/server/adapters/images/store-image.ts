import { randomUUID } from 'node:crypto';
import type { StorageDriver } from '../storage/types';
import { processImage, type ProcessImageOptions } from './process';

export interface StoredImage {
  thumbnail: string;
  fullsize: string;
  /** [thumbnail key, fullsize key], for deleting the image later. */
  keys: [string, string];
}

/**
 * Processes an uploaded image and stores both variants under fresh random keys (content-unique,
 * so their URLs can be cached forever). Either both variants are stored or neither is.
 */
export async function storeImage(
  storage: StorageDriver,
  keyPrefix: string,
  buf: Buffer,
  opts?: ProcessImageOptions,
): Promise<StoredImage> {
  const image = await processImage(buf, opts);
  const prefix = keyPrefix.replace(/\/+$/, '');
  const id = randomUUID();
  const thumbKey = `${prefix}/${id}-thumb.webp`;
  const fullKey = `${prefix}/${id}-full.webp`;

  const [thumb, full] = await Promise.allSettled([
    storage.put(thumbKey, image.thumbnail, 'image/webp'),
    storage.put(fullKey, image.fullsize, 'image/webp'),
  ]);
  if (thumb.status === 'fulfilled' && full.status === 'fulfilled') {
    return { thumbnail: thumb.value.url, fullsize: full.value.url, keys: [thumbKey, fullKey] };
  }
  // Roll back whichever half landed. A failed clean-up must not hide the original error; at
  // worst it leaves an unreferenced object behind.
  const stored = [
    thumb.status === 'fulfilled' ? thumbKey : null,
    full.status === 'fulfilled' ? fullKey : null,
  ];
  await Promise.allSettled(
    stored.filter((k): k is string => k !== null).map((k) => storage.delete(k)),
  );
  throw thumb.status === 'rejected' ? thumb.reason : (full as PromiseRejectedResult).reason;
}

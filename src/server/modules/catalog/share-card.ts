import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../shared/contracts/common';
import { products, type StoredMedia } from '../../db/schema';
import type { ModuleDeps } from '../core';
import { isPublished } from './list';

type CardDeps = Pick<ModuleDeps, 'db' | 'storage'>;

/** What a share image needs of a published post. */
export interface PostShareCard {
  id: string;
  userId: string;
  title: string;
  priceMinor: number;
  /** The stored key of the post's first image at a size fit for the card, or null. */
  imageKey: string | null;
  updatedAt: Date;
}

/**
 * The storage key of the first image among `medias`, at the smallest stored width of at least
 * `minWidth` (else the largest): the square thumbnails first, as they are already cut around the
 * centre of interest. The variants hold the storage's public URLs; the item's `keys` map them back
 * (if the storage's public address changed since, any of its keys is still an image of it).
 */
export function firstImageKey(
  deps: Pick<ModuleDeps, 'storage'>,
  medias: readonly StoredMedia[],
  minWidth: number,
): string | null {
  const image = medias.find((m) => m.type === 'image');
  if (!image) return null;
  const variants = [...image.thumbnails, ...image.fullsizes];
  const wide = variants.filter((v) => v.width >= minWidth).sort((a, b) => a.width - b.width);
  const ordered = [...wide, ...[...variants].sort((a, b) => b.width - a.width)];
  for (const variant of ordered) {
    const key = image.keys.find((k) => deps.storage.publicUrl(k) === variant.url);
    if (key) return key;
  }
  return image.keys[0] ?? null;
}

/** A published post's share-card data, or undefined (unknown id, draft, sold, archived). */
export async function findPostShareCard(
  deps: CardDeps,
  id: string,
  minImageWidth: number,
): Promise<PostShareCard | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await deps.db
    .select({
      id: products.id,
      userId: products.userId,
      title: products.title,
      priceMinor: products.priceMinor,
      medias: products.medias,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.id, id), isPublished))
    .limit(1);
  if (!row) return undefined;
  const { medias, ...card } = row;
  return { ...card, imageKey: firstImageKey(deps, medias, minImageWidth) };
}

/**
 * The newest published post of `userId` that has an image (the photo of the seller's share card),
 * or undefined. Walks the seller's published posts newest first on their index.
 */
export async function newestPostImage(
  deps: CardDeps,
  userId: string,
  minImageWidth: number,
): Promise<{ postId: string; imageKey: string; updatedAt: Date } | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await deps.db
    .select({ id: products.id, medias: products.medias, updatedAt: products.updatedAt })
    .from(products)
    .where(
      and(
        eq(products.userId, userId),
        isPublished,
        sql`${products.medias} @> '[{"type":"image"}]'::jsonb`,
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(1);
  const imageKey = row ? firstImageKey(deps, row.medias, minImageWidth) : null;
  return row && imageKey ? { postId: row.id, imageKey, updatedAt: row.updatedAt } : undefined;
}

import { eq, getTableColumns } from 'drizzle-orm';
import type { Media, Product } from '../../../shared/contracts/catalog';
import { imageOf } from '../../../shared/contracts/common';
import { toMajor } from '../../../shared/money';
import { postPath } from '../../../shared/post-path';
import { products, users, type ProductRow, type StoredMedia } from '../../db/schema';
import type { DbOrTx } from '../core';

/** The owner columns every product read selects alongside the row (one join, never N+1). */
export const ownerColumns = {
  ownerUsername: users.username,
  ownerName: users.name,
  ownerImageThumbnail: users.imageThumbnail,
  ownerImageFullsize: users.imageFullsize,
};

/** A product row joined with its owner's public fields. */
export type ProductWithOwner = Omit<ProductRow, 'search'> & {
  ownerUsername: string;
  ownerName: string;
  ownerImageThumbnail: string | null;
  ownerImageFullsize: string | null;
};

/** `select … from products join users` with the columns `toProduct` needs. */
export function selectProductsWithOwner(db: DbOrTx) {
  const { search: _search, ...productColumns } = getTableColumns(products);
  return db
    .select({ ...productColumns, ...ownerColumns })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId));
}

const srcset = (variants: { url: string; width: number }[]) =>
  variants.map((v) => `${v.url} ${v.width}w`).join(', ');

export function toMedia(m: StoredMedia): Media {
  const image = m.type === 'image';
  const largest = m.fullsizes[m.fullsizes.length - 1];
  return {
    _id: m.id,
    type: m.type,
    alt: m.alt,
    thumbnail: image ? (m.thumbnails[0]?.url ?? null) : null,
    fullsize: largest?.url ?? '',
    srcset: image ? { thumbnail: srcset(m.thumbnails), fullsize: srcset(m.fullsizes) } : null,
    width: m.width,
    height: m.height,
    ...(m.aiGenerated ? { aiGenerated: true as const } : {}),
  };
}

/** The wire shape of a post (SPEC §3 Product, DESIGN §4 money in major units). */
export function toProduct(row: ProductWithOwner): Product {
  return {
    _id: row.id,
    shortId: row.shortId,
    path: postPath(row.ownerUsername, row),
    title: row.title,
    description: row.description,
    price: toMajor(row.priceMinor),
    shippingCost: toMajor(row.shippingMinor),
    stock: row.stock,
    soldOut: row.stock <= 0 || row.status === 'sold',
    status: row.status,
    variations: row.variations.map((v) => ({
      name: v.name,
      options: v.options.map((o) => ({
        name: o.name,
        priceDelta: toMajor(o.priceDeltaMinor),
        stock: o.stock,
      })),
    })),
    _tags: row.tags,
    medias: row.medias.map(toMedia),
    likesCount: row.likesCount,
    likesType: 'product',
    allowOffers: row.allowOffers,
    user: {
      _id: row.userId,
      username: row.ownerUsername,
      name: row.ownerName,
      image: imageOf(row.ownerImageThumbnail, row.ownerImageFullsize),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

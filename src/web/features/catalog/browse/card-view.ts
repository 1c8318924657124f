import type { Media, Product } from '../../../../shared/contracts/catalog';
import type { ListState } from '../api/catalog-api';

/**
 * What a post card shows (ProductCard, ProductGrid), and nothing else: the lists of the pages
 * rendered afresh for every visitor (`/`, `/marketplace`) and the sellers' pages (`/{username}`,
 * its `-x` card and lists) carry these in their inline data instead of whole posts — a card needs a title, a price, the seller's name and one picture, not the
 * description, variations, tags and every photo (docs/decisions/046). A whole `Product` is one too,
 * so the other lists pass theirs as they are.
 */
export interface CardPicture {
  type: Media['type'];
  thumbnail: string | null;
  srcset: { thumbnail: string } | null;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface ProductCardView {
  _id: string;
  /** With the title, the post's address on its seller's page (`postPath`). */
  shortId: string;
  title: string;
  price: number;
  soldOut: boolean;
  user: { name: string; username: string };
  /** The card's picture: the post's first image, or none. */
  medias: CardPicture[];
}

/** A list of cards as PostList shows it: the cards, how many in all, or the list's error. */
export interface CardList<P extends ProductCardView = ProductCardView> {
  products: P[];
  recordsCount: number;
  error: string | null;
}

/** The card of a post: exactly the fields above (the rest of the post stays on the server). */
export function toCardView(product: Product): ProductCardView {
  const image = product.medias.find((m) => m.type === 'image');
  return {
    _id: product._id,
    shortId: product.shortId,
    title: product.title,
    price: product.price,
    soldOut: product.soldOut,
    user: { name: product.user.name, username: product.user.username },
    medias: image
      ? [
          {
            type: image.type,
            thumbnail: image.thumbnail,
            srcset: image.srcset ? { thumbnail: image.srcset.thumbnail } : null,
            alt: image.alt,
            width: image.width,
            height: image.height,
          },
        ]
      : [],
  };
}

/** A loaded list as cards. */
export const toCardList = (list: ListState): CardList => ({
  products: list.products.map(toCardView),
  recordsCount: list.recordsCount,
  error: list.error,
});

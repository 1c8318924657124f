import { formatMoney } from '../../../../shared/format';
import { ListLink } from '../../../components/ui/ListLink';
import type { ProductCardView } from './card-view';

/** A card is a column of the grid: half the page on phones, a third on tablets, a quarter above. */
export const CARD_SIZES = '(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw';

export interface ProductCardProps {
  product: ProductCardView;
  href: string;
  currency: string;
  /** Cards in the first rows load at once; the rest when scrolled near (below the fold). */
  eager?: boolean;
  /** The grid's lead picture: likely the page's largest (LCP), fetched before the others. */
  priority?: boolean;
  /** Extra content under the card's text (status controls in managed lists). */
  children?: React.ReactNode;
  /** "by {seller}": false on the seller's own pages, where every card is theirs. */
  showSeller?: boolean;
}

/** One post in a grid: picture, title, price, seller (unless hidden) and a sold-out badge. */
export function ProductCard({
  product,
  href,
  currency,
  eager = false,
  priority = false,
  children,
  showSeller = true,
}: ProductCardProps) {
  const image = product.medias.find((m) => m.type === 'image');
  const seller = product.user.name || product.user.username;
  return (
    <article data-testid="product-card" data-product-id={product._id} className="product-card">
      <div className="relative aspect-square bg-gray-100">
        {image?.thumbnail ? (
          <img
            src={image.thumbnail}
            srcSet={image.srcset?.thumbnail}
            sizes={CARD_SIZES}
            alt={image.alt}
            width={image.width ?? 400}
            height={image.height ?? 400}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-indigo-50 to-gray-200 text-4xl font-bold text-indigo-900/40"
          >
            {(product.title.trim()[0] ?? '•').toUpperCase()}
          </div>
        )}
        {product.soldOut && (
          <span className="absolute top-2 left-2 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold break-words">
          {/* The whole card is the link's target (the ::after covers it), the text stays one link. */}
          <ListLink to={href} className="after:absolute after:inset-0">
            {product.title}
          </ListLink>
        </h3>
        <p className="price font-semibold">{formatMoney(product.price, currency)}</p>
        {showSeller && <p className="truncate text-sm text-gray-700">by {seller}</p>}
        {children && <div className="relative z-10 mt-2">{children}</div>}
      </div>
    </article>
  );
}

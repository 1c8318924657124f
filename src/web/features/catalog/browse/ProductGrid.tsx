import type { ReactNode } from 'react';
import type { ProductCardView } from './card-view';
import { ProductCard } from './ProductCard';

/** Cards loaded at once: the first row on the widest grid (what is above the fold). */
const EAGER_CARDS = 4;

/**
 * The card whose picture is fetched first (likely the page's largest, its LCP): the first of the
 * eager cards that has a picture; -1 when none has.
 */
const leadPictureIndex = (products: readonly ProductCardView[], eager: number) =>
  products.slice(0, eager).findIndex((p) => p.medias.some((m) => m.type === 'image'));

export interface ProductGridProps<P extends ProductCardView> {
  products: P[];
  currency: string;
  hrefFor: (product: P) => string;
  /** Shown instead of the grid when the list is empty: say what to do next. */
  empty: ReactNode;
  /** SPEC §8 message when the list failed to load (the list is then empty). */
  error?: string | null;
  label?: string;
  extra?: (product: P) => ReactNode;
  /** How many cards load their picture at once (0 when the grid starts below the fold). */
  eagerCards?: number;
  /** See ProductCard: false on a seller's own pages. */
  showSeller?: boolean;
}

export function ProductGrid<P extends ProductCardView>({
  products,
  currency,
  hrefFor,
  empty,
  error,
  label = 'Posts',
  extra,
  eagerCards = EAGER_CARDS,
  showSeller = true,
}: ProductGridProps<P>) {
  if (error)
    return (
      <p role="alert" data-testid="list-error" className="rounded-lg bg-red-50 p-4 text-red-800">
        {error}
      </p>
    );
  if (products.length === 0)
    return (
      <div data-testid="list-empty" className="list-empty">
        {empty}
      </div>
    );
  const lead = leadPictureIndex(products, eagerCards);
  return (
    <ul
      aria-label={label}
      data-testid="product-grid"
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
    >
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard
            product={p}
            href={hrefFor(p)}
            currency={currency}
            eager={i < eagerCards}
            priority={i === lead}
            showSeller={showSeller}
          >
            {extra?.(p)}
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}

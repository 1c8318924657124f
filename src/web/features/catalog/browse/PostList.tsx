// The list pages' pieces live outside `components/` on purpose: the client build then ships them as
// one `feature-catalog` chunk (vite/client-chunks.ts, docs/decisions/011) instead of one chunk per
// set of routes using each — on a phone every extra chunk costs a request and its headers.
import type { ReactNode } from 'react';
import { useRootData } from '../../../lib/root-data';
import type { CardList, ProductCardView } from './card-view';
import type { ListQuery } from '../list-query';
import { Pagination } from './Pagination';
import { ProductGrid } from './ProductGrid';
import { SortControl } from './SortControl';

import { itemHref } from '../search-links';

export { itemHref };

/**
 * A browsable list of posts: its size, the sort form, the grid (or its empty or error state) and
 * the page links. `href` is the page's path and query, for the page links.
 */
export function PostList<P extends ProductCardView>({
  list,
  query,
  href,
  empty,
  hrefFor = itemHref,
  keep,
  label,
  extra,
  eagerCards,
  showSeller,
}: {
  list: CardList<P>;
  query: ListQuery;
  href: string;
  empty: ReactNode;
  hrefFor?: (p: P) => string;
  keep?: Record<string, string | undefined>;
  label?: string;
  extra?: (product: P) => ReactNode;
  /** See ProductGrid: 0 when the list starts below the fold. */
  eagerCards?: number;
  /** See ProductCard: false on a seller's own pages. */
  showSeller?: boolean;
}) {
  const currency = useRootData()?.config.currency ?? 'USD';
  return (
    <section aria-label={label ?? 'Posts'} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-gray-700" aria-live="polite">
          {list.error
            ? ''
            : `${list.recordsCount.toLocaleString('en-US')} ${list.recordsCount === 1 ? 'post' : 'posts'}`}
        </p>
        {list.recordsCount > 1 && <SortControl sort={query.sort} keep={keep} />}
      </div>
      <ProductGrid
        products={list.products}
        currency={currency}
        hrefFor={hrefFor}
        empty={empty}
        error={list.error}
        label={label}
        extra={extra}
        eagerCards={eagerCards}
        showSeller={showSeller}
      />
      <Pagination
        url={href}
        page={query.page}
        recordsCount={list.recordsCount}
        limit={query.limit}
      />
    </section>
  );
}

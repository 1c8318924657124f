import { Link } from 'react-router';
import type { Product } from '../../../shared/contracts/catalog';
import { searchSellerPosts } from '../../features/catalog/api/catalog-api';
import { ProductGrid } from '../../features/catalog/browse/ProductGrid';
import { PAGE_SIZE } from '../../features/catalog/list-query';
import { SiteSearch } from '../../features/sites/components/SiteSearch';
import { sitePath } from '../../features/sites/site-paths';
import type { ApiClient } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';

// The search of a seller's page (`/{username}/products?q=`): loaded and shown by the products
// route; the box itself is features/sites/components/SiteSearch.

/** At most one page of the best matches: a search narrows, it is not paged. */
export const SELLER_SEARCH_LIMIT = PAGE_SIZE;

export function loadSellerSearch(client: ApiClient, username: string, q: string) {
  return searchSellerPosts(client, username, q, SELLER_SEARCH_LIMIT);
}

const matches = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'post' : 'posts'}`;

export function SellerSearchResults({
  username,
  name,
  q,
  results,
  error,
  hrefFor,
}: {
  username: string;
  name: string;
  q: string;
  results: Product[];
  error: string | null;
  hrefFor: (p: Product) => string;
}) {
  const currency = useRootData()?.config.currency ?? 'USD';
  const base = sitePath(username);
  return (
    <div data-testid="site-search-results">
      <h1 className="text-3xl font-bold tracking-tight break-words">Results for “{q}”</h1>
      <div className="mt-4 mb-6">
        <SiteSearch username={username} name={name} q={q} />
      </div>
      {!error && results.length > 0 && (
        <p className="mb-4" data-testid="site-search-count">
          {results.length < SELLER_SEARCH_LIMIT
            ? `${matches(results.length)} by ${name} match.`
            : `The ${matches(results.length)} by ${name} that match best. Add a word to narrow them down.`}
        </p>
      )}
      <ProductGrid
        products={results}
        currency={currency}
        hrefFor={hrefFor}
        error={error}
        label={`Posts by ${name} matching ${q}`}
        showSeller={false}
        empty={
          <>
            <p className="text-lg font-semibold" data-testid="site-search-no-results">
              No results for “{q}”
            </p>
            <p className="mt-2">
              Check the spelling or try fewer or other words, or browse instead:{' '}
              <Link to={`${base}/products`} className="link">
                everything <bdi>{name}</bdi> sells
              </Link>{' '}
              or{' '}
              <Link to={`${base}/products/tags`} className="link">
                their tags
              </Link>
              .
            </p>
          </>
        }
      />
    </div>
  );
}

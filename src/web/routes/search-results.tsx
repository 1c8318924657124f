import { Link } from 'react-router';
import type { Route } from './+types/search-results';
import { PageHeader } from '../components/ui/page';
import { listTags, searchProducts } from '../features/catalog/api/catalog-api';
import { PeopleResults } from '../features/catalog/browse/PeopleResults';
import { itemHref } from '../features/catalog/browse/PostList';
import { ProductGrid } from '../features/catalog/browse/ProductGrid';
import { TagLinks } from '../features/catalog/browse/TagLinks';
import { PRODUCT_LIMITS } from '../../shared/contracts/catalog-rules';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

/** Tags suggested when a search finds nothing. */
const SUGGESTED_TAGS = 8;

/** /search-results?q=: the header search's results (POST /products/search): people, then posts. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, PRODUCT_LIMITS.searchQueryMax);
  const [search, tags] = await Promise.all([
    q ? searchProducts(client, q) : { results: [], people: [], error: null },
    listTags(client),
  ]);
  const suggestions = tags
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, SUGGESTED_TAGS);
  return { q, ...search, suggestions };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const q = new URLSearchParams(location.search).get('q')?.trim();
  return pageMeta(
    matches,
    q ? `Search: ${q}` : 'Search',
    q ? `Posts and people matching “${q}” on the marketplace.` : 'Search posts, people and tags.',
  );
};

function Suggestions({
  suggestions,
}: {
  suggestions: Route.ComponentProps['loaderData']['suggestions'];
}) {
  return (
    <div className="mt-4 space-y-4 text-left">
      <p>Try fewer or different words, check the spelling, or browse instead:</p>
      {suggestions.length > 0 && <TagLinks tags={suggestions} label="Popular tags" />}
      <p>
        <Link to="/all-posts" className="link">
          See all posts
        </Link>
      </p>
    </div>
  );
}

export default function SearchResultsPage({ loaderData }: Route.ComponentProps) {
  const { q, results, people, error, suggestions } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  return (
    <div data-testid="search-results-page">
      <PageHeader
        title="Search results"
        description={
          q ? (
            <>
              Posts and people matching <strong className="text-gray-950">“{q}”</strong>.
            </>
          ) : (
            'Type what you are looking for in the search box at the top: a product, a seller or a tag.'
          )
        }
      />
      {q && people.length > 0 ? (
        <>
          <PeopleResults people={people} />
          {results.length > 0 && (
            <section aria-labelledby="search-posts-heading">
              <h2 id="search-posts-heading" className="mb-3 text-lg font-semibold text-gray-950">
                Posts
              </h2>
              <ProductGrid
                products={results}
                currency={currency}
                hrefFor={itemHref}
                label={`Posts for ${q}`}
                empty={null}
              />
            </section>
          )}
        </>
      ) : q ? (
        <ProductGrid
          products={results}
          currency={currency}
          hrefFor={itemHref}
          error={error}
          label={`Results for ${q}`}
          empty={
            <>
              <p className="text-lg font-semibold" data-testid="search-no-results">
                No results for “{q}”
              </p>
              <Suggestions suggestions={suggestions} />
            </>
          }
        />
      ) : (
        <Suggestions suggestions={suggestions} />
      )}
    </div>
  );
}

import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/search-results';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /search-results?q=: the header search's results (POST /products/search). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const q = new URLSearchParams(location.search).get('q')?.trim();
  return pageMeta(matches, q ? `Search: ${q}` : 'Search');
};

export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <div data-testid="search-results-page">
      <PageHeader
        title="Search results"
        description={
          q ? (
            <>
              Posts, sellers and tags matching <strong className="text-gray-950">“{q}”</strong>.
            </>
          ) : (
            'Type what you are looking for in the search box at the top: a product, a seller or a tag.'
          )
        }
      />
      <p className="text-gray-700">
        Not finding it? Try fewer words, or{' '}
        <Link to="/products/tags" className="font-semibold text-indigo-700 underline">
          browse by tag
        </Link>
        .
      </p>
    </div>
  );
}

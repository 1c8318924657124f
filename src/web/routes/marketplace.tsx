import { Link } from 'react-router';
import type { Route } from './+types/marketplace';
import { PageHeader } from '../components/ui/page';
import { POPULAR_TAGS, tagPath } from '../lib/navigation';
import { pageMeta } from '../lib/meta';

/** /marketplace: shop by category across all sellers. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Marketplace', 'Shop posts from independent sellers and creators by category.');

export default function MarketplacePage() {
  return (
    <div data-testid="marketplace-page">
      <PageHeader
        title="Marketplace"
        description="Independent sellers and creators, one checkout. Pick a category to start, or see everything that is new."
        actions={
          <Link to="/all-posts" className="btn btn-primary">
            See all posts
          </Link>
        }
      />
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-lg font-semibold text-gray-900">
          Popular categories
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3">
          {POPULAR_TAGS.map((tag) => (
            <li key={tag}>
              <Link
                to={tagPath(tag)}
                className="flex h-24 items-end rounded-xl bg-gradient-to-br from-indigo-600 to-indigo-900 p-4 text-lg font-semibold text-white hover:from-indigo-700"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

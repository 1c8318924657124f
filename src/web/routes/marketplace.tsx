import { Link } from 'react-router';
import type { Route } from './+types/marketplace';
import { PageHeader } from '../components/ui/page';
import { listProducts, listTags } from '../features/catalog/api/catalog-api';
import { PostList } from '../features/catalog/browse/PostList';
import { toCardList } from '../features/catalog/browse/card-view';
import { TagLinks } from '../features/catalog/browse/TagLinks';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /marketplace: the categories (tags with their counts) and the posts (sort, pages). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const client = serverApi(context);
  const query = listQueryFromUrl(url);
  const [list, tags] = await Promise.all([listProducts(client, query), listTags(client)]);
  return {
    // The cards only: a card shows five fields of a post (docs/decisions/046).
    list: toCardList(list),
    query,
    href: url.pathname + url.search,
    tags: tags.filter((t) => t.count > 0),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Marketplace', 'Shop posts from independent sellers and creators by category.');

export default function MarketplacePage({ loaderData }: Route.ComponentProps) {
  const { list, query, href, tags } = loaderData;
  return (
    <div data-testid="marketplace-page">
      <PageHeader
        title="Marketplace"
        description="Independent sellers and creators, one checkout. Pick a category, or browse everything that is new."
        actions={
          <Link to="/all-posts" className="btn btn-primary">
            See all posts
          </Link>
        }
      />
      {tags.length > 0 && (
        <section aria-labelledby="categories-heading" className="mb-10">
          <h2 id="categories-heading" className="mb-4 text-lg font-semibold text-gray-900">
            Categories
          </h2>
          <TagLinks tags={tags} label="Categories" />
        </section>
      )}
      <h2 className="mb-4 text-lg font-semibold text-gray-900">New on the marketplace</h2>
      <PostList
        list={list}
        query={query}
        href={href}
        label="Marketplace posts"
        empty={
          <>
            <p className="font-semibold">The marketplace is empty for now.</p>
            <p className="mt-2">
              Selling something?{' '}
              <Link to="/add-edit-item" className="link">
                Create the first post
              </Link>
              .
            </p>
          </>
        }
      />
    </div>
  );
}

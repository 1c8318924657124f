import { Link } from 'react-router';
import type { Route } from './+types/all-posts';
import { PageHeader } from '../components/ui/page';
import { listProducts } from '../features/catalog/api/catalog-api';
import { PostList } from '../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /all-posts: every published post, newest first (sort, ?tag= filter, pages). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = listQueryFromUrl(url);
  const list = await listProducts(serverApi(context), query);
  return { list, query, href: url.pathname + url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'All posts', 'The newest posts from every seller on the marketplace.');

export default function AllPostsPage({ loaderData }: Route.ComponentProps) {
  const { list, query, href } = loaderData;
  return (
    <div data-testid="all-posts-page">
      <PageHeader
        title="All posts"
        eyebrow={query.tag ? `Tagged #${query.tag}` : undefined}
        description="The newest posts from every seller: art, fashion, music, vintage finds, hardware and more."
        actions={
          <Link to="/marketplace" className="btn btn-secondary">
            Shop by category
          </Link>
        }
      />
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ tag: query.tag }}
        label="All posts"
        empty={
          <>
            <p className="font-semibold">No posts here yet.</p>
            <p className="mt-2">
              {query.tag ? (
                <Link to="/all-posts" className="link">
                  See posts with any tag
                </Link>
              ) : (
                <>
                  Be the first:{' '}
                  <Link to="/add-edit-item" className="link">
                    create a post
                  </Link>
                  .
                </>
              )}
            </p>
          </>
        }
      />
    </div>
  );
}

import type { Route } from './+types/all-posts';
import { ListPage } from '../features/catalog/browse/ListPage';
import { loadListPage } from '../features/catalog/post-page';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/** /all-posts: every published post, newest first (sort, ?tag= filter, pages). */
export const loader = ({ url, context }: Route.LoaderArgs) => loadListPage(serverApi(context), url);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'All posts', 'The newest posts from every seller on the marketplace.');

export default function AllPostsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListPage
      data={loaderData}
      testId="all-posts-page"
      title="All posts"
      description="The newest posts from every seller: art, fashion, music, vintage finds, hardware and more."
      action={{ to: '/marketplace', label: 'Shop by category' }}
      emptyText="No posts here yet."
    />
  );
}

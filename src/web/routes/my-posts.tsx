import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/my-posts';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { countMyProducts, listMyProducts } from '../features/catalog/api/catalog-api';
import {
  ManageControls,
  STATUS_LABELS,
  StatusFilter,
} from '../features/catalog/components/ManageControls';
import { PostList } from '../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /my-posts (signed in): my posts in every status, their count, status changes and deletes. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const client = serverApi(args.context);
  const query = listQueryFromUrl(args.url);
  const [list, count] = await Promise.all([listMyProducts(client, query), countMyProducts(client)]);
  return { list, count, query, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'My Posts', 'Your posts in every status: publish, edit or remove them.');

export default function MyPostsPage({ loaderData }: Route.ComponentProps) {
  const { list, count, query, href } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div data-testid="my-posts-page">
      <PageHeader
        title="My Posts"
        description={
          count.error ? (
            <span role="alert" className="text-red-800">
              {count.error}
            </span>
          ) : (
            <span data-testid="my-posts-count">
              You have {(count.count ?? 0).toLocaleString('en-US')}{' '}
              {count.count === 1 ? 'post' : 'posts'}.
            </span>
          )
        }
        actions={
          <Link to="/add-edit-item" className="btn btn-primary">
            New post
          </Link>
        }
      />
      <div className="mb-6">
        <StatusFilter path="/my-posts" current={query.status} />
      </div>
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ status: query.status }}
        label="My posts"
        extra={(p) => (
          <ManageControls product={p} onChanged={() => void revalidator.revalidate()} />
        )}
        empty={
          query.status ? (
            <p>
              No {STATUS_LABELS[query.status].toLowerCase()} posts.{' '}
              <Link to="/my-posts" className="link">
                Show all your posts
              </Link>
              .
            </p>
          ) : (
            <p className="text-lg">
              No posts yet —{' '}
              <Link to="/add-edit-item" className="link" data-testid="create-first-post">
                create your first
              </Link>
            </p>
          )
        }
      />
    </div>
  );
}

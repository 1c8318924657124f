import { Form, useRevalidator } from 'react-router';
import type { Route } from './+types/admin-products';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { listAdminProducts } from '../features/catalog/api/catalog-api';
import { ManageControls, StatusFilter } from '../features/catalog/components/ManageControls';
import { PostList } from '../features/catalog/browse/PostList';
import { listQueryFromUrl } from '../features/catalog/list-query';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['admin']);

/** /admin-products (admin): every post in every status; search titles, filter, moderate. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const query = listQueryFromUrl(args.url);
  const list = await listAdminProducts(serverApi(args.context), query);
  return { list, query, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Products (admin)', 'Every post on the marketplace, in every status.');

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  const { list, query, href } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div data-testid="admin-products-page">
      <PageHeader
        title="Products (admin)"
        description="Every post on the marketplace. Search and filter, change a post's status or remove posts that break the rules."
      />
      <div className="mb-6 flex flex-col gap-4">
        <Form
          method="get"
          role="search"
          className="flex items-end gap-2"
          data-testid="admin-search"
        >
          {query.status && <input type="hidden" name="status" value={query.status} />}
          <div className="flex-1">
            <label htmlFor="admin-q" className="field-label">
              Search titles
            </label>
            <input
              id="admin-q"
              name="q"
              type="search"
              defaultValue={query.q ?? ''}
              className="input"
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </Form>
        <StatusFilter path="/admin-products" current={query.status} keep={{ q: query.q }} />
      </div>
      <PostList
        list={list}
        query={query}
        href={href}
        keep={{ status: query.status, q: query.q }}
        label="Every post"
        extra={(p) => (
          <ManageControls product={p} onChanged={() => void revalidator.revalidate()} />
        )}
        empty={<p>No posts match. Clear the search or pick another status.</p>}
      />
    </div>
  );
}

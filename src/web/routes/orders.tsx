import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { PageHeader } from '../components/ui/page';
import { formatNumber } from '../../shared/format';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { loadOrders } from '../features/orders/api/orders-api';
import { SortToggle } from '../features/orders/components/Bits';
import { OrderList } from '../features/orders/components/OrderList';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /orders (Purchases, signed in): my orders, newest first (`?sort=1` flips), a page at a time. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const list = await loadOrders(serverApi(args.context), args.url);
  return { list, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Purchases', 'Your orders: payment, shipping and tracking.');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { list, href } = loaderData;
  return (
    <div data-testid="orders-page">
      <PageHeader
        title="Purchases"
        description={
          list.recordsCount > 0 ? (
            <span data-testid="orders-count">
              {formatNumber(list.recordsCount)} {list.recordsCount === 1 ? 'order' : 'orders'}. Open
              one to see each seller&apos;s shipping and tracking.
            </span>
          ) : (
            'Everything you buy, with its payment and shipping status and the tracking link once the seller ships.'
          )
        }
      />
      {list.recordsCount > 1 ? (
        <div className="mb-4">
          <SortToggle href={href} sort={list.sort} />
        </div>
      ) : null}
      <OrderList
        list={list}
        empty={
          <p className="text-lg">
            No purchases yet.{' '}
            <Link to="/all-posts" className="link" data-testid="orders-empty-shop">
              Find something you like
            </Link>
            , add it to your cart and check out: your orders and their tracking show up here.
          </p>
        }
      />
      <Pagination url={href} page={list.page} recordsCount={list.recordsCount} limit={list.limit} />
    </div>
  );
}

import { Link } from 'react-router';
import type { Route } from './+types/sales';
import { PageHeader } from '../components/ui/page';
import { formatNumber } from '../../shared/format';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { loadSalesSummary } from '../features/earnings/api/earnings-api';
import { EarningsPanel } from '../features/earnings/components/EarningsPanel';
import { loadSales, saleTabFrom } from '../features/orders/api/orders-api';
import { SortToggle } from '../features/orders/components/Bits';
import { SaleList, SaleTabs } from '../features/orders/components/SaleList';
import { loadPayoutStatus } from '../features/payouts/api/payouts-api';
import { PayoutSetupPanel } from '../features/payouts/components/PayoutSetupPanel';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/**
 * /sales (signed in): the totals of a period (`?period=`, or `?period=custom&from=&to=`; this
 * month by default) above my sales by tab (`?show=`), newest first (`?sort=1` flips), paged.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const tab = saleTabFrom(args.url);
  const api = serverApi(args.context);
  const [list, earnings, payouts] = await Promise.all([
    loadSales(api, args.url),
    loadSalesSummary(api, args.url),
    loadPayoutStatus(api),
  ]);
  return { list, earnings, payout: payouts.status, tab, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Sales', 'Orders buyers placed for your posts: ship them and get paid.');

const EMPTY: Record<string, string> = {
  'to-ship': 'Nothing to ship right now.',
  shipped: 'No shipped sales yet.',
  cancelled: 'No cancelled sales.',
  all: 'No sales yet.',
};

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  const { list, earnings, payout, tab, href } = loaderData;
  return (
    <div data-testid="sales-page">
      <PageHeader
        title="Sales"
        description="Orders buyers paid for. Ship each one by its date and mark it shipped with the tracking number: your payout is released then."
      />
      <div className="mb-6 flex flex-col gap-6">
        <EarningsPanel
          state={earnings}
          keep={{ show: tab.id === 'to-ship' ? undefined : tab.id }}
        />
        <PayoutSetupPanel initial={payout} />
      </div>
      <SaleTabs current={tab} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700" data-testid="sales-count">
          {formatNumber(list.recordsCount)} {list.recordsCount === 1 ? 'sale' : 'sales'}
        </p>
        {list.recordsCount > 1 ? <SortToggle href={href} sort={list.sort} /> : null}
      </div>
      <SaleList
        list={list}
        empty={
          <p className="text-lg">
            {EMPTY[tab.id]}{' '}
            {tab.id === 'all' ? (
              <>
                <Link to="/add-edit-item" className="link">
                  Post something to sell
                </Link>{' '}
                and share your page: paid orders show up here, and you are emailed each one.
              </>
            ) : (
              <>
                New paid orders show up under To ship, and you are emailed each one.{' '}
                <Link to="/sales?show=all" className="link">
                  See all your sales
                </Link>
                .
              </>
            )}
          </p>
        }
      />
      <Pagination url={href} page={list.page} recordsCount={list.recordsCount} limit={list.limit} />
    </div>
  );
}

import { redirect } from 'react-router';
import type { Route } from './+types/returns';
import { PageHeader } from '../components/ui/page';
import { PillNav } from '../components/ui/PillNav';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import {
  RETURN_TABS,
  RETURNS_PER_PAGE,
  loadReturns,
  returnTabFrom,
} from '../features/returns/api/returns-api';
import { ReturnRow } from '../features/returns/components/ReturnDetail';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

/** /returns (signed in): refund requests I made, or on my sales. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  // Requests sent to moderation are decided in the moderation queue now (ADR 074).
  if (args.url.searchParams.get('as') === 'moderation') throw redirect('/moderation?kind=returns');
  const list = await loadReturns(serverApi(args.context), args.url);
  return { list, tab: returnTabFrom(args.url), href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Returns and refunds', 'Refund requests on your purchases and your sales.');

export default function ReturnsPage({ loaderData }: Route.ComponentProps) {
  const { list, tab, href } = loaderData;
  return (
    <div data-testid="returns-page">
      <PageHeader
        title="Returns and refunds"
        description="Ask for a refund from your purchases within the return window after shipment; answer the requests on your sales here."
      />
      <PillNav
        label="Show"
        className="mb-4"
        items={RETURN_TABS.map((t) => ({
          to: `/returns?as=${t.id}`,
          label: t.label,
          current: tab === t.id,
        }))}
      />
      {list.error ? (
        <p role="alert" className="text-red-800">
          {list.error}
        </p>
      ) : list.returns.length === 0 ? (
        <p className="text-lg" data-testid="returns-empty">
          {tab === 'buyer'
            ? 'No refund requests. To ask for one, open the order from your purchases.'
            : 'No buyer has asked for a refund on your sales.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.returns.map((r) => (
            <ReturnRow key={r._id} r={r} />
          ))}
        </ul>
      )}
      <Pagination
        url={href}
        page={list.page}
        recordsCount={list.recordsCount}
        limit={RETURNS_PER_PAGE}
      />
    </div>
  );
}

import type { Route } from './+types/returns';
import { PageHeader } from '../components/ui/page';
import { PillNav } from '../components/ui/PillNav';
import { isModeratorRole } from '../../shared/contracts/account-rules';
import { guardLoader } from '../features/accounts/guards';
import { useViewer } from '../features/accounts/viewer';
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

/** /returns (signed in): refund requests I made, on my sales, or (moderators) sent to moderation. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const list = await loadReturns(serverApi(args.context), args.url);
  return { list, tab: returnTabFrom(args.url), href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Returns and refunds', 'Refund requests on your purchases and your sales.');

export default function ReturnsPage({ loaderData }: Route.ComponentProps) {
  const { list, tab, href } = loaderData;
  const viewer = useViewer();
  const tabs = RETURN_TABS.filter((t) => t.id !== 'moderation' || isModeratorRole(viewer?.role));
  return (
    <div data-testid="returns-page">
      <PageHeader
        title="Returns and refunds"
        description="Ask for a refund from your purchases within the return window after shipment; answer the requests on your sales here."
      />
      <PillNav
        label="Show"
        className="mb-4"
        items={tabs.map((t) => ({
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
            : tab === 'seller'
              ? 'No buyer has asked for a refund on your sales.'
              : 'Nothing waits for a moderator’s decision.'}
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

import { useRevalidator } from 'react-router';
import type { Route } from './+types/insights';
import { guardLoader } from '../features/accounts/guards';
import {
  RANGE_OPTIONS,
  insightsParamsOf,
  loadInsights,
} from '../features/insights/api/insights-api';
import { InsightsPage } from '../features/insights/components/InsightsPage';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/**
 * /insights (signed in): the caller's insights over `?range=` (7d, 30d, 90d, 365d; 30d by
 * default); an admin may add `?userId=` for another seller's (the API decides who may).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const params = insightsParamsOf(args.url);
  const { data, error } = await loadInsights(serverApi(args.context), params);
  const own = !params.userId || params.userId === user?._id;
  return { params, ranges: RANGE_OPTIONS, data, error, own, username: user?.username ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Insights',
    'Views, visitors, clicks, carts, orders and revenue of your pages, by source, post, link and day.',
  );

export default function InsightsRoute({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const appUrl = useRootData()?.config.appUrl ?? '';
  const { params, ranges, data, error, own, username } = loaderData;
  return (
    <InsightsPage
      params={params}
      ranges={ranges}
      data={data}
      error={error}
      own={own}
      pageUrl={username ? `${appUrl}/${encodeURIComponent(username)}` : null}
      onCleared={() => void revalidate()}
    />
  );
}

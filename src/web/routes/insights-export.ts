import { data } from 'react-router';
import type { Route } from './+types/insights-export';
import { guardLoader } from '../features/accounts/guards';
import { insightsParamsOf, loadInsights } from '../features/insights/api/insights-api';
import { insightsCsv, isInsightTable } from '../features/insights/insights-csv';
import { serverApi } from '../lib/api';

const guard = guardLoader(['authenticated']);

/**
 * /insights/export.csv?table=sources|posts|links|daily&range=…: one table of the insights page as
 * a CSV file (a resource route, no page), read through the same GET /insights as the page, so the
 * file holds what the page shows. A plain link: it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const table = args.url.searchParams.get('table');
  if (!isInsightTable(table))
    throw data('Choose a table to download: sources, posts, links or daily.', { status: 400 });
  const answer = await loadInsights(serverApi(args.context), insightsParamsOf(args.url));
  if (!answer.data) throw data(answer.error, { status: answer.status });
  const { filename, csv } = insightsCsv(table, answer.data);
  return new Response(csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

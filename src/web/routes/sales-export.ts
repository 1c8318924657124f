import type { Route } from './+types/sales-export';
import { guardLoader } from '../features/accounts/guards';
import { csvDownload, pickParams } from '../lib/csv-download';

const guard = guardLoader(['authenticated']);

/**
 * /sales/export and /sales/payouts/export (`?period=`, or `?period=custom&from=&to=`): the
 * seller's sales or payouts of the period as CSV, for their accountant (lib/csv-download.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const payouts = args.url.pathname.endsWith('/payouts/export');
  return csvDownload(
    args.context,
    payouts ? '/payouts/export' : '/sales/export',
    pickParams(args.url, ['period', 'from', 'to']),
    `Your ${payouts ? 'payouts' : 'sales'} could not be exported. Please try again.`,
  );
}

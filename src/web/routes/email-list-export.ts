import type { Route } from './+types/email-list-export';
import { guardLoader } from '../features/accounts/guards';
import { csvDownload, pickParams } from '../lib/csv-download';

const guard = guardLoader(['authenticated']);

/** /email-list/export: the list's CSV behind the "Download CSV" links (lib/csv-download.ts). */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  return csvDownload(
    args.context,
    '/email-list/export',
    pickParams(args.url, ['list', 'status']),
    'The list could not be exported. Please try again.',
  );
}

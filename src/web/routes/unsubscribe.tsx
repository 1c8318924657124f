import type { Route } from './+types/unsubscribe';
import { MESSAGES } from '../../shared/messages';
import { PageHeader } from '../components/ui/page';
import { getSession } from '../features/accounts/session.server';
import { unsubscribeWithToken } from '../features/notifications/api/notifications-api';
import {
  UnsubscribeResult,
  type Unsubscribed,
} from '../features/notifications/components/UnsubscribeResult';
import { serverApi } from '../lib/api';
import { apiErrorMessage } from '../lib/errors';
import { pageMeta } from '../lib/meta';

/**
 * /unsubscribe?token=: the "Stop emails" link of a notification email. It switches those emails
 * off as the page loads (on the server: one click from the mail, no JavaScript needed), then says
 * exactly what is off. Mail clients' own unsubscribe button POSTs to the API instead (RFC 8058).
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Unsubscribe'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ url, context }: Route.LoaderArgs): Promise<Unsubscribed> {
  const token = url.searchParams.get('token')?.trim();
  if (!token) return { state: 'missing' };
  try {
    const res = await unsubscribeWithToken(serverApi(context), token);
    const { user } = await getSession(context);
    return {
      state: 'done',
      kind: res.kind,
      message: res.message,
      ownAccount: user?._id === res.userId,
    };
  } catch (err) {
    return { state: 'failed', message: apiErrorMessage(err, MESSAGES.unsubscribeError) };
  }
}

/** The page carries a token in its URL: keep it out of caches. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** Done once per visit: signing in or out elsewhere must not unsubscribe again. */
export const shouldRevalidate = () => false;

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-lg" data-testid="unsubscribe-page">
      <PageHeader title="Email notifications" />
      <UnsubscribeResult result={loaderData} />
    </div>
  );
}

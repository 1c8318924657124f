import { Link } from 'react-router';
import type { ListLinkResult } from '../api/outreach-api';

/** What opening a list email's link did: subscribed, unsubscribed, or why the link did not work. */
export function ListLinkPanel({ result }: { result: ListLinkResult }) {
  if (result.state === 'failed')
    return (
      <div
        role="alert"
        data-testid="email-list-link-failed"
        className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
      >
        <p>{result.message}</p>
      </div>
    );
  const seller = result.list;
  return (
    <div
      role="status"
      data-testid={`email-list-${result.action}ed`}
      className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950"
    >
      <p>{result.message}</p>
      {seller ? (
        <p className="mt-3">
          <Link to={`/${encodeURIComponent(seller.username)}`} className="link">
            Go to <bdi>{seller.name}</bdi>&apos;s page
          </Link>
        </p>
      ) : null}
    </div>
  );
}

import type { EmailListStats } from '../../../../shared/contracts/outreach';
import { formatNumber } from '../../../../shared/format';

/** `/email-list/export?…` for a list (`list`: a username or `marketplace`; absent: your own). */
const exportHref = (list: string | undefined, status: 'confirmed' | 'all') => {
  const query = new URLSearchParams();
  if (list) query.set('list', list);
  if (status === 'all') query.set('status', 'all');
  const qs = query.toString();
  return `/email-list/export${qs ? `?${qs}` : ''}`;
};

/** A list's size (and its plan limit) with the CSV downloads: confirmed subscribers, or everyone. */
export function ListExportLinks({
  stats,
  list,
  testId,
}: {
  stats: EmailListStats;
  list?: string;
  testId: string;
}) {
  const full = stats.limit !== null && stats.confirmed + stats.pending >= stats.limit;
  return (
    <div data-testid={testId}>
      <p className="text-gray-900">
        <strong data-testid={`${testId}-confirmed`}>{formatNumber(stats.confirmed)}</strong>{' '}
        confirmed {stats.confirmed === 1 ? 'subscriber' : 'subscribers'}
        {stats.pending ? `, ${formatNumber(stats.pending)} waiting to confirm` : ''}
        {stats.limit !== null ? ` (your plan allows ${formatNumber(stats.limit)})` : ''}.
      </p>
      {full ? (
        <p className="mt-2 text-sm text-amber-900" role="note">
          The list is full: new sign-ups are refused.{' '}
          <a href="/plan-selection" className="link">
            Upgrade your plan
          </a>{' '}
          to grow it.
        </p>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-2">
        <a
          href={exportHref(list, 'confirmed')}
          className="btn btn-secondary"
          download
          data-testid={`${testId}-csv`}
        >
          Download CSV
        </a>
        <a href={exportHref(list, 'all')} className="btn btn-ghost" download>
          CSV with unconfirmed and unsubscribed
        </a>
      </p>
    </div>
  );
}

import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/moderation';
import { PageHeader } from '../components/ui/page';
import { PillNav } from '../components/ui/PillNav';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import { loadActions, loadQueue } from '../features/moderation/api/moderation-api';
import { DecisionLog } from '../features/moderation/components/DecisionLog';
import { QueueList } from '../features/moderation/components/QueueList';
import { moderationQueryFromUrl } from '../features/moderation/moderation-query';
import { ReturnQueueItem } from '../features/returns/components/ReturnQueueItem';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['moderator']);

/**
 * /moderation (moderators and admins): the one queue of pending comments, reports and refund
 * requests sent to moderation, and the log.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const query = moderationQueryFromUrl(args.url);
  const client = serverApi(args.context);
  const href = args.url.pathname + args.url.search;
  if (query.tab === 'decisions')
    return { query, href, tab: 'decisions' as const, log: await loadActions(client, query) };
  return { query, href, tab: 'queue' as const, queue: await loadQueue(client, query) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Moderation',
    'Comments waiting for review, reports from members and refund requests to decide.',
  );

const KINDS = [
  { kind: 'all', label: 'Everything' },
  { kind: 'comments', label: 'Comments' },
  { kind: 'reports', label: 'Reports' },
  { kind: 'returns', label: 'Refund requests' },
] as const;

const EMPTY = {
  all: 'Nothing waits for a decision: no comment needs review, no report is open and no refund request was sent to moderation.',
  comments: 'No comment waits for review.',
  reports: 'No report is open.',
  returns: 'No refund request waits for a moderator.',
} as const;

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { query, href } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div data-testid="moderation-page">
      <PageHeader
        title="Moderation"
        description="Comments waiting for review, what members reported and refund requests buyers sent to moderation, oldest first. Every decision on a comment or report is recorded with who took it and when."
        actions={
          <Link to="/users" className="btn btn-secondary">
            Find a member
          </Link>
        }
      />
      <PillNav
        label="Moderation"
        items={[
          { to: '/moderation', label: 'Queue', current: query.tab === 'queue' },
          {
            to: '/moderation?tab=decisions',
            label: 'Decisions',
            current: query.tab === 'decisions',
          },
        ]}
      />
      {loaderData.tab === 'queue' ? (
        <>
          <PillNav
            label="Show"
            className="mb-4"
            items={KINDS.map(({ kind, label }) => ({
              to: kind === 'all' ? '/moderation' : `/moderation?kind=${kind}`,
              label,
              current: query.kind === kind,
            }))}
          />
          <QueueList
            queue={loaderData.queue}
            onDecided={() => void revalidator.revalidate()}
            renderReturn={(item, decided) => (
              <ReturnQueueItem key={item._id} r={item.returnRequest} onDecided={decided} />
            )}
            empty={<p>{EMPTY[query.kind]} New ones appear here as members write and report.</p>}
          />
          <Pagination
            url={href}
            page={query.page}
            recordsCount={loaderData.queue.recordsCount}
            limit={query.limit}
          />
        </>
      ) : (
        <>
          <DecisionLog log={loaderData.log} />
          <Pagination
            url={href}
            page={query.page}
            recordsCount={loaderData.log.recordsCount}
            limit={query.limit}
          />
        </>
      )}
    </div>
  );
}

import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/comments';
import { PageHeader } from '../components/ui/page';
import { PillNav } from '../components/ui/PillNav';
import { isModeratorRole } from '../../shared/contracts/account-rules';
import { formatNumber } from '../../shared/format';
import { guardLoader } from '../features/accounts/guards';
import { Pagination } from '../features/catalog/browse/Pagination';
import {
  COMMENTS_PER_PAGE,
  loadMyComments,
  loadReviewComments,
  pageFrom,
} from '../features/comments/api/comments-api';
import { MyCommentList, ReviewList } from '../features/comments/components/CommentCards';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

const guard = guardLoader(['authenticated']);

const TABS = ['mine', 'review', 'all'] as const;
type Tab = (typeof TABS)[number];

/**
 * /comments (signed in): "My comments" in every status, "To review" — the comments waiting for
 * approval on my posts — and, for moderators and admins, "All pending". Tabs and pages are plain
 * links (`?tab=`, `?page=`). Without `?tab=` it opens on "To review" while something waits there
 * (the task at hand), else on "My comments".
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await guard(args);
  const moderator = isModeratorRole(user?.role);
  const asked = args.url.searchParams.get('tab');
  const chosen = TABS.find((t) => t === asked && (t !== 'all' || moderator)) ?? null;
  const page = pageFrom(args.url, 'page');
  const client = serverApi(args.context);
  // Undecided, both lists are read at the asked page: only the shown one's rows are used, and
  // the other one's count is the same on every page.
  const [mine, review, all] = await Promise.all([
    loadMyComments(client, chosen === 'mine' || !chosen ? page : 1),
    loadReviewComments(client, 'mine', chosen === 'review' || !chosen ? page : 1),
    chosen === 'all' ? loadReviewComments(client, 'all', page) : null,
  ]);
  const tab: Tab = chosen ?? (review.recordsCount > 0 ? 'review' : 'mine');
  return { tab, moderator, mine, review, all, href: args.url.pathname + args.url.search };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Comments',
    'Your comments and the comments waiting for your review on your posts.',
  );

export default function CommentsPage({ loaderData }: Route.ComponentProps) {
  const { tab, moderator, mine, review, all, href } = loaderData;
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'mine', label: `My comments (${formatNumber(mine.recordsCount)})` },
    { id: 'review', label: `To review (${formatNumber(review.recordsCount)})` },
    ...(moderator ? [{ id: 'all' as const, label: 'All pending' }] : []),
  ];
  const shown = tab === 'all' && all ? all : tab === 'review' ? review : mine;
  return (
    <div data-testid="comments-page">
      <PageHeader
        title="Comments"
        description="Comments you wrote, and comments on your posts. A new comment stays hidden until the post's owner approves it."
      />
      <PillNav
        label="Comment lists"
        items={tabs.map((t) => ({
          // Explicit for every tab: a bare /comments may open on either list.
          to: `/comments?tab=${t.id}`,
          label: t.label,
          current: t.id === tab,
          testId: `comments-tab-${t.id}`,
        }))}
      />
      <h2 className="sr-only">{tabs.find((t) => t.id === tab)?.label}</h2>
      {tab === 'mine' ? (
        <MyCommentList list={mine} onChanged={reload} />
      ) : (
        <ReviewList
          list={shown}
          onChanged={reload}
          empty={
            tab === 'all' ? (
              <p>Nothing is waiting for review. New comments on every post appear here.</p>
            ) : (
              <p>
                No comments are waiting for your review. New comments on{' '}
                <Link to="/my-posts" className="link">
                  your posts
                </Link>{' '}
                appear here until you approve or reject them.
              </p>
            )
          }
        />
      )}
      <Pagination
        url={href}
        page={shown.page}
        recordsCount={shown.recordsCount}
        limit={COMMENTS_PER_PAGE}
      />
    </div>
  );
}

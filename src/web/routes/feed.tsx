import type { Route } from './+types/feed';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /feed (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Feed');

export default function FeedPage() {
  return (
    <div data-testid="feed-page">
      <PageHeader
        title={'Feed'}
        description={'The latest posts from the people you follow, newest first.'}
      />
      <LinkCards
        links={[
          { to: '/following', title: 'Following', description: 'Manage who you follow.' },
          { to: '/all-posts', title: 'All posts', description: 'Posts from everyone.' },
          { to: '/marketplace', title: 'Marketplace', description: 'Browse by category.' },
        ]}
      />
    </div>
  );
}

import type { Route } from './+types/following';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /following (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Following');

export default function FollowingPage() {
  return (
    <div data-testid="following-page">
      <PageHeader
        title={'Following'}
        description={'The sellers and creators you follow. Their new posts appear in your feed.'}
      />
      <LinkCards
        links={[
          { to: '/feed', title: 'Feed', description: 'New posts from the people you follow.' },
          { to: '/all-posts', title: 'All posts', description: 'Discover people to follow.' },
          { to: '/favorites', title: 'Favorites', description: 'Posts you liked.' },
        ]}
      />
    </div>
  );
}

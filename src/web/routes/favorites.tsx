import type { Route } from './+types/favorites';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /favorites (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Favorites');

export default function FavoritesPage() {
  return (
    <div data-testid="favorites-page">
      <PageHeader
        title={'Favorites'}
        description={
          'Posts you liked, in one place. Like a post anywhere on the site and it shows up here.'
        }
      />
      <LinkCards
        links={[
          { to: '/all-posts', title: 'All posts', description: 'Find more to like.' },
          { to: '/following', title: 'Following', description: 'The people you follow.' },
          { to: '/feed', title: 'Feed', description: 'Their latest posts.' },
        ]}
      />
    </div>
  );
}

import type { Route } from './+types/all-posts';
import { LinkCards, PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /all-posts: the marketplace feed, newest posts from every seller. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'All posts', 'The newest posts from every seller on the marketplace.');

export default function AllPostsPage() {
  return (
    <div data-testid="all-posts-page">
      <PageHeader
        title="All posts"
        description="The newest posts from every seller: art, fashion, music, vintage finds, hardware and more. Like the ones you love, follow their sellers and buy straight from the post."
      />
      <LinkCards
        heading="Browse another way"
        links={[
          { to: '/marketplace', title: 'Marketplace', description: 'Shop by category.' },
          { to: '/products/tags', title: 'Tags', description: 'Follow a theme across sellers.' },
          { to: '/search-results', title: 'Search', description: 'Look for something specific.' },
        ]}
      />
    </div>
  );
}

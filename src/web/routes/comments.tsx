import type { Route } from './+types/comments';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /comments (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Comments');

export default function CommentsPage() {
  return (
    <div data-testid="comments-page">
      <PageHeader
        title={'Comments'}
        description={
          'Comments you wrote and comments on your posts. New comments stay hidden until they are reviewed; approve or remove the ones on your posts here.'
        }
      />
      <LinkCards
        links={[
          { to: '/my-posts', title: 'My Posts', description: 'Your posts and their comments.' },
          { to: '/messages', title: 'Messages', description: 'Private conversations.' },
          { to: '/feed', title: 'Feed', description: 'See what is new.' },
        ]}
      />
    </div>
  );
}

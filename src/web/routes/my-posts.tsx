import { Link } from 'react-router';
import type { Route } from './+types/my-posts';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /my-posts (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My Posts');

export default function MyPostsPage() {
  return (
    <div data-testid="my-posts-page">
      <PageHeader
        title={'My Posts'}
        description={
          'Everything you have published, drafted or sold. Open a post to edit its photos, price, tags and status, or remove it.'
        }
        actions={
          <Link to="/add-edit-item" className="btn btn-primary">
            New post
          </Link>
        }
      />
      <LinkCards
        links={[
          {
            to: '/add-edit-item',
            title: 'Create a post',
            description: 'Add photos or video, a price, shipping and tags.',
          },
          { to: '/sales', title: 'Sales', description: 'Orders for your posts.' },
          { to: '/edit-page', title: 'Edit Page', description: 'How your page looks to visitors.' },
        ]}
      />
    </div>
  );
}

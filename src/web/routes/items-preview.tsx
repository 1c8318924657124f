import { Link } from 'react-router';
import type { Route } from './+types/items-preview';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /items-preview (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Post preview');

export default function ItemsPreviewPage() {
  return (
    <div data-testid="items-preview-page">
      <PageHeader
        title={'Post preview'}
        description={
          'How your post will look to buyers before you publish it: photos, title, price, shipping and tags.'
        }
        actions={
          <Link to="/add-edit-item" className="btn btn-primary">
            Back to editing
          </Link>
        }
      />
      <LinkCards
        links={[
          {
            to: '/add-edit-item',
            title: 'Edit the post',
            description: 'Change anything before publishing.',
          },
          { to: '/my-posts', title: 'My Posts', description: 'All of your posts.' },
        ]}
      />
    </div>
  );
}

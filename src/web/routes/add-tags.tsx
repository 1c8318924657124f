import type { Route } from './+types/add-tags';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /add-tags (admin). */
export const loader = guardLoader(['admin']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Tags (admin)');

export default function AddTagsPage() {
  return (
    <div data-testid="add-tags-page">
      <PageHeader
        title={'Tags (admin)'}
        description={
          'The tags sellers can put on their posts and buyers browse by. Add new tags and keep the list tidy.'
        }
      />
      <LinkCards
        links={[
          { to: '/products/tags', title: 'Browse tags', description: 'See tags as buyers do.' },
          { to: '/admin-products', title: 'Products (admin)', description: 'Moderate posts.' },
          { to: '/users', title: 'Users (admin)', description: 'Manage members.' },
        ]}
      />
    </div>
  );
}

import type { Route } from './+types/edit-page';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /edit-page (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Edit Page');

export default function EditPagePage() {
  return (
    <div data-testid="edit-page-page">
      <PageHeader
        title={'Edit Page'}
        description={
          'Make your page yours: site name, description, logo, header and footer colours, button colours, font and whether the header shows your name, your logo or both.'
        }
      />
      <LinkCards
        links={[
          { to: '/my-posts', title: 'My Posts', description: 'The posts shown on your page.' },
          {
            to: '/edit-profile',
            title: 'Edit profile',
            description: 'Your name, bio and picture.',
          },
          { to: '/plan-selection', title: 'Plans', description: 'More options on paid plans.' },
        ]}
      />
    </div>
  );
}

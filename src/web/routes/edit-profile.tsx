import type { Route } from './+types/edit-profile';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../lib/guards';
import { pageMeta } from '../lib/meta';

/** /edit-profile (signed in): name, bio, link, avatar, account type and password. */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Edit profile');

export default function EditProfile({ loaderData }: Route.ComponentProps) {
  const user = loaderData.user;
  return (
    <div data-testid="edit-profile-page">
      <PageHeader
        title="Edit profile"
        eyebrow={user ? `Signed in as ${user.email || user.name}` : undefined}
        description="Your name, bio, link and profile picture as buyers and followers see them, whether you sell, buy or both, and your password."
      />
      <LinkCards
        links={[
          {
            to: '/edit-page',
            title: 'Edit your page',
            description: 'Branding, colours and font of your public page.',
          },
          { to: '/my-posts', title: 'My Posts', description: 'Everything you have published.' },
          {
            to: '/plan-selection',
            title: 'Your plan',
            description: 'See your plan or switch to another one.',
          },
        ]}
      />
    </div>
  );
}

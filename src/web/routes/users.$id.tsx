import { Link, useParams } from 'react-router';
import type { Route } from './+types/users.$id';
import { PageHeader } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

/** /users/:id: a member's public profile (bio, link, follow and like), filled in by the accounts work. */
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Member profile');

export default function UserProfile() {
  const { id } = useParams();
  return (
    <div data-testid="user-profile-page" data-user-id={id}>
      <PageHeader
        title="Member profile"
        description="Who this member is, what they sell and the link to their page. Follow them to see their new posts in your feed."
      />
      <Link to="/all-posts" className="btn btn-secondary">
        Browse all posts
      </Link>
    </div>
  );
}

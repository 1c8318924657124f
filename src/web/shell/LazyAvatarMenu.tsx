import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../shared/contracts/accounts';
import { Avatar } from '../components/ui/Avatar';

// The dropdown (Radix menu + positioning) is only needed by signed-in users: load it on demand so
// visitors' pages stay light. Until it arrives the avatar links to the profile (also without JS).
const AvatarMenu = lazy(() => import('./AvatarMenu').then((m) => ({ default: m.AvatarMenu })));

function AvatarLink({ user }: { user: SessionUser }) {
  return (
    <Link
      to="/edit-profile"
      aria-label={`Account menu for ${user.name}`}
      data-testid="avatar-menu-button"
      className="rounded-full"
    >
      <Avatar name={user.name} src={user.image?.thumbnail} size="sm" />
    </Link>
  );
}

export function LazyAvatarMenu({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<AvatarLink user={user} />}>
      <AvatarMenu user={user} />
    </Suspense>
  );
}

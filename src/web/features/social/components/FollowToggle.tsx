import { FollowButton, type FollowState } from '../../../components/FollowButton';
import { follow } from '../api/social-calls';

/** The follow toggle of member lists and profiles (signed-in pages: the call is bundled). */
export function FollowToggle({
  userId,
  name,
  following,
  followersCount,
  signedIn = true,
  onChange,
  className,
}: FollowState & {
  userId: string;
  name: string;
  signedIn?: boolean;
  onChange?: (state: FollowState) => void;
  className?: string;
}) {
  return (
    <FollowButton
      following={following}
      followersCount={followersCount}
      signedIn={signedIn}
      name={name}
      toggle={() => follow(userId)}
      onChange={onChange}
      className={className}
    />
  );
}

import { useEffect, useState } from 'react';
import type { FollowState } from '../../../components/FollowButton';
import { formatNumber } from '../../../../shared/format';
import { UserLikeButton } from '../buttons/LikeButtons';
import { MessageLink } from '../../../components/MessageLink';
import { BlockButton } from './BlockButton';
import { FollowToggle } from './FollowToggle';
import type { ViewerState } from './SellerActions';

const counted = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * A member's numbers and what the viewer can do on their profile: follow, like, message and block
 * (with a confirmation), or unblock. The member themself sees only the numbers.
 */
export function ProfileActions({
  member,
  viewer,
  viewerId,
}: {
  member: {
    _id: string;
    username: string;
    name: string;
    likesCount: number;
    followersCount: number;
    followingCount: number;
  };
  viewer: ViewerState | null;
  viewerId: string | null;
}) {
  const initial = { following: viewer?.following ?? false, followersCount: member.followersCount };
  const [follow, setFollow] = useState<FollowState>(initial);
  const [blocked, setBlocked] = useState(viewer?.blocked ?? false);
  useEffect(() => {
    setFollow({ following: viewer?.following ?? false, followersCount: member.followersCount });
    setBlocked(viewer?.blocked ?? false);
  }, [viewer?.following, viewer?.blocked, member.followersCount]);
  const signedIn = viewerId !== null;
  const self = viewerId === member._id;

  function onBlockChange(now: boolean) {
    setBlocked(now);
    // Blocking ends my follow of them (and theirs of me).
    if (now && follow.following)
      setFollow((f) => ({ following: false, followersCount: Math.max(0, f.followersCount - 1) }));
  }

  return (
    <div className="mt-4 space-y-4" data-testid="profile-social">
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1 font-semibold md:justify-start">
        <li data-testid="profile-followers">
          {counted(follow.followersCount, 'follower', 'followers')}
        </li>
        <li data-testid="profile-following">{formatNumber(member.followingCount)} following</li>
        {self && <li>{counted(member.likesCount, 'like', 'likes')}</li>}
      </ul>
      {!self && blocked && (
        <p
          className="flex flex-wrap items-center justify-center gap-3 md:justify-start"
          role="status"
        >
          <span>
            You have blocked <bdi>{member.name}</bdi>.
          </span>
          <BlockButton userId={member._id} name={member.name} blocked onChange={onBlockChange} />
        </p>
      )}
      {!self && !blocked && (
        <div className="flex flex-wrap justify-center gap-3 md:justify-start">
          <FollowToggle
            userId={member._id}
            name={member.name}
            {...follow}
            signedIn={signedIn}
            onChange={setFollow}
          />
          <UserLikeButton
            user={member}
            signedIn={signedIn}
            liked={viewer ? viewer.liked : undefined}
          />
          <MessageLink to={member.username} name={member.name} testId="message-member" />
          {signedIn && (
            <BlockButton
              userId={member._id}
              name={member.name}
              blocked={false}
              onChange={onBlockChange}
            />
          )}
        </div>
      )}
    </div>
  );
}

import { FollowButton, type FollowState } from '../../../components/FollowButton';
import { LikeButton } from '../../../components/LikeButton';
import { MESSAGES } from '../../../../shared/messages';

/**
 * What the page knows of the signed-in viewer's relation to a member (GET /users/follow-state),
 * read by the loader of a page rendered for them; null when signed out.
 */
export interface ViewerState {
  following: boolean;
  liked: boolean;
  blocked: boolean;
}

// The calls load on the first click: a seller's page ships only these two buttons (the page is
// near its JavaScript budget, docs/decisions/019).
const calls = () => import('../api/social-calls');
const likedStore = () => import('../stores/liked-store');

/**
 * Follow and like on a seller's page, beside Share. Not shown to the seller themself, nor to a
 * viewer who has blocked them. `follow` is the page's follow state, which the page's follower
 * count follows (`onFollowChange`).
 */
export function SellerActions({
  owner,
  viewer,
  viewerId,
  follow,
  onFollowChange,
  signedIn = viewerId !== null,
  settled = () => Promise.resolve(),
}: {
  owner: { _id: string; name: string; likesCount: number };
  viewer: ViewerState | null;
  viewerId: string | null;
  follow: FollowState;
  onFollowChange: (state: FollowState) => void;
  /** A shared page's sign of a session, before it knows whose (docs/decisions/045). */
  signedIn?: boolean;
  /** Resolves once the page knows the viewer's state: a toggle is sent after it. */
  settled?: () => Promise<void>;
}) {
  if (viewerId === owner._id || viewer?.blocked) return null;
  return (
    <>
      <FollowButton
        {...follow}
        signedIn={signedIn}
        name={owner.name}
        toggle={() =>
          settled()
            .then(calls)
            .then((m) => m.follow(owner._id))
        }
        onChange={onFollowChange}
        // Wide enough for "Following": filled in after load, it moves nothing (docs/decisions/045).
        className="btn btn-site min-w-28"
      />
      <LikeButton
        liked={viewer?.liked ?? false}
        count={owner.likesCount}
        signedIn={signedIn}
        label={owner.name}
        toggle={() =>
          settled()
            .then(calls)
            .then((m) => m.likeUser(owner._id))
        }
        // Keeps the liked-ids list of this session (if loaded) in step.
        onChange={(liked) => void likedStore().then((m) => m.setLiked('user', owner._id, liked))}
        errorMessage={MESSAGES.likeError}
        testId="user-like-button"
      />
    </>
  );
}

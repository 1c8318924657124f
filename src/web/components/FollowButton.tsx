import { MESSAGES } from '../../shared/messages';
import { useOptimisticToggle } from './use-optimistic-toggle';

/** The answer of a follow toggle (POST /users/follow). */
export interface FollowState {
  following: boolean;
  followersCount: number;
}

export interface FollowButtonProps extends FollowState {
  signedIn: boolean;
  /** Calls the API; resolves with the server's answer. */
  toggle: () => Promise<FollowState>;
  /** Told every state shown (guess, answer, rollback): the page's follower count follows it. */
  onChange?: (state: FollowState) => void;
  /** Whom to follow, for screen readers: "Follow Maya Chen". */
  name: string;
  className?: string;
}

/**
 * Follow / Following, the follow toggle of every page (SPEC §7 POST /users/follow): optimistic,
 * rolled back on failure, the log-in modal when signed out or on a 401 — as the LikeButton.
 */
export function FollowButton({
  following,
  followersCount,
  signedIn,
  toggle,
  onChange,
  name,
  className = 'btn btn-primary',
}: FollowButtonProps) {
  const [state, onClick] = useOptimisticToggle(following, followersCount, {
    signedIn,
    toggle: async () => {
      const answer = await toggle();
      return { on: answer.following, count: answer.followersCount };
    },
    onChange: onChange && ((s) => onChange({ following: s.on, followersCount: s.count })),
    errorMessage: MESSAGES.followError,
  });
  return (
    <button
      type="button"
      className={className}
      aria-pressed={state.on}
      aria-label={`${state.on ? 'Following' : 'Follow'} ${name}`}
      data-testid="follow-button"
      data-following={state.on}
      onClick={onClick}
    >
      {state.on ? 'Following' : 'Follow'}
    </button>
  );
}

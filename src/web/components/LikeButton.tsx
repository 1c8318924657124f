import { MESSAGES } from '../../shared/messages';
import { formatCompact } from '../../shared/format';
import { useOptimisticToggle } from './use-optimistic-toggle';

/** The answer of a like toggle: whether the thing is liked now, and its new count. */
export interface LikeState {
  liked: boolean;
  count: number;
}

export interface LikeButtonProps extends LikeState {
  signedIn: boolean;
  /** Calls the API; resolves with the server's answer. */
  toggle: () => Promise<LikeState>;
  /**
   * Told the liked state as it changes: first the optimistic guess, then the server's answer, or
   * the old state again when the call failed — a liked-id list kept elsewhere follows along.
   */
  onChange?: (liked: boolean) => void;
  /** What is liked, for screen readers: "Like Vintage lamp". */
  label: string;
  /** SPEC §8: the error shown when the call fails (server message first). */
  errorMessage?: string;
  className?: string;
  testId?: string;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.3C1 8 3.3 4.5 6.9 4.5c2 0 3.6 1.1 5.1 3 1.5-1.9 3.1-3 5.1-3 3.6 0 5.9 3.5 4.4 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

/**
 * A like toggle for posts, users and messages (SPEC §4 "likes toggle"). The count and state
 * change at once and roll back if the call fails. Signed-out visitors, and a 401 from the call,
 * get the log-in modal (SPEC §5, §8), which remembers where they were (use-optimistic-toggle.ts).
 */
export function LikeButton({
  liked,
  count,
  signedIn,
  toggle,
  onChange,
  label,
  errorMessage = MESSAGES.genericError,
  className = 'btn btn-secondary',
  testId = 'like-button',
}: LikeButtonProps) {
  const [state, onClick] = useOptimisticToggle(liked, count, {
    signedIn,
    toggle: async () => {
      const answer = await toggle();
      return { on: answer.liked, count: answer.count };
    },
    onChange: onChange && ((s) => onChange(s.on)),
    errorMessage,
  });

  return (
    <button
      type="button"
      className={className}
      aria-pressed={state.on}
      aria-label={`${state.on ? 'Unlike' : 'Like'} ${label} (${formatCompact(state.count)} ${state.count === 1 ? 'like' : 'likes'})`}
      data-testid={testId}
      data-liked={state.on}
      onClick={onClick}
    >
      <HeartIcon filled={state.on} />
      <span data-testid={`${testId}-count`}>{formatCompact(state.count)}</span>
    </button>
  );
}

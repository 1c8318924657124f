import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { formatCompact } from '../../shared/format';
import { ApiError } from '../lib/api-client';
import { modalActions, notifyError, showNotify } from './ui/modal';

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
 * get the log-in modal (SPEC §5, §8), which remembers where they were.
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
  const [state, setState] = useState<LikeState>({ liked, count });
  const busy = useRef(false);
  // A fresh answer from the page (another tab, a reload of the loader) wins over local state.
  useEffect(() => setState({ liked, count }), [liked, count]);

  async function onClick() {
    if (!signedIn) {
      void showNotify(MESSAGES.loginRequired, modalActions.login);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const before = state;
    const guess = {
      liked: !before.liked,
      count: Math.max(0, before.count + (before.liked ? -1 : 1)),
    };
    setState(guess);
    onChange?.(guess.liked);
    try {
      const answer = await toggle();
      setState(answer);
      onChange?.(answer.liked);
    } catch (error) {
      setState(before);
      onChange?.(before.liked);
      if (error instanceof ApiError && error.status === 401) {
        void showNotify(MESSAGES.loginRequired, modalActions.login);
      } else {
        void notifyError(error, errorMessage);
      }
    } finally {
      busy.current = false;
    }
  }

  return (
    <button
      type="button"
      className={className}
      aria-pressed={state.liked}
      aria-label={`${state.liked ? 'Unlike' : 'Like'} ${label} (${formatCompact(state.count)} ${state.count === 1 ? 'like' : 'likes'})`}
      data-testid={testId}
      data-liked={state.liked}
      onClick={onClick}
    >
      <HeartIcon filled={state.liked} />
      <span data-testid={`${testId}-count`}>{formatCompact(state.count)}</span>
    </button>
  );
}

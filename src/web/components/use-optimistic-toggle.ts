import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { ApiError } from '../lib/api-error';
import { modalActions, notifyError, showNotify } from './ui/modal';

/** A toggle with a count: liked and its likes, following and the followers. */
export interface ToggleState {
  on: boolean;
  count: number;
}

export interface OptimisticToggleOptions {
  signedIn: boolean;
  /** Calls the API; resolves with the server's answer. */
  toggle: () => Promise<ToggleState>;
  /** Told every state shown: the optimistic guess, then the server's answer or the rollback. */
  onChange?: (state: ToggleState) => void;
  /** SPEC §8: the error shown when the call fails (server message first). */
  errorMessage: string;
}

/**
 * The behaviour the like and follow buttons share (SPEC §4, §5, §8): the state flips at once (the
 * count with it), settles on the server's answer, and rolls back if the call fails. Signed-out
 * visitors, and a 401 from the call, get the log-in modal, which remembers where they were. A fresh
 * `on`/`count` from the page (another tab, a reload of the loader) wins over local state.
 */
export function useOptimisticToggle(
  on: boolean,
  count: number,
  { signedIn, toggle, onChange, errorMessage }: OptimisticToggleOptions,
): [ToggleState, () => Promise<void>] {
  const [state, setState] = useState<ToggleState>({ on, count });
  const busy = useRef(false);
  useEffect(() => setState({ on, count }), [on, count]);

  function show(next: ToggleState) {
    setState(next);
    onChange?.(next);
  }

  async function onClick() {
    if (!signedIn) {
      void showNotify(MESSAGES.loginRequired, modalActions.login);
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const before = state;
    show({ on: !before.on, count: Math.max(0, before.count + (before.on ? -1 : 1)) });
    try {
      show(await toggle());
    } catch (error) {
      show(before);
      if (error instanceof ApiError && error.status === 401)
        void showNotify(MESSAGES.loginRequired, modalActions.login);
      else void notifyError(error, errorMessage);
    } finally {
      busy.current = false;
    }
  }

  return [state, onClick];
}

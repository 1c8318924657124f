import { useEffect, useRef, useState } from 'react';
import type { PageState } from '../../../shared/contracts/social';
import { useAuthStore } from '../../features/accounts/stores/auth-store';
import { useViewer } from '../../features/accounts/viewer';
import { ACCESS_TOKEN_COOKIE } from '../../lib/api';
import { readCookie } from '../../lib/api-client';

/**
 * What is personal on a seller's page, which is rendered for nobody (docs/decisions/045): who is
 * signed in, and what they like, follow or blocked among `ids` (the posts and members it shows).
 * The viewer is the client's auth state at once (null on the server and in the first render, so
 * hydration matches); one GET /me/page-state after load confirms it — or learns it, when only the
 * session cookie knows — and brings the relations (`state`, null until then: the neutral state
 * stays). A visitor with neither a remembered member nor a session cookie asks nothing.
 *
 * `signedIn` is true as soon as there is a sign of a session, so a button pressed before the
 * answer calls the API (which says 401 if the sign was wrong) instead of asking to log in; and
 * such a toggle waits for `settled()` first, so the answer never describes a moment after it.
 */
export function useSharedPage(ids: readonly string[]) {
  const viewer = useViewer();
  const [state, setState] = useState<PageState | null>(null);
  const [sign, setSign] = useState(false);
  const gate = useRef<{ settled: Promise<void>; open: () => void } | null>(null);
  if (!gate.current) {
    let open = () => {};
    const settled = new Promise<void>((resolve) => (open = resolve));
    gate.current = { settled, open };
  }
  const { open, settled } = gate.current;
  const key = ids.join(',');
  useEffect(() => {
    setState(null);
    let live = true;
    const ask = async () => {
      const mayBe = useAuthStore.getState().user !== null || !!readCookie(document.cookie, ACCESS_TOKEN_COOKIE);
      setSign(mayBe);
      if (!mayBe) return;
      const { loadPageState } = await import('../../features/social/api/page-state-call');
      const answer = await loadPageState(key);
      const auth = useAuthStore.getState();
      if (answer === 'signed-out') {
        auth.clear();
        setSign(false);
      } else if (answer && live) {
        if (answer.user._id !== auth.user?._id) auth.setSession(answer.user, answer.site);
        setState(answer);
      }
    };
    const run = () => void ask().finally(open);
    // The persisted auth state loads after hydration (AppBehaviours): ask once it has.
    const { persist } = useAuthStore;
    const stop = persist.hasHydrated() ? null : persist.onFinishHydration(run);
    if (!stop) run();
    return () => {
      live = false;
      stop?.();
    };
  }, [key, open]);
  return { viewer, state, signedIn: viewer !== null || sign, settled: () => settled };
}

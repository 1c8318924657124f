import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../shared/contracts/accounts';
import type { PageState } from '../../../shared/contracts/social';
import type { Site } from '../../../shared/contracts/sites';
import { ACCESS_TOKEN_COOKIE } from '../../lib/api';
import { readCookie } from '../../lib/api-client';

/** The client's auth state, as the accounts feature keeps it (composed by the route). */
export interface RememberedSession {
  user: () => SessionUser | null;
  remember: (user: SessionUser, site: Site | null) => void;
  forget: () => void;
  /** Runs `then` once the remembered member is known (after hydration); returns a stop function. */
  loaded: (then: () => void) => () => void;
}

/**
 * What is personal on a seller's page, which is rendered for nobody (docs/decisions/045): what
 * `viewer` (the client's auth state: null on the server and in the first render, so hydration
 * matches) likes, follows or blocked among `ids` (the posts and members it shows). One
 * GET /me/page-state after load brings it (`state`, null until then: the neutral state stays) and
 * confirms the viewer — or makes them known, when only the session cookie knew. A visitor with
 * neither a remembered member nor a session cookie asks nothing.
 *
 * `signedIn` is true as soon as there is a sign of a session, so a button pressed before the
 * answer calls the API (which says 401 if the sign was wrong) instead of asking to log in; such a
 * toggle waits for `settled()` first, so the answer never describes a moment after it.
 */
export function useSharedPage(
  ids: readonly string[],
  viewer: SessionUser | null,
  session: RememberedSession,
) {
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
      if (!key) return;
      const mayBe = session.user() !== null || !!readCookie(document.cookie, ACCESS_TOKEN_COOKIE);
      setSign(mayBe);
      if (!mayBe) return;
      const { loadPageState } = await import('./api/page-state-call');
      const answer = await loadPageState(key);
      if (answer === 'signed-out') {
        session.forget();
        setSign(false);
      } else if (answer && live) {
        if (answer.user._id !== session.user()?._id) session.remember(answer.user, answer.site);
        setState(answer);
      }
    };
    const stop = session.loaded(() => void ask().finally(open));
    return () => {
      live = false;
      stop();
    };
    // `session` is a fixed object (the accounts feature's): not a reason to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, open]);
  return { viewer, state, signedIn: viewer !== null || sign, settled: () => settled };
}

/** What the user-site layout hands its pages (React Router's outlet context). */
export type SharedPage = ReturnType<typeof useSharedPage>;

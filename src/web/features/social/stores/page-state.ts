import { useEffect, useState } from 'react';
import type { PageState } from '../../../../shared/contracts/social';

/**
 * What is personal for `viewerId` about `ids` (the posts and members a shared page shows:
 * liked, followed, blocked; docs/decisions/045), asked once the page has loaded; null while
 * signed out or not known yet — the page then shows the neutral state it was rendered with.
 * `onStale` hears that the member the page took for signed in is not (no session, or another's).
 */
export function usePageState(
  viewerId: string | null,
  ids: readonly string[],
  onStale: () => void,
): PageState | null {
  const [state, setState] = useState<PageState | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    setState(null);
    if (!viewerId || !key) return;
    let live = true;
    void import('../api/page-state-call')
      .then((m) => m.loadPageState(viewerId, key))
      .then((answer) => {
        if (answer === 'stale') onStale();
        else if (live) setState(answer);
      });
    return () => {
      live = false;
    };
    // onStale is a fixed function (a store's action): not a reason to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewerId, key]);
  return state;
}

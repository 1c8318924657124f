import { useEffect, useState } from 'react';
import type { PageState } from '../../../../shared/contracts/social';

/**
 * The caller's personal state about `ids` (GET /me/page-state) on a page rendered for a member
 * that is not a shared page (the marketplace's post page), asked once after load when signed in;
 * null before the answer, signed out, or when the call failed (the page keeps its neutral form).
 * Kept beside the components that use it, so it rides in their chunk: grouped with the feature's
 * API helpers it would add a chunk to the post pages (tests/e2e/budget.spec.ts).
 */
export function usePageStateOf(ids: string, signedIn: boolean): PageState | null {
  const [state, setState] = useState<PageState | null>(null);
  useEffect(() => {
    setState(null);
    if (!ids || !signedIn) return;
    let live = true;
    void import('../api/page-state-call')
      .then((m) => m.loadPageState(ids))
      .then((answer) => {
        if (live && answer && answer !== 'signed-out') setState(answer);
      });
    return () => {
      live = false;
    };
  }, [ids, signedIn]);
  return state;
}

import { useEffect } from 'react';
import { ensureLikedIds, resetLikedIds, useLikedStore, type LikedKind } from './liked-store';

/**
 * Loads the liked ids after hydration when `signedIn` (once per session; `needed` false when the
 * page already knows its like state), and forgets them when signed out. Call it in every component
 * that shows a like state.
 */
export function useLikedIdsLoader(signedIn: boolean, needed = true): void {
  useEffect(() => {
    if (!signedIn) {
      if (useLikedStore.getState().status !== 'idle') resetLikedIds();
    } else if (needed) void ensureLikedIds();
  }, [signedIn, needed]);
}

/** Whether `id` is liked, from the store (false until it has loaded). */
export function useIsLiked(kind: LikedKind, id: string): boolean {
  return useLikedStore((s) => (kind === 'product' ? s.productIds : s.userIds).has(id));
}

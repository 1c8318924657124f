import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';

/**
 * The messages I like (SPEC §3 "likedMessageIds"): filled from GET /messages/favoriteIds by the
 * page's loader, then kept in step by the like buttons — optimistic, rolled back on error.
 */
interface LikedMessagesState {
  likedMessageIds: string[];
  setLiked: (ids: readonly string[]) => void;
  mark: (id: string, liked: boolean) => void;
}

export const useLikedMessages = create<LikedMessagesState>()((set) => ({
  likedMessageIds: [],
  setLiked: (ids) => set({ likedMessageIds: [...ids] }),
  mark: (id, liked) =>
    set((s) => {
      const has = s.likedMessageIds.includes(id);
      if (liked === has) return s;
      return {
        likedMessageIds: liked
          ? [...s.likedMessageIds, id]
          : s.likedMessageIds.filter((x) => x !== id),
      };
    }),
}));

/**
 * The liked ids to render: the loader's list on the server and in the first client render (the
 * store is per browser, never filled during a server render, where it would be shared by every
 * request), then the store, seeded from that list.
 */
export function useLikedMessageIds(initial: readonly string[]): ReadonlySet<string> {
  const stored = useLikedMessages((s) => s.likedMessageIds);
  const setLiked = useLikedMessages((s) => s.setLiked);
  const [seeded, setSeeded] = useState(false);
  useEffect(() => {
    setLiked(initial);
    setSeeded(true);
  }, [initial, setLiked]);
  return useMemo(() => new Set(seeded ? stored : initial), [seeded, stored, initial]);
}

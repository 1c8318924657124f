import { create } from 'zustand';
import { fetchLikedIds } from '../api/social-calls';

/**
 * The ids of the posts and members the signed-in visitor likes (SPEC §3 likedUserIds, §4 "a liked
 * id is added to or removed from the liked list"). Loaded once per session, after the page has
 * hydrated (pages are rendered, and cached, without it); like buttons update it optimistically and
 * put it back when the call fails. Not persisted: the server is the source of truth.
 */
export interface LikedState {
  productIds: ReadonlySet<string>;
  userIds: ReadonlySet<string>;
  /** 'ready' once loaded for this session. */
  status: 'idle' | 'loading' | 'ready' | 'failed';
}

export type LikedKind = 'product' | 'user';

const EMPTY: LikedState = { productIds: new Set(), userIds: new Set(), status: 'idle' };

export const useLikedStore = create<LikedState>()(() => EMPTY);

const key = (kind: LikedKind) => (kind === 'product' ? 'productIds' : 'userIds');

/** Marks `id` liked or not (a like button's optimistic guess, its answer or its rollback). */
export function setLiked(kind: LikedKind, id: string, liked: boolean): void {
  useLikedStore.setState((s) => {
    const current = s[key(kind)];
    if (current.has(id) === liked) return s;
    const next = new Set(current);
    if (liked) next.add(id);
    else next.delete(id);
    return { ...s, [key(kind)]: next };
  });
}

export const isLiked = (kind: LikedKind, id: string): boolean =>
  useLikedStore.getState()[key(kind)].has(id);

/**
 * Loads the liked ids once (signed in only; later calls do nothing while loaded or loading). A
 * failure leaves the lists empty — buttons show "not liked" and the server's answer to a click
 * still sets them right — and a later call tries again.
 */
export async function ensureLikedIds(): Promise<void> {
  const { status } = useLikedStore.getState();
  if (status === 'loading' || status === 'ready') return;
  useLikedStore.setState({ status: 'loading' });
  try {
    const { productIds, userIds } = await fetchLikedIds();
    useLikedStore.setState((s) => ({
      // Likes clicked while the lists were loading are newer than the answer: keep them.
      productIds: new Set([...productIds, ...s.productIds]),
      userIds: new Set([...userIds, ...s.userIds]),
      status: 'ready',
    }));
  } catch {
    useLikedStore.setState({ status: 'failed' });
  }
}

/** Signed out: nobody's likes are shown. */
export function resetLikedIds(): void {
  useLikedStore.setState(EMPTY);
}

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

/** Likes and unlikes made while the lists load: newer than the answer, applied over it. */
const madeWhileLoading = new Map<string, { kind: LikedKind; id: string; liked: boolean }>();

/** Marks `id` liked or not (a like button's optimistic guess, its answer or its rollback). */
export function setLiked(kind: LikedKind, id: string, liked: boolean): void {
  if (useLikedStore.getState().status === 'loading')
    madeWhileLoading.set(`${kind}:${id}`, { kind, id, liked });
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
  madeWhileLoading.clear();
  useLikedStore.setState({ status: 'loading' });
  try {
    const answer = await fetchLikedIds();
    const loaded = { productIds: new Set(answer.productIds), userIds: new Set(answer.userIds) };
    for (const { kind, id, liked } of madeWhileLoading.values()) {
      if (liked) loaded[key(kind)].add(id);
      else loaded[key(kind)].delete(id);
    }
    useLikedStore.setState({ ...loaded, status: 'ready' });
  } catch {
    useLikedStore.setState({ status: 'failed' });
  } finally {
    madeWhileLoading.clear();
  }
}

/** Signed out: nobody's likes are shown. */
export function resetLikedIds(): void {
  madeWhileLoading.clear();
  useLikedStore.setState(EMPTY);
}

import type { SessionUser } from '../../../shared/contracts/accounts';
import type { Site } from '../../../shared/contracts/sites';
import { useRootData } from '../../lib/root-data';
import { useAuthStore } from './stores/auth-store';

/**
 * Who is signed in, as the page should show it. A page rendered for its visitor says so itself
 * (the root loader's `user`); a shared page (a seller's, docs/decisions/045) was rendered for
 * nobody, so there it is the client's own auth state — null on the server and in the first
 * client render (the persisted store loads after hydration), so the markup matches and what is
 * personal fills in afterwards. GET /me/page-state then confirms it (features/social).
 */
export function useViewer(): SessionUser | null {
  const root = useRootData();
  const stored = useAuthStore((s) => s.user);
  return root?.shared ? stored : (root?.user ?? null);
}

/**
 * The client's auth state as a shared page uses it (features/social useSharedPage, composed by
 * the routes): who it remembers, learning or forgetting a member, and running once the persisted
 * copy has loaded (after hydration, AppBehaviours) — returns a function that stops waiting.
 */
export const clientSession = {
  user: (): SessionUser | null => useAuthStore.getState().user,
  remember: (user: SessionUser, site: Site | null) =>
    useAuthStore.getState().setSession(user, site),
  forget: () => useAuthStore.getState().clear(),
  loaded(then: () => void): () => void {
    const { persist } = useAuthStore;
    if (!persist.hasHydrated()) return persist.onFinishHydration(then);
    then();
    return () => {};
  },
};
export type ClientSession = typeof clientSession;

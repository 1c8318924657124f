import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isRememberedAttemptedUrl, safeRedirectPath } from '../../../lib/redirect';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import type { Site } from '../../../../shared/contracts/sites';
import { withoutTokens } from '../session';

/**
 * Auth state (SPEC §3: persisted to localStorage). The server render is the source of truth for
 * who is signed in (root loader); this store mirrors it for client code and remembers the
 * attempted URL across the trip through /login. Tokens live in cookies only, never here.
 */
export interface AuthState {
  user: SessionUser | null;
  site: Site | null;
  attemptedUrl: string | null;
  /**
   * SPEC §3 stripeOnboardingComplete: the payout account's details_submitted as last read
   * (/onboarding-success); null when unknown or the read failed (SPEC §4).
   */
  stripeOnboardingComplete: boolean | null;
  /** Stores the user without tokens, whatever the caller passes (a login answer carries them). */
  setSession: (user: SessionUser | null, site: Site | null) => void;
  /** Signs out locally: user and site go, the remembered attempted URL stays (SPEC §4). */
  clear: () => void;
  setAttemptedUrl: (url: string | null) => void;
  setStripeOnboardingComplete: (complete: boolean | null) => void;
}

export const AUTH_STORAGE_KEY = 'auth';

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      site: null,
      attemptedUrl: null,
      stripeOnboardingComplete: null,
      setSession: (user, site) =>
        set((state) => ({
          user: user ? withoutTokens(user) : null,
          site: user ? site : null,
          // Another member (or nobody) now: their payout state is not known yet.
          stripeOnboardingComplete:
            user && user._id === state.user?._id ? state.stripeOnboardingComplete : null,
        })),
      clear: () => set({ user: null, site: null, stripeOnboardingComplete: null }),
      setAttemptedUrl: (attemptedUrl) => set({ attemptedUrl }),
      setStripeOnboardingComplete: (stripeOnboardingComplete) => set({ stripeOnboardingComplete }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Hydrated on the client after the first render (see AppBehaviours), so SSR markup matches.
      skipHydration: true,
      partialize: ({ user, site, attemptedUrl, stripeOnboardingComplete }) => ({
        user,
        site,
        attemptedUrl,
        stripeOnboardingComplete,
      }),
    },
  ),
);

/**
 * Remembers `url` as the attempted URL when it is one the SPEC remembers (/edit-page,
 * /edit-profile, /my-products (/my-posts), /sales, /favorites). Returns whether it was stored.
 */
export function rememberAttemptedUrl(url: string | null | undefined): boolean {
  if (!url || !isRememberedAttemptedUrl(url)) return false;
  useAuthStore.getState().setAttemptedUrl(safeRedirectPath(url));
  return true;
}

/** Returns the remembered attempted URL (if any) and forgets it. */
export function takeAttemptedUrl(): string | null {
  const { attemptedUrl, setAttemptedUrl } = useAuthStore.getState();
  if (attemptedUrl) setAttemptedUrl(null);
  return attemptedUrl;
}

export const selectIsSignedIn = (s: AuthState) => s.user !== null;

/**
 * Records `complete` as stripeOnboardingComplete for `userId` once the store holds that member —
 * after the persisted copy has loaded and followed the server's session (AppBehaviours), which
 * would otherwise overwrite a value set earlier. Returns the unsubscriber.
 */
export function recordOnboardingComplete(userId: string, complete: boolean | null): () => void {
  const apply = () => {
    const state = useAuthStore.getState();
    if (!useAuthStore.persist.hasHydrated() || state.user?._id !== userId) return false;
    if (state.stripeOnboardingComplete !== complete) state.setStripeOnboardingComplete(complete);
    return true;
  };
  if (apply()) return () => {};
  const unsubscribe = useAuthStore.subscribe(() => {
    if (apply()) unsubscribe();
  });
  return unsubscribe;
}

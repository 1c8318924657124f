import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { MIN_FETCH_DELAY_MS } from '../../../../shared/constants';
import { remainingDisplayMs } from '../../../lib/min-delay';
import { selectIsLoading, startLoading, stopLoading, useLoadingStore } from './loading-store';

/** A navigation slower than this shows the overlay; quicker ones never flash it. */
export const NAVIGATION_OVERLAY_DELAY_MS = 400;

/**
 * Full-page loading overlay. Once shown it stays at least MIN_FETCH_DELAY_MS (SPEC §9), so it
 * never flickers. The live region is always present so screen readers announce the change.
 */
export function LoadingOverlay() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let shownAt: number | null = null;
    let hideTimer: number | undefined;
    const update = (active: boolean) => {
      if (active) {
        window.clearTimeout(hideTimer);
        hideTimer = undefined;
        if (shownAt === null) {
          shownAt = Date.now();
          setVisible(true);
        }
      } else if (shownAt !== null && hideTimer === undefined) {
        const remaining = remainingDisplayMs(shownAt, Date.now(), MIN_FETCH_DELAY_MS);
        hideTimer = window.setTimeout(() => {
          shownAt = null;
          hideTimer = undefined;
          setVisible(false);
        }, remaining);
      }
    };
    const unsubscribe = useLoadingStore.subscribe((state) => update(selectIsLoading(state)));
    // Loading may have started before this mounted (e.g. during hydration).
    const initial = window.setTimeout(() => update(selectIsLoading(useLoadingStore.getState())), 0);
    return () => {
      unsubscribe();
      window.clearTimeout(initial);
      window.clearTimeout(hideTimer);
    };
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy={visible}
      data-testid="loading-overlay"
      data-visible={visible}
    >
      {visible && (
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-white/60 backdrop-blur-[1px]">
          <span className="spinner spinner-lg" aria-hidden="true" />
          <span className="sr-only">Loading…</span>
        </div>
      )}
    </div>
  );
}

/** Turns the overlay on while a React Router navigation takes longer than NAVIGATION_OVERLAY_DELAY_MS. */
export function NavigationLoading() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    let started = false;
    const timer = window.setTimeout(() => {
      started = true;
      startLoading();
    }, NAVIGATION_OVERLAY_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (started) stopLoading();
    };
  }, [busy]);
  return null;
}

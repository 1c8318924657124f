import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { SCROLL_DELAY_MS } from '../../shared/constants';

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Whether a navigation should reset the scroll position (SPEC §2: smoothly, 100 ms after it).
 * Back/forward (POP) keeps the restored position, in-page #anchors keep theirs, and a navigation
 * that changes neither path nor query is no navigation at all.
 */
export function shouldScrollToTop(
  prev: LocationLike | null,
  next: LocationLike,
  navigationType: 'POP' | 'PUSH' | 'REPLACE',
): boolean {
  if (!prev) return false; // first render
  if (navigationType === 'POP') return false;
  if (next.hash) return false;
  return prev.pathname !== next.pathname || prev.search !== next.search;
}

/** Smooth scroll to the top SCROLL_DELAY_MS after each navigation (not on the first render). */
export function useScrollToTopOnNavigate(delayMs: number = SCROLL_DELAY_MS): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<LocationLike | null>(null);

  useEffect(() => {
    const prev = previous.current;
    previous.current = {
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
    };
    if (!shouldScrollToTop(prev, location, navigationType)) return;
    const timer = window.setTimeout(() => {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [location, navigationType, delayMs]);
}

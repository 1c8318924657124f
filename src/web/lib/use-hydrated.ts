import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page. A control whose
 * change lives in React state stays disabled until then: a choice made before hydration would
 * otherwise be reset by it, leaving its Save button dead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation is held by React Router's
 * blocker until `confirmLeave` (the app's confirm modal, in the caller's words) answers; closing
 * or reloading the tab gets the browser's own prompt (beforeunload, whose text browsers do not let
 * pages choose). `allowNextNavigation()` lets the form's own navigation through (e.g. the new
 * post's URL after its first save, the list after deleting it).
 *
 * Here in lib rather than beside the form fields: only the editors use it, so it stays in their
 * chunks instead of the code every page loads (vite/client-chunks.ts).
 */
export function useUnsavedGuard(dirty: boolean, confirmLeave: () => Promise<boolean>) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const allowOnce = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowOnce.current) {
      allowOnce.current = false;
      return false;
    }
    return (
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search)
    );
  });

  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  const confirmRef = useRef(confirmLeave);
  useEffect(() => {
    confirmRef.current = confirmLeave;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmRef.current().then((leave) => {
      const held = blockerRef.current;
      if (held.state !== 'blocked') return;
      if (leave) held.proceed();
      else held.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    allowNextNavigation: () => {
      allowOnce.current = true;
    },
  };
}

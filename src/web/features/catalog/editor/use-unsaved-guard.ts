import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { showConfirm } from '../../../components/ui/modal';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation is held by React Router's
 * blocker and confirmed in the app's modal; closing or reloading the tab gets the browser's own
 * prompt (beforeunload). `allowNextNavigation()` lets the form's own navigation through (the new
 * post's URL after its first save, the list after deleting it).
 */
export function useUnsavedGuard(dirty: boolean) {
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
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void showConfirm(MESSAGES.unsavedPostChanges, undefined, 'Unsaved changes').then((leave) => {
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

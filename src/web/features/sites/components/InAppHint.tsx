import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { focusMainContent } from '../../../lib/focus';
import { IN_APP_HINT_DISMISSED_KEY, inAppBrowser, type InAppBrowser } from '../in-app-browser';

// Its words and markup load only for the few visitors who need them (the JavaScript budget).
const InAppBrowserHint = lazy(() => import('./InAppBrowserHint'));

function dismissed(): boolean {
  try {
    return window.sessionStorage.getItem(IN_APP_HINT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Tells visitors inside a social app's browser how to open the page in their own. Decided after
 * hydration from the user agent, so the server's HTML is the same for everyone.
 */
export function InAppHint() {
  const [app, setApp] = useState<InAppBrowser | null>(null);
  // The cart page has its own notice with the way out (components/InAppNotice.tsx): not both.
  const onCheckout = /\/checkout\/?$/i.test(useLocation().pathname);
  useEffect(() => {
    if (!dismissed()) setApp(inAppBrowser(navigator.userAgent));
  }, []);
  if (!app || onCheckout) return null;

  function dismiss() {
    try {
      window.sessionStorage.setItem(IN_APP_HINT_DISMISSED_KEY, '1');
    } catch {
      // Without storage it comes back on the next page load: nothing worse.
    }
    setApp(null);
    // The button that had focus is gone.
    focusMainContent({ preventScroll: true });
  }

  return (
    <Suspense fallback={null}>
      <InAppBrowserHint app={app} onDismiss={dismiss} />
    </Suspense>
  );
}

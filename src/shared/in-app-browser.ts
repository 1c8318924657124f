import InAppSpy from 'inapp-spy';

/**
 * Social apps open links in their own browser, where payment pages and password managers often
 * fail. Detected from the user agent with inapp-spy (docs/decisions/066), which keeps up with the
 * apps' signatures; used by the checkout and log-in pages (components/InAppNotice.tsx).
 */
export type InAppPlatform = 'android' | 'ios' | 'other';

export interface InAppBrowser {
  /** The app's name as people know it ('Instagram'), or null for an app it cannot name. */
  app: string | null;
  /** Android offers an `intent://` link to Chrome; iOS has no such link (copy it, open Safari). */
  platform: InAppPlatform;
}

/** An in-app visit with the page's address (the one to reopen in the real browser). */
export interface InAppVisit extends InAppBrowser {
  url: string;
}

/** The real Messenger says so (`FBAN/MessengerForiOS`, `FB_IAB/MESSENGER`); inapp-spy names every FBAN/FB_IAB "Messenger". */
const MESSENGER = /\bFB[\w_]+\/Messenger/i;

function platformOf(userAgent: string): InAppPlatform {
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return 'other';
}

/** The in-app browser that sent `userAgent`, or null for a regular browser (or no user agent). */
export function detectInAppBrowser(userAgent: string | null | undefined): InAppBrowser | null {
  if (!userAgent) return null;
  const { isInApp, appKey, appName } = InAppSpy({ ua: userAgent });
  if (!isInApp) return null;
  const app =
    appKey === 'messenger' && !MESSENGER.test(userAgent) ? 'Facebook' : (appName ?? null);
  return { app, platform: platformOf(userAgent) };
}


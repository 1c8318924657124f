import { useEffect, useState } from 'react';
// Types only: the detection (and its package) loads in the browser only where it is decided
// there; the server-decided pages never ship it (the public pages' JavaScript budget).
import type { InAppVisit } from '../../shared/in-app-browser';
import { useHydrated } from '../lib/use-hydrated';

/**
 * An Android link that opens `url` in Chrome (the app's browser hands `intent:` links to the
 * system): same address, same scheme.
 */
export function chromeIntentUrl(url: string): string {
  // No fragment: Android reads the intent from the `#Intent;` part, so a second `#` would confuse it.
  const { protocol, host, pathname, search } = new URL(url);
  const scheme = protocol.replace(/:$/, '');
  return `intent://${host}${pathname}${search}#Intent;scheme=${scheme};package=com.android.chrome;end`;
}

/** Where each app keeps "open in browser" on iOS (its ••• menu); the words the menu uses. */
function iosSteps(app: string | null): string {
  const item =
    app === 'Instagram' || app === 'Facebook' || app === 'Facebook Messenger'
      ? 'Open in external browser'
      : 'Open in browser';
  return `Tap ••• then “${item}”, or paste the link into Safari.`;
}

export interface InAppNoticeProps {
  /**
   * What the server read from the request's user agent (the page's loader), with the page's
   * address; leave it out on a page the render cache shares between visitors (a seller's
   * checkout): the notice then decides in the browser, after hydration (docs/decisions/066).
   */
  detected?: InAppVisit | null;
  /** Its spacing where it sits (`mb-6` under a page's header). */
  className?: string;
}

/**
 * A short notice for visitors inside a social app's browser, on the pages that fail there (paying,
 * logging in with a password manager): how to get to their real browser. Android gets a link that
 * opens the same address in Chrome; iOS, which has no such link, a Copy link button and the app's
 * menu item. In a regular browser it renders nothing.
 */
export function InAppNotice({ detected, className = 'mb-6' }: InAppNoticeProps) {
  const fromServer = detected !== undefined;
  const [found, setFound] = useState(detected ?? null);
  const [status, setStatus] = useState('');
  const hydrated = useHydrated();
  useEffect(() => {
    // The address bar's URL is the one to reopen (a seller's domain, the query as it is now).
    const here = window.location.href;
    if (fromServer) {
      setFound((d) => (d ? { ...d, url: here } : d));
      return;
    }
    let live = true;
    import('../../shared/in-app-browser')
      .then(({ detectInAppBrowser }) => {
        const client = detectInAppBrowser(navigator.userAgent);
        if (live) setFound(client ? { ...client, url: here } : null);
      })
      // Offline, or a deploy replaced the chunk: no notice, the page itself works on.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fromServer]);
  if (!found) return null;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      setStatus('Copy the link from the ••• menu instead.');
    }
  }

  const where = found.app ? `${found.app}’s browser` : 'this app’s browser';
  return (
    <section
      aria-labelledby="in-app-notice-title"
      data-testid="in-app-notice"
      className={`${className} rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950`}
    >
      <h2 id="in-app-notice-title" className="font-semibold">
        Open this page in your browser
      </h2>
      <p className="mt-1 text-sm">
        {`You are in ${where}. Payments and password managers often fail inside apps.`}
      </p>
      {found.platform === 'android' ? (
        <a
          href={chromeIntentUrl(found.url)}
          className="btn btn-primary mt-3"
          data-testid="in-app-open-browser"
        >
          Open in browser
        </a>
      ) : (
        <>
          <p className="mt-1 text-sm">{iosSteps(found.app)}</p>
          {/* Needs JavaScript: kept out of sight (not out of the layout) until it works. */}
          <span className={`mt-3 flex flex-wrap items-center gap-3${hydrated ? '' : ' invisible'}`}>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="in-app-copy-link"
              onClick={() => void copy(found.url)}
            >
              Copy link
            </button>
            <span role="status" className="text-sm">
              {status}
            </span>
          </span>
        </>
      )}
    </section>
  );
}


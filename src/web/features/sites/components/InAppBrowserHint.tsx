import { clearFocusOf, useObservedHeight } from '../../../lib/focus';
import type { InAppBrowser } from '../in-app-browser';

/** Where each app keeps "open in browser" (its menu is ⋯ or ⋮ in the corner of the page). */
const STEPS: Record<InAppBrowser, string> = {
  Instagram: 'tap ⋯ then “Open in browser”',
  Facebook: 'tap ⋯ then “Open in browser”',
  TikTok: 'tap ⋯ then “Open in browser”',
  LINE: 'tap ⋮ then “Open in default browser”',
  Snapchat: 'tap ⋮ then “Open in browser”',
};

/**
 * The hint for visitors inside a social app's browser (loaded only for them, see UserSiteShell).
 * A fixed bar over the top of the page: it moves nothing (no layout shift) and goes when dismissed;
 * focus keeps clear of it through the scroll padding it sets (app.css).
 */
export default function InAppBrowserHint({
  app,
  onDismiss,
}: {
  app: InAppBrowser;
  onDismiss: () => void;
}) {
  const ref = useObservedHeight<HTMLElement>((height) => clearFocusOf('top', height));
  return (
    <aside
      ref={ref}
      aria-label="Open in your browser"
      data-testid="in-app-hint"
      className="in-app-hint"
    >
      <p>
        You are in {app}’s browser. For checkout and saved carts, open this page in your browser:{' '}
        {STEPS[app]}.
      </p>
      <button type="button" className="btn btn-site shrink-0" onClick={onDismiss}>
        Dismiss
      </button>
    </aside>
  );
}

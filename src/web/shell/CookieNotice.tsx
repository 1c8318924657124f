import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type MouseEvent,
} from 'react';
import { Link } from 'react-router';
import { COOKIE_NOTICE_TEXT } from '../../shared/constants';
import { COOKIE_CONSENT_STORAGE_KEY, consentCookie, hasCookieConsent } from '../lib/cookie-consent';
import { clearFocusOf, focusIfPossible, focusMainContent, useObservedHeight } from '../lib/focus';
import { useRootData } from '../lib/root-data';

function storedConsent(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function writeCookie(): void {
  document.cookie = consentCookie(window.location.protocol === 'https:');
}

function writeConsent(): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, '1');
  } catch {
    // Private mode without storage: the cookie still remembers it.
  }
  writeCookie();
}

/**
 * The cookie notice (SPEC §2) with the exact text. Once dismissed ("OK") it stays away: the server
 * skips it when the request carries the `cookieConsent` cookie (no flash: it is never rendered),
 * the client when localStorage remembers it (also in other tabs).
 */
export function CookieNotice() {
  const serverAccepted = useRootData()?.cookieConsent ?? false;
  const stored = useSyncExternalStore(subscribeToStorage, storedConsent, () => false);
  const [acceptedNow, setAcceptedNow] = useState(false);
  const accepted = serverAccepted || stored || acceptedNow;
  // What had focus before it moved into the notice: where focus returns once the notice is gone.
  const focusBefore = useRef<Element | null>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!accepted || !returnFocus.current) return;
    returnFocus.current = false;
    if (!focusIfPossible(focusBefore.current)) focusMainContent({ preventScroll: true });
  }, [accepted]);

  // Dismissed before the cookie existed (or it expired): restore it so the server skips the notice.
  useEffect(() => {
    if (stored && !hasCookieConsent(document.cookie)) writeCookie();
  }, [stored]);

  function rememberFocusBefore(event: FocusEvent<HTMLElement>) {
    const from = event.relatedTarget;
    if (!from || !event.currentTarget.contains(from)) focusBefore.current = from;
  }

  function dismiss(event: MouseEvent<HTMLButtonElement>) {
    writeConsent();
    // Focus is in the notice (on this button), which is about to go: without this it would drop
    // to the page body.
    const notice = event.currentTarget.closest('section');
    returnFocus.current = !!notice?.contains(document.activeElement);
    setAcceptedNow(true);
  }

  if (accepted) return null;
  return <NoticeBanner onDismiss={dismiss} onFocusEnter={rememberFocusBefore} />;
}

function NoticeBanner({
  onDismiss,
  onFocusEnter,
}: {
  onDismiss: (event: MouseEvent<HTMLButtonElement>) => void;
  onFocusEnter: (event: FocusEvent<HTMLElement>) => void;
}) {
  // Its real height (the text wraps on narrow screens) is what the page's scroll padding and the
  // spacer below the page reserve, set on those two rather than as a variable every element
  // inherits (docs/decisions/086).
  const spacer = useRef<HTMLDivElement>(null);
  const notice = useObservedHeight<HTMLElement>((height) => {
    clearFocusOf('bottom', height);
    if (spacer.current) spacer.current.style.height = height === null ? '' : `${height}px`;
  });
  // A slim bar (issue 24: at most ~120px on a 390px phone, where a first visit from a bio link
  // lands): one paragraph beside one button, never stacked. The cookies are all strictly
  // necessary, so there is nothing to consent to: "OK" acknowledges, it grants nothing.
  return (
    <>
      {/* Room at the end of the page so the notice never hides the footer */}
      <div ref={spacer} aria-hidden="true" className="h-[5.5rem] md:h-[3.5rem]" />
      <section
        ref={notice}
        onFocus={onFocusEnter}
        aria-label="Cookie notice"
        data-testid="cookie-notice"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 py-2 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
      >
        <div className="container-page flex items-center gap-3">
          <p className="flex-1 text-sm text-gray-900">
            {COOKIE_NOTICE_TEXT}{' '}
            {/* What the cookies are, truthfully (the privacy page lists each one). */}
            <span className="text-gray-700" data-testid="cookie-notice-detail">
              Only the ones it needs to run; no tracking.
            </span>{' '}
            <Link to="/privacy#cookies" className="link">
              About our cookies
            </Link>
          </p>
          <button
            type="button"
            data-testid="cookie-accept"
            className="btn btn-primary shrink-0"
            onClick={onDismiss}
          >
            OK
          </button>
        </div>
      </section>
    </>
  );
}

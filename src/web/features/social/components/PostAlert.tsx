import { useEffect, useState } from 'react';
import { useOptimisticToggle } from '../../../components/use-optimistic-toggle';
import { usePageStateOf } from './use-page-state';

// The bell beside a post's heart (docs/decisions/075): a member who likes the post asks to be told,
// in their notification digest, when it drops in price or is back in stock. Like the heart, it is
// rendered neutral (not pressed) on a page that is the same for everyone, and fills in once the
// member's state is known: from the shared page's personal call when the page made it, else from
// the same call made here after load. The calls load on first use (the post pages' JS budget).

export const ALERT_ERROR = 'Error while attempting to save your alert. Please try again later.';

function BellIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export interface PostAlertBellProps {
  productId: string;
  /** The post, for screen readers: "Tell me when Brass lamp drops in price…". */
  title: string;
  signedIn: boolean;
  /** The member's bell as the page knows it (a shared page's personal call); else asked here. */
  known?: boolean | undefined;
  /** The heart's state as it changes: taking the like back silences the bell (server and here). */
  liked?: boolean | undefined;
  /** On a shared page: resolves once its personal call settled (a press waits for it). */
  settled?: () => Promise<void>;
  className?: string;
}

export function PostAlertBell({
  productId,
  title,
  signedIn,
  known,
  liked,
  settled,
  className = 'btn btn-secondary',
}: PostAlertBellProps) {
  const [on, setOn] = useState(!!known);
  useEffect(() => setOn(!!known), [known]);
  useEffect(() => {
    if (liked === false) setOn(false);
  }, [liked]);
  // Not told by the page (the marketplace's post page): ask the personal call once signed in.
  const asked = usePageStateOf(known === undefined ? productId : '', signedIn);
  useEffect(() => {
    if (asked) setOn(asked.alertPostIds.includes(productId));
  }, [asked, productId]);

  const [state, onClick] = useOptimisticToggle(on, 0, {
    signedIn,
    toggle: async () => {
      await settled?.();
      const { setProductAlert } = await import('../api/social-calls');
      return { on: await setProductAlert(productId, !on), count: 0 };
    },
    onChange: (next) => setOn(next.on),
    errorMessage: ALERT_ERROR,
  });

  return (
    <button
      type="button"
      className={className}
      aria-pressed={state.on}
      aria-label={`Tell me when ${title} drops in price or is back in stock`}
      title={
        state.on ? 'Alerts on: price drops and restocks' : 'Tell me about price drops and restocks'
      }
      data-testid="alert-bell"
      data-alert={state.on}
      onClick={onClick}
    >
      <BellIcon filled={state.on} />
    </button>
  );
}

import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../shared/format';
import { useRootData } from '../../../lib/root-data';
import { fetchPayoutStatus, type PayoutStatus } from '../api/payouts-api';
import { SetupPayoutsButton } from './SetupPayoutsButton';

type Loaded = { kind: 'loading' } | { kind: 'ready'; status: PayoutStatus } | { kind: 'failed' };

function Summary({ loaded, currency }: { loaded: Loaded; currency: string }) {
  if (loaded.kind === 'loading') return <p>Checking your payout setup…</p>;
  if (loaded.kind === 'failed')
    return (
      <p>
        We could not check your payout setup just now. You can still open it below, or reload the
        page to try again.
      </p>
    );
  const { details_submitted: ready, heldAmount } = loaded.status;
  const held = heldAmount > 0 ? formatMoney(heldAmount, currency) : null;
  if (ready)
    return (
      <p>
        You are paid for each sale when you mark it shipped.
        {held && ` ${held} from your shipped sales is on its way to your account.`}
      </p>
    );
  return (
    <p>
      Buyers can pay you already, but we hold your money until you tell us where to send it.
      {held && (
        <>
          {' '}
          <strong data-testid="payout-held">{held}</strong> from your shipped sales is waiting for
          you.
        </>
      )}
    </p>
  );
}

/**
 * The signed-in seller's payouts: set up or not, what shipped sales hold until they are, and the
 * button to set them up (or update the details), which fetches a fresh setup link and goes there.
 *
 * `initial` is the status the page's loader read: the panel is then complete in the server's HTML.
 * Asked for after load instead, its text grew from one line to three and pushed everything below
 * it down just as the page became usable (on /sales, the list of sales: a click meant for a sale
 * landed beside it). Without it (or when the loader could not read it) the browser asks.
 */
export function PayoutSetupPanel({ initial }: { initial?: PayoutStatus | null }) {
  const currency = useRootData()?.config.currency ?? 'USD';
  const [fetched, setFetched] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    if (initial) return;
    let live = true;
    fetchPayoutStatus().then(
      (status) => live && setFetched({ kind: 'ready', status }),
      () => live && setFetched({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [initial]);
  const loaded: Loaded = initial ? { kind: 'ready', status: initial } : fetched;
  const ready = loaded.kind === 'ready' && loaded.status.details_submitted;
  const title = ready
    ? 'Payouts are set up'
    : loaded.kind === 'ready'
      ? 'Payouts are not set up yet'
      : 'Payouts';
  return (
    <section
      aria-labelledby="payout-panel-title"
      className="card"
      data-testid="payout-panel"
      data-state={loaded.kind === 'ready' ? (ready ? 'ready' : 'not-set-up') : loaded.kind}
    >
      <h2 id="payout-panel-title" className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-gray-700" aria-live="polite">
        <Summary loaded={loaded} currency={currency} />
      </div>
      <div className="mt-4">
        <SetupPayoutsButton
          linkType={ready ? 'account_update' : 'account_onboarding'}
          label={ready ? 'Update payout details' : 'Set up payouts'}
          className={ready ? 'btn btn-secondary' : 'btn btn-primary'}
        />
      </div>
    </section>
  );
}

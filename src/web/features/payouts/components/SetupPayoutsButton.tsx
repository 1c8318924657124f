import { usePending } from '../../../components/ui/form';
import { goToPayoutSetup, type LinkType } from '../api/payouts-api';

/** A button that opens a fresh payout setup link (the link is fetched on click). */
export function SetupPayoutsButton({
  linkType = 'account_onboarding',
  label,
  className = 'btn btn-primary',
}: {
  linkType?: LinkType;
  label: string;
  className?: string;
}) {
  const [pending, run] = usePending();
  return (
    <button
      type="button"
      className={className}
      disabled={pending}
      aria-disabled={pending || undefined}
      data-testid="setup-payouts"
      onClick={() =>
        void run(async () => {
          await goToPayoutSetup(linkType);
        })
      }
    >
      {pending ? 'Opening payout setup…' : label}
    </button>
  );
}

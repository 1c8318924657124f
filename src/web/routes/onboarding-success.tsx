import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/onboarding-success';
import { InfoPanel, LinkCards, PageHeader } from '../components/ui/page';
import { formatMoney } from '../../shared/format';
import { guardLoader } from '../features/accounts/guards';
import { recordOnboardingComplete } from '../features/accounts/stores/auth-store';
import { loadPayoutStatus } from '../features/payouts/api/payouts-api';
import { SetupPayoutsButton } from '../features/payouts/components/SetupPayoutsButton';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/**
 * /onboarding-success (signed in): where a finished payout setup returns. Asks the provider whether
 * the details were really submitted (a seller may come back early), which also releases what
 * shipped sales held; the user store's stripeOnboardingComplete follows (null if it failed).
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const { status } = await loadPayoutStatus(serverApi(args.context));
  return { status };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Payout setup', 'Whether your payouts are set up, and what is on its way.');

const NEXT = [
  { to: '/sales', title: 'Sales', description: 'Where new orders appear.' },
  { to: '/my-posts', title: 'My Posts', description: 'Put more items up for sale.' },
  { to: '/edit-page', title: 'Edit Page', description: 'Polish your page before you share it.' },
] as const;

export default function OnboardingSuccessPage({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const root = useRootData();
  const currency = root?.config.currency ?? 'USD';
  const userId = root?.user?._id;
  const complete = status ? status.details_submitted : null;
  useEffect(
    () => (userId ? recordOnboardingComplete(userId, complete) : undefined),
    [userId, complete],
  );

  if (!status)
    return (
      <div data-testid="onboarding-success-page" data-state="unknown">
        <PageHeader
          title="We could not check your payout setup"
          description="Your payment provider did not answer just now. Your details are safe: reload this page in a moment to see whether the setup is finished."
          actions={
            <Link to="/sales" className="btn btn-secondary">
              Back to Sales
            </Link>
          }
        />
      </div>
    );

  if (!status.details_submitted)
    return (
      <div data-testid="onboarding-success-page" data-state="incomplete">
        <PageHeader
          title="Your payout setup isn't finished"
          description="Your payout details have not been submitted yet, so we cannot pay you. Continue where you left off: it takes a few minutes."
          actions={<SetupPayoutsButton label="Continue setup" />}
        />
        {status.heldAmount > 0 && (
          <InfoPanel title="Money waiting for you">
            <p>
              {formatMoney(status.heldAmount, currency)} from your shipped sales is held until the
              setup is finished.
            </p>
          </InfoPanel>
        )}
        <LinkCards links={NEXT} />
      </div>
    );

  return (
    <div data-testid="onboarding-success-page" data-state="complete">
      <PageHeader
        title="Payouts are set up"
        description={
          status.heldAmount > 0
            ? `We are sending you ${formatMoney(status.heldAmount, currency)} now: the money your shipped sales held for you. From now on you are paid for each sale when you mark it shipped.`
            : 'You are paid for each sale when you mark it shipped. The money goes to the account you gave us.'
        }
        actions={
          <Link to="/sales" className="btn btn-primary">
            Go to Sales
          </Link>
        }
      />
      <LinkCards links={NEXT} />
    </div>
  );
}

import { Link } from 'react-router';
import type { Route } from './+types/onboarding-failure';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { loadPayoutStatus } from '../features/payouts/api/payouts-api';
import { PayoutSetupPanel } from '../features/payouts/components/PayoutSetupPanel';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';

/**
 * /onboarding-failure (signed in): where the payment provider sends a seller whose setup link
 * expired or failed. Explains, and offers a fresh link (the payout panel fetches one on click).
 * The seller's payout status comes with the page: the panel is complete in the server's HTML.
 */
const guard = guardLoader(['authenticated']);

export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  return { payout: (await loadPayoutStatus(serverApi(args.context))).status };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Payout setup isn't finished",
    'Start your payout setup again with a fresh link.',
  );

export default function OnboardingFailurePage({ loaderData }: Route.ComponentProps) {
  return (
    <div data-testid="onboarding-failure-page">
      <PageHeader
        title="Payout setup isn't finished"
        description="The setup link expired, or the setup was interrupted before the end. Nothing was charged and nothing is lost: start it again with a fresh link. Until it is finished, we hold the money from your shipped sales for you."
        actions={
          <Link to="/sales" className="btn btn-secondary">
            Back to Sales
          </Link>
        }
      />
      <PayoutSetupPanel initial={loaderData.payout} />
      <LinkCards
        links={[
          { to: '/sales', title: 'Sales', description: 'Your sales and what they hold for you.' },
          { to: '/contact', title: 'Contact us', description: 'We can help if it keeps failing.' },
          {
            to: '/edit-profile',
            title: 'Edit profile',
            description: 'Check your account details.',
          },
        ]}
      />
    </div>
  );
}

import { Link } from 'react-router';
import type { Route } from './+types/onboarding-failure';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { PayoutSetupPanel } from '../features/payouts/components/PayoutSetupPanel';
import { pageMeta } from '../lib/meta';

/**
 * /onboarding-failure (signed in): where the payment provider sends a seller whose setup link
 * expired or failed. Explains, and offers a fresh link (the payout panel fetches one on click).
 */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Payout setup isn't finished",
    'Start your payout setup again with a fresh link.',
  );

export default function OnboardingFailurePage() {
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
      <PayoutSetupPanel />
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

import { Link } from 'react-router';
import type { Route } from './+types/onboarding-failure';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /onboarding-failure (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Payout setup isn't finished");

export default function OnboardingFailurePage() {
  return (
    <div data-testid="onboarding-failure-page">
      <PageHeader
        title={"Payout setup isn't finished"}
        description={
          'The payment provider could not finish setting up your account, or the setup was interrupted. Nothing was charged. Start the setup again to receive card payments.'
        }
        actions={
          <Link to="/sales" className="btn btn-primary">
            Back to Sales
          </Link>
        }
      />
      <LinkCards
        links={[
          {
            to: '/sales',
            title: 'Sales',
            description: 'Restart payout setup from your sales page.',
          },
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

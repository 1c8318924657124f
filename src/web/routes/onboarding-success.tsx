import { Link } from 'react-router';
import type { Route } from './+types/onboarding-success';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /onboarding-success (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Payouts are set up');

export default function OnboardingSuccessPage() {
  return (
    <div data-testid="onboarding-success-page">
      <PageHeader
        title={'Payouts are set up'}
        description={
          'You finished setting up your account with our payment provider. Buyers can now pay you by card and your earnings are paid out to your bank account.'
        }
        actions={
          <Link to="/add-edit-item" className="btn btn-primary">
            Create a post
          </Link>
        }
      />
      <LinkCards
        links={[
          { to: '/my-posts', title: 'My Posts', description: 'Put your first items up for sale.' },
          { to: '/sales', title: 'Sales', description: 'Where new orders appear.' },
          {
            to: '/edit-page',
            title: 'Edit Page',
            description: 'Polish your page before you share it.',
          },
        ]}
      />
    </div>
  );
}

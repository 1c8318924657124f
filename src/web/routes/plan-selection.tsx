import type { Route } from './+types/plan-selection';
import { LinkCards, PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { pageMeta } from '../lib/meta';

/** /plan-selection (signed in). */
export const loader = guardLoader(['authenticated']);
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Choose your plan');

export default function PlanSelectionPage() {
  return (
    <div data-testid="plan-selection-page">
      <PageHeader
        title={'Choose your plan'}
        description={
          'Compare plans and pick the one that fits how much you sell. Paid plans renew monthly or yearly; you can switch back to the free plan at any time.'
        }
      />
      <LinkCards
        links={[
          { to: '/pricing', title: 'Pricing', description: 'What each plan includes.' },
          { to: '/edit-profile', title: 'Edit profile', description: 'Your account settings.' },
          { to: '/my-posts', title: 'My Posts', description: 'Back to your posts.' },
        ]}
      />
    </div>
  );
}

import { Link } from 'react-router';
import type { Route } from './+types/pricing';
import { PageHeader, Prose } from '../components/ui/page';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Pricing',
    'Start free, upgrade when you sell more. Switch back to the free plan any time.',
  );

const PLANS = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    features: [
      'Your page at your username',
      'Up to 10 active posts',
      'Card checkout',
      'Followers, likes and comments',
    ],
  },
  {
    name: 'Creator',
    price: '$9',
    period: 'per month, or $90 per year',
    features: [
      'Unlimited posts',
      'Your logo and custom colours',
      'Lower transaction fee',
      'Priority support',
    ],
  },
  {
    name: 'Business',
    price: '$29',
    period: 'per month, or $290 per year',
    features: [
      'Everything in Creator',
      'Your own domain name',
      'Sales exports',
      'Early access to new features',
    ],
  },
];

export default function PricingPage() {
  return (
    <article data-testid="pricing-page">
      <PageHeader
        title="Pricing"
        description="Start free. Upgrade when you sell more, and switch back to the free plan whenever you like."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.name} className="flex flex-col rounded-2xl border border-gray-200 p-6">
            <h2 className="text-lg font-semibold text-gray-950">{plan.name}</h2>
            <p className="mt-2">
              <span className="text-3xl font-bold text-gray-950">{plan.price}</span>{' '}
              <span className="text-sm text-gray-700">{plan.period}</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-gray-800">
              {plan.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-indigo-700">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            <Link to="/plan-selection" className="btn btn-primary mt-6">
              Choose {plan.name}
            </Link>
          </li>
        ))}
      </ul>
      <Prose>
        <h2>Questions</h2>
        <h3>Are there fees on sales?</h3>
        <p>
          Card payments carry the payment provider&apos;s processing fee plus a small platform fee
          that gets lower on paid plans. Buyers pay the item price, the shipping cost you set and
          10% tax.
        </p>
        <h3>Can I cancel?</h3>
        <p>
          Yes. Switch back to the free plan from your account at any time; your paid features stay
          on until the end of the period.
        </p>
      </Prose>
    </article>
  );
}

import { Link } from 'react-router';
import type { PlanFrequency } from '../../../../shared/plans';

/**
 * Monthly / yearly as two links (`?billing=year`): the page re-renders on the server with the
 * other prices, so the switch needs no JavaScript of its own.
 */
export function BillingSwitch({
  current,
  hrefFor,
}: {
  current: PlanFrequency;
  hrefFor: (frequency: PlanFrequency) => string;
}) {
  const options: [PlanFrequency, string][] = [
    ['month', 'Monthly'],
    ['year', 'Yearly (2 months free)'],
  ];
  return (
    <nav aria-label="Billing period" className="mb-6 flex justify-center">
      <ul
        className="inline-flex rounded-full border border-gray-300 p-1"
        data-testid="billing-switch"
      >
        {options.map(([frequency, label]) => (
          <li key={frequency}>
            <Link
              to={hrefFor(frequency)}
              preventScrollReset
              aria-current={current === frequency ? 'page' : undefined}
              className={`block rounded-full px-4 py-2 text-sm font-medium ${
                current === frequency
                  ? 'bg-indigo-700 text-white'
                  : 'text-gray-800 hover:bg-gray-100'
              }`}
              data-testid={`billing-${frequency}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Form, Link } from 'react-router';
import type { Discount } from '../../../../shared/contracts/discounts';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { STATE_LABEL, offText, windowText } from '../discount-form';

/** The seller's codes: what each takes off, on what, when, how often, and where it stands. */
export function DiscountList({
  discounts,
  currency,
  postTitles,
}: {
  discounts: Discount[];
  currency: string;
  postTitles: Map<string, string>;
}) {
  if (discounts.length === 0)
    return (
      <p className="card text-gray-700" data-testid="no-discounts">
        No codes yet. Create one below and share it with your buyers.
      </p>
    );
  return (
    <ul className="space-y-3" data-testid="discount-list">
      {discounts.map((d) => (
        <li key={d._id} className="card space-y-2" data-testid="discount-row" data-code={d.code}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="break-all font-mono text-lg font-semibold text-gray-900">{d.code}</h3>
            <span
              className="rounded bg-gray-100 px-2 py-0.5 text-sm text-gray-900"
              data-testid="discount-state"
            >
              {STATE_LABEL[d.state]}
            </span>
          </div>
          <p className="text-gray-900">
            {offText(d, currency)}{' '}
            {d.scope === 'shop'
              ? 'your whole shop'
              : `on ${d.postIds.map((id) => postTitles.get(id) ?? 'a removed post').join(', ')}`}
            {d.minOrder > 0 ? `, on orders of ${formatMoney(d.minOrder, currency)} or more` : ''}.
          </p>
          <p className="text-sm text-gray-700">
            {windowText(d)} · Used{' '}
            {d.maxUses !== null
              ? `${formatNumber(d.uses)} of ${formatNumber(d.maxUses)} times`
              : `${formatNumber(d.uses)} ${d.uses === 1 ? 'time' : 'times'}`}
            {d.maxUsesPerBuyer !== null ? ` · ${formatNumber(d.maxUsesPerBuyer)} per buyer` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/discounts?edit=${d._id}#discount-form`}
              className="btn btn-secondary"
              aria-label={`Edit ${d.code}`}
            >
              Edit
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={d._id} />
              <button
                type="submit"
                className="btn btn-secondary"
                aria-label={`${d.active ? 'Turn off' : 'Turn on'} ${d.code}`}
              >
                {d.active ? 'Turn off' : 'Turn on'}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={d._id} />
              <button type="submit" className="btn btn-secondary" aria-label={`Delete ${d.code}`}>
                Delete
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

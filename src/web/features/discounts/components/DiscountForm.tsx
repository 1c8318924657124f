import { Form, Link } from 'react-router';
import type { Discount } from '../../../../shared/contracts/discounts';
import { DISCOUNT_LIMITS } from '../../../../shared/contracts/discount-rules';
import { FieldShell, TextField } from '../../../components/ui/form';
import type { PostChoice } from '../api/discounts-api';
import { utcField } from '../discount-form';

/** A code's start or end: typed and shown in UTC (the server reads the field as UTC). */
function UtcDateTimeField({
  id,
  label,
  value,
  error,
}: {
  id: 'startsAt' | 'endsAt';
  label: string;
  /** The saved instant (ISO 8601), if any. */
  value: string | null | undefined;
  error: string | undefined;
}) {
  return (
    <TextField
      id={id}
      label={`${label} (UTC, optional)`}
      type="datetime-local"
      defaultValue={utcField(value ?? null)}
      error={error}
    />
  );
}

interface DiscountFormProps {
  /** The code being edited; null: a new one. */
  editing: Discount | null;
  posts: PostChoice[];
  errors: Record<string, string>;
  busy: boolean;
  currency: string;
}

/**
 * Create or edit a code (a plain form: it works without JavaScript). The server alone decides
 * whether it is valid; its sentences show on the fields they are about.
 */
export function DiscountForm({ editing, posts, errors, busy, currency }: DiscountFormProps) {
  const d = editing;
  const key = d?._id ?? 'new';
  const err = (name: string) => errors[name];
  return (
    <Form
      method="post"
      key={key}
      id="discount-form"
      className="card space-y-4"
      aria-labelledby="discount-form-heading"
      data-testid="discount-form"
    >
      <h2 id="discount-form-heading" className="text-lg font-semibold text-gray-900">
        {d ? `Edit code ${d.code}` : 'New discount code'}
      </h2>
      <input type="hidden" name="intent" value="save" />
      {d ? <input type="hidden" name="id" value={d._id} /> : null}
      <TextField
        id="code"
        label="Code"
        hint="Letters, digits, dashes and underscores; buyers may type it in any case."
        required
        minLength={DISCOUNT_LIMITS.codeMin}
        maxLength={DISCOUNT_LIMITS.codeMax}
        defaultValue={d?.code ?? ''}
        error={err('code')}
        autoCapitalize="characters"
        spellCheck={false}
      />
      <fieldset className="space-y-2">
        <legend className="field-label">What it takes off</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="percent" defaultChecked={d?.kind !== 'amount'} />
            A percent of the items
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="amount" defaultChecked={d?.kind === 'amount'} />A
            fixed amount ({currency})
          </label>
        </div>
        <TextField
          id="value"
          label="Percent or amount off"
          hint="A whole percent from 1 to 100, or an amount such as 5.00. Shipping and tax are never discounted."
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          required
          defaultValue={d ? String(d.value) : ''}
          error={err('value')}
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="field-label">Applies to</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="scope" value="shop" defaultChecked={d?.scope !== 'posts'} />
          My whole shop
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="scope" value="posts" defaultChecked={d?.scope === 'posts'} />
          Only the posts ticked below
        </label>
        <FieldShell id="postIds" label="Posts" error={err('postIds')}>
          {(aria) =>
            posts.length === 0 ? (
              <p className="text-sm text-gray-700" id="postIds">
                You have no posts yet.
              </p>
            ) : (
              <ul
                id="postIds"
                className="max-h-48 space-y-1 overflow-y-auto rounded border border-gray-200 p-2"
                aria-describedby={aria['aria-describedby']}
              >
                {posts.map((p) => (
                  <li key={p._id}>
                    <label className="flex items-center gap-2 break-words">
                      <input
                        type="checkbox"
                        name="postIds"
                        value={p._id}
                        defaultChecked={d?.postIds.includes(p._id) ?? false}
                      />
                      {p.title}
                    </label>
                  </li>
                ))}
              </ul>
            )
          }
        </FieldShell>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="minOrder"
          label={`Minimum order (${currency}, optional)`}
          hint="Of your items in the order, before the discount."
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          defaultValue={d && d.minOrder > 0 ? String(d.minOrder) : ''}
          error={err('minOrder')}
        />
        <TextField
          id="maxUses"
          label="Total uses (optional)"
          hint="Empty: no limit."
          type="number"
          min="1"
          step="1"
          defaultValue={d?.maxUses ?? ''}
          error={err('maxUses')}
        />
        <TextField
          id="maxUsesPerBuyer"
          label="Uses per buyer (optional)"
          hint="Empty: no limit."
          type="number"
          min="1"
          step="1"
          defaultValue={d?.maxUsesPerBuyer ?? ''}
          error={err('maxUsesPerBuyer')}
        />
        <UtcDateTimeField
          id="startsAt"
          label="Starts"
          value={d?.startsAt}
          error={err('startsAt')}
        />
        <UtcDateTimeField id="endsAt" label="Ends" value={d?.endsAt} error={err('endsAt')} />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="active" defaultChecked={d?.active ?? true} />
        Active: buyers can use it
      </label>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy}
          data-testid="save-discount"
        >
          {busy ? 'Saving…' : d ? 'Save changes' : 'Create code'}
        </button>
        {d ? (
          <Link to="/discounts" className="btn btn-secondary">
            Cancel editing
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

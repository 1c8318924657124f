import { data, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/discounts';
import type { Discount, DiscountInput } from '../../shared/contracts/discounts';
import { PageHeader } from '../components/ui/page';
import { guardLoader } from '../features/accounts/guards';
import { apiHeaders, formText } from '../features/accounts/form-post';
import {
  loadDiscounts,
  removeDiscount,
  saveDiscount,
  type SaveOutcome,
} from '../features/discounts/api/discounts-api';
import { DiscountForm } from '../features/discounts/components/DiscountForm';
import { DiscountList } from '../features/discounts/components/DiscountList';
import { discountFromForm } from '../features/discounts/discount-form';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/** /discounts (signed in, in the seller's menu): the seller's codes, and ?edit= one of them. */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  const loaded = await loadDiscounts(serverApi(args.context));
  const editId = args.url.searchParams.get('edit');
  return { ...loaded, editing: loaded.discounts.find((d) => d._id === editId) ?? null };
}

/** The same code with `active` flipped, as PUT /discounts takes it. */
const toggled = (d: Discount): DiscountInput =>
  ({
    _id: d._id,
    code: d.code,
    kind: d.kind,
    value: d.value,
    scope: d.scope,
    postIds: d.postIds,
    minOrder: d.minOrder,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    maxUses: d.maxUses,
    maxUsesPerBuyer: d.maxUsesPerBuyer,
    active: !d.active,
  }) as DiscountInput;

/** Save, turn on/off or delete a code, with or without JavaScript; the API decides. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = serverApi(context);
  const headers = apiHeaders(request);
  const intent = formText(form, 'intent');
  let outcome: SaveOutcome;
  if (intent === 'delete') outcome = await removeDiscount(client, formText(form, 'id'), headers);
  else if (intent === 'toggle') {
    const { discounts } = await loadDiscounts(client);
    const code = discounts.find((d) => d._id === formText(form, 'id'));
    outcome = code
      ? await saveDiscount(client, toggled(code), headers)
      : { ok: false, message: 'This discount code could not be found among yours.', fields: {} };
  } else outcome = await saveDiscount(client, discountFromForm(form), headers);
  return outcome.ok ? outcome : data(outcome, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Discount codes',
    'Codes your buyers type at checkout: a percent or an amount off your shop or chosen posts.',
  );

export default function DiscountsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const currency = useRootData()?.config.currency ?? 'USD';
  const { discounts, posts, error, editing } = loaderData;
  const titles = new Map(posts.map((p) => [p._id, p.title]));
  return (
    <div data-testid="discounts-page">
      <PageHeader
        title="Discount codes"
        description="Codes your buyers type at checkout. A code takes a percent or an amount off your items (never shipping or tax), only on your part of an order."
      />
      {error ? (
        <p role="alert" className="card mb-6 text-red-800">
          {error}
        </p>
      ) : null}
      <p
        role="status"
        className={`mb-4 ${result && !result.ok ? 'text-red-800' : 'text-green-800'}`}
        data-testid="discount-status"
      >
        {result?.message ?? ''}
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="your-codes">
          <h2 id="your-codes" className="mb-3 text-lg font-semibold text-gray-900">
            Your codes
          </h2>
          <DiscountList discounts={discounts} currency={currency} postTitles={titles} />
        </section>
        <DiscountForm
          editing={editing}
          posts={posts}
          errors={result && !result.ok ? result.fields : {}}
          busy={busy}
          currency={currency}
        />
      </div>
    </div>
  );
}

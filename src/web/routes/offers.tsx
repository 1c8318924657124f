import { useRevalidator } from 'react-router';
import type { Route } from './+types/offers';
import { PageHeader } from '../components/ui/page';
import type { OfferList } from '../../shared/contracts/offers';
import { putOfferInCart } from '../features/cart/offer-line';
import { guardLoader } from '../features/accounts/guards';
import { loadOffers } from '../features/offers/api/offers-api';
import { OfferCard } from '../features/offers/components/OfferCard';
import { serverApi } from '../lib/api';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';

const guard = guardLoader(['authenticated']);

/**
 * /offers (signed in, docs/decisions/076): offers on my posts (received) and my offers (sent),
 * newest first, with Accept / Decline / Counter on those waiting for my answer. A list that fails
 * to load shows SPEC §8's wording and the page still renders.
 */
export async function loader(args: Route.LoaderArgs) {
  await guard(args);
  return loadOffers(serverApi(args.context));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Offers', 'Offers on your posts and the offers you made.');

export default function OffersPage({ loaderData }: Route.ComponentProps) {
  const { received, sent, error } = loaderData;
  const currency = useRootData()?.config.currency ?? 'USD';
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const section = (
    title: string,
    offers: OfferList['received'],
    side: 'seller' | 'buyer',
    empty: string,
    testId: string,
  ) => (
    <section aria-labelledby={`${testId}-title`} className="mt-6" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {offers.length ? (
        <ul className="mt-2 grid gap-3">
          {offers.map((o) => (
            <OfferCard
              key={o._id}
              offer={o}
              side={side}
              currency={currency}
              onChanged={reload}
              withConversation
              onAddToCart={side === 'buyer' ? putOfferInCart : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-2">{empty}</p>
      )}
    </section>
  );
  return (
    <div data-testid="offers-page">
      <PageHeader
        title="Offers"
        description="An accepted offer is the buyer's price for that post for 48 hours; only that buyer can use it at checkout."
      />
      {error ? <p role="alert">{error}</p> : null}
      {section(
        'Offers on your posts',
        received,
        'seller',
        'No offers yet. Allow offers on a post in its editor to receive them.',
        'offers-received',
      )}
      {section(
        'Your offers',
        sent,
        'buyer',
        'You have not made any offers. Posts that take offers show "Make an offer".',
        'offers-sent',
      )}
    </div>
  );
}

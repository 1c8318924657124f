import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Offer } from '../../../../shared/contracts/offers';
import { api } from '../../../lib/api';
import { loadOffers, type OfferListState } from '../api/offers-api';
import { OfferCard } from './OfferCard';

/** Still in play: waiting for an answer, or accepted and within its 48 hours. */
const isOpen = (o: Offer) => o.status === 'pending' || o.status === 'accepted';

/**
 * The offers between me and the member of a private conversation (docs/decisions/076): those
 * still in play, newest first, each with the answers that are mine to give (the /offers card).
 * After an answer the list is read again, so a counter-offer or an acceptance shows at once.
 * Nothing when the two never exchanged an offer.
 */
export function ConversationOffers({
  initial,
  withId,
  withName,
  viewerId,
  currency,
  onAddToCart,
}: {
  initial: OfferListState;
  withId: string;
  withName: string;
  viewerId: string;
  currency: string;
  /** Puts an accepted offer's post in my cart, when I am its buyer (OfferCard). */
  onAddToCart?: (offer: Offer) => void;
}) {
  const [list, setList] = useState(initial);
  useEffect(() => setList(initial), [initial]);
  const all = [...list.received, ...list.sent];
  if (!all.length && !list.error) return null;
  const open = all
    .filter(isOpen)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id));
  const reload = () => void loadOffers(api, withId).then(setList);
  return (
    <section
      aria-labelledby="conversation-offers-title"
      className="rounded-xl border border-gray-200 p-4"
      data-testid="conversation-offers"
    >
      <h3 id="conversation-offers-title" className="font-semibold text-gray-950">
        Offers between you and <bdi>{withName}</bdi>
      </h3>
      {list.error ? <p role="alert">{list.error}</p> : null}
      {open.length ? (
        <ul className="mt-2 grid gap-3">
          {open.map((o) => (
            <OfferCard
              key={o._id}
              offer={o}
              side={o.seller._id === viewerId ? 'seller' : 'buyer'}
              currency={currency}
              onChanged={reload}
              onAddToCart={onAddToCart}
            />
          ))}
        </ul>
      ) : list.error ? null : (
        <p className="mt-2" data-testid="conversation-offers-none">
          No open offers. Earlier ones are on{' '}
          <Link to="/offers" className="link">
            your offers page
          </Link>
          .
        </p>
      )}
    </section>
  );
}

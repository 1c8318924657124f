import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { PageOffer } from '../../../../shared/contracts/offers';
import { formatDateTime, formatMoney, optionsText } from '../../../../shared/format';
import { useRootData } from '../../../lib/root-data';

/**
 * What a post page shows the buyer in the place of "Make an offer" while they have an open offer
 * on the post (GET /me/page-state, docs/decisions/076) — the server would refuse a second one:
 * - accepted (their offer, or the seller's price to likers): **Buy at $55.00**, one item at that
 *   price into the cart (`onBuy`, composed by the route), then on to the checkout — disabled while
 *   the post (its offer's options) is sold out;
 * - waiting for the seller's answer: **Offer sent: $50.00**, to /offers;
 * - the seller's counter-offer, waiting for theirs: **Offer for you: $48.00**, to /offers.
 * One control in the button's place, so the row does not move when the state arrives; what it
 * means is its description (and its tooltip). Loaded only when there is such an offer
 * (PostOfferAction): few visitors have one.
 */
export function OpenOffer({
  offer,
  seller,
  onBuy,
  soldOut = false,
  className = 'btn btn-secondary',
}: {
  offer: PageOffer;
  /** The offer's post (with its options) is sold out: nothing to buy at the price for now. */
  soldOut?: boolean;
  /** The seller's name, for the description. */
  seller: string;
  /** Puts the offer's item in the cart and goes to the checkout. */
  onBuy: (offer: PageOffer) => Promise<void>;
  className?: string;
}) {
  const currency = useRootData()?.config.currency ?? 'USD';
  const describedBy = useId();
  const [busy, setBusy] = useState(false);
  const price = formatMoney(offer.amount, currency);
  const option = optionsText(offer.selectedVariations);
  const forWhat = option ? ` for ${option}` : '';
  if (offer.status === 'accepted') {
    const until = offer.expiresAt ? `, until ${formatDateTime(offer.expiresAt)}` : '';
    // The checkout would refuse it: the button stays, disabled, and says why.
    const description = soldOut
      ? `Sold out${forWhat}: your offer price can be used if it is back in stock${until}.`
      : `Your offer price${forWhat}, one item${until}.`;
    return (
      <>
        <button
          type="button"
          className={className}
          data-testid="offer-buy"
          aria-describedby={describedBy}
          title={description}
          disabled={busy || soldOut}
          onClick={() => {
            setBusy(true);
            onBuy(offer).catch(() => setBusy(false));
          }}
        >
          {soldOut ? `Your price ${price} · sold out` : `Buy at ${price}`}
        </button>
        <span id={describedBy} className="sr-only">
          {description}
        </span>
      </>
    );
  }
  const mine = offer.proposedBy === 'buyer';
  const description = mine
    ? `Your offer${forWhat} is waiting for ${seller}’s answer. See your offers.`
    : `${seller} offers this${forWhat} for ${price}: accept, decline or counter it in your offers.`;
  return (
    <>
      <Link
        to="/offers"
        className={className}
        data-testid="offer-open"
        aria-describedby={describedBy}
        title={description}
      >
        {mine ? `Offer sent: ${price}` : `Offer for you: ${price}`}
      </Link>
      <span id={describedBy} className="sr-only">
        {description}
      </span>
    </>
  );
}

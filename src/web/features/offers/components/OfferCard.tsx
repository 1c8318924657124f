import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Offer } from '../../../../shared/contracts/offers';
import type { OfferAction } from '../../../../shared/contracts/offer-rules';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { answerOffer } from '../actions';
import { OfferActionButton } from './OfferActionButton';
import { OfferToCart } from './OfferToCart';
import { OfferPriceField, offeredAmount } from './OfferPriceField';
import { SubmitButton } from '../../../components/ui/form';

const STATUS_TEXT: Record<Offer['status'], string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
  used: 'Used for an order',
  expired: 'Expired',
};

/**
 * One offer (on /offers and in a conversation): the post and the option offered on, the amount
 * against the listed price, the note (as text), who proposed it, its state — and, when it is mine
 * to answer, Accept / Decline / Counter (an amount, then Send); when I made it and it waits,
 * Withdraw. `withConversation` links to the conversation with the other side (on /offers).
 */
export function OfferCard({
  offer,
  side,
  currency,
  onChanged,
  withConversation = false,
  onAddToCart,
}: {
  offer: Offer;
  /** Which list it is in: received (I sell) or sent (I buy). */
  side: 'seller' | 'buyer';
  currency: string;
  onChanged: () => void;
  withConversation?: boolean;
  /** Puts an accepted offer's post in the buyer's cart (the route composes the cart's call). */
  onAddToCart?: (offer: Offer) => void;
}) {
  const [countering, setCountering] = useState(false);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const other = side === 'seller' ? offer.buyer : offer.seller;
  const mineToAnswer = offer.status === 'pending' && offer.proposedBy !== side;
  const money = (n: number) => formatMoney(n, currency);
  const mineToWithdraw = offer.status === 'pending' && offer.proposedBy === side;
  const act = async (action: OfferAction, value?: number) => {
    setBusy(true);
    const ok = await answerOffer(offer._id, action, value);
    setBusy(false);
    if (ok) onChanged();
  };
  const who = offer.proposedBy === side ? 'You' : other.name;
  const theOffer = `the offer of ${money(offer.amount)}`;
  const options = Object.entries(offer.selectedVariations).map(([name, o]) => `${name}: ${o}`);
  return (
    <li className="card p-4" data-testid="offer-card">
      <h3 className="font-semibold">
        <Link to={offer.product.path} className="link">
          {offer.product.title}
        </Link>
      </h3>
      <p>
        {who} offered <strong data-testid="offer-amount">{money(offer.amount)}</strong> (listed at{' '}
        {money(offer.listedPrice)})
        {/* "Leo offered … · Buyer: Leo" said the name twice; after my own counter it is news. */}
        {who === 'You' ? ` · ${side === 'seller' ? 'Buyer' : 'Seller'}: ${other.name}` : null}
        {withConversation ? (
          <>
            {' · '}
            <Link
              to={`/messages?with=${encodeURIComponent(other._id)}`}
              className="link"
              data-testid="offer-conversation"
            >
              Conversation<span className="sr-only"> with {other.name}</span>
            </Link>
          </>
        ) : null}
      </p>
      {options.length ? <p data-testid="offer-option">{options.join(' · ')}</p> : null}
      {offer.note ? <p className="whitespace-pre-line">“{offer.note}”</p> : null}
      <p data-testid="offer-status">
        {STATUS_TEXT[offer.status]}
        {offer.status === 'accepted' && offer.expiresAt
          ? ` · valid until ${formatDateTime(offer.expiresAt)}`
          : ''}
      </p>
      {offer.status === 'accepted' && side === 'buyer' && !offer.expired ? (
        <OfferToCart offer={offer} price={money(offer.amount)} onAddToCart={onAddToCart} />
      ) : null}
      {mineToAnswer ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <OfferActionButton
            label="Accept"
            of={theOffer}
            primary
            disabled={busy}
            testId="offer-accept"
            onClick={() => void act('accept')}
          />
          <OfferActionButton
            label="Decline"
            of={theOffer}
            disabled={busy}
            testId="offer-decline"
            onClick={() => void act('decline')}
          />
          <OfferActionButton
            label="Counter"
            of={theOffer}
            expanded={countering}
            testId="offer-counter"
            onClick={() => setCountering((v) => !v)}
          />
        </div>
      ) : null}
      {mineToWithdraw ? (
        <div className="mt-2">
          <OfferActionButton
            label="Withdraw"
            of={`my offer of ${money(offer.amount)}`}
            disabled={busy}
            testId="offer-withdraw"
            onClick={() => void act('withdraw')}
          />
        </div>
      ) : null}
      {mineToAnswer && countering ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act('counter', offeredAmount(amount));
          }}
        >
          <OfferPriceField
            id={`${id}-amount`}
            currency={currency}
            value={amount}
            onChange={setAmount}
            testId="offer-counter-amount"
            required
          />
          <SubmitButton pending={busy} className="btn btn-primary" testId="offer-counter-send">
            Send counter-offer
          </SubmitButton>
        </form>
      ) : null}
    </li>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import type { Feedback, Order, Transaction } from '../../../../shared/contracts/commerce';
import { FeedbackForm } from './FeedbackForm';
import { Stars } from '../../../components/ui/Stars';

/** A part's feedback state: the rating given, the form, or why it cannot be rated (yet). */
function PartFeedback({
  part,
  given,
  onSaved,
}: {
  part: Transaction;
  given: Feedback | null;
  onSaved: (feedback: Feedback) => void;
}) {
  const seller = part.seller.name;
  if (given)
    return (
      <div data-testid="part-rated">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">You rated {seller}</span>
          <Stars rating={given.rating} />
        </p>
        {given.text && <p className="mt-1 whitespace-pre-line break-words">{given.text}</p>}
      </div>
    );
  // Rated, but the list of ratings could not be read: say so without the stars.
  if (part.buyerFeedbackGiven) return <p data-testid="part-rated">You have rated {seller}.</p>;
  if (part.status === 'shipped')
    return (
      <FeedbackForm
        type="order"
        id={part._id}
        subject={seller}
        idPrefix={`rate-${part._id}`}
        onSaved={onSaved}
      />
    );
  if (part.status === 'cancelled')
    return (
      <p data-testid="part-closed">
        This part was cancelled and refunded: there is nothing to rate.
      </p>
    );
  return (
    <p data-testid="part-waiting">
      Feedback opens once {seller} has shipped this part. We email you when it ships.
    </p>
  );
}

/**
 * One order's sellers, each with the buyer's rating of them: the form for a shipped part not yet
 * rated, the rating once given (kept here after saving), or why it cannot be rated yet.
 */
export function OrderFeedback({ order, given }: { order: Order; given: Feedback[] }) {
  const [saved, setSaved] = useState<Feedback[]>([]);
  // An order has one part per seller, and feedback names its sale by seller, never by id
  // (docs/decisions/051): the seller finds the part's rating.
  const ratingOf = (part: Transaction) =>
    [...saved, ...given].find(
      (f) => f.type === 'order' && f.seller.username === part.seller.username,
    ) ?? null;
  return (
    <ul className="space-y-6" data-testid="order-parts">
      {order.transactions.map((part) => (
        <li key={part._id} className="card" data-testid="order-part">
          <h2 className="text-lg font-semibold">
            From{' '}
            <Link to={`/${encodeURIComponent(part.seller.username)}`} className="link">
              <bdi>{part.seller.name}</bdi>
            </Link>
          </h2>
          <ul className="mt-1 mb-4 text-gray-700">
            {part.items.map((item) => (
              <li key={item._id}>
                {item.amount} × {item.title}
              </li>
            ))}
          </ul>
          <PartFeedback
            part={part}
            given={ratingOf(part)}
            onSaved={(f) => setSaved((s) => [...s, f])}
          />
        </li>
      ))}
    </ul>
  );
}

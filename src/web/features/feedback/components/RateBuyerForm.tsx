import type { Feedback } from '../../../../shared/contracts/commerce';
import { FeedbackForm } from './FeedbackForm';

/** The seller rates the buyer of a shipped sale (/sales/{id}). */
export function RateBuyerForm({
  transactionId,
  buyerName,
  onSaved,
}: {
  transactionId: string;
  buyerName: string;
  onSaved?: (feedback: Feedback) => void;
}) {
  return (
    <section aria-labelledby={`rate-buyer-${transactionId}`} className="card">
      <h2 id={`rate-buyer-${transactionId}`} className="text-lg font-semibold">
        Rate {buyerName}
      </h2>
      <p className="mt-1 mb-4 text-gray-700">
        How was selling to {buyerName}? Your rating is public: it becomes part of their reputation
        as a buyer.
      </p>
      <FeedbackForm
        type="transaction"
        id={transactionId}
        subject={buyerName}
        idPrefix={`rate-buyer-${transactionId}`}
        onSaved={onSaved}
      />
    </section>
  );
}

import { CardForm } from '../../../components/CardForm';
import { subscribeToPlan } from '../api/plans-api';
import type { SubscriptionFormProps } from '../subscription-form';

/** The embedded payment driver's card form buying a plan (POST /users/subscription with `card`). */
export function LocalSubscriptionForm({
  planId,
  frequency,
  amount,
  currency,
  onSubscribed,
}: SubscriptionFormProps) {
  return (
    <CardForm
      amount={amount}
      currency={currency}
      heading="Pay by card"
      pay={async (card) => onSubscribed(await subscribeToPlan({ planId, frequency, card }))}
      errorTestId="subscribe-error"
    />
  );
}

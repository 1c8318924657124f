import { CardForm } from '../../../components/CardForm';
import { confirmCardPayment } from '../api/checkout-api';
import type { PaymentFormProps } from './payment-form';

export { cardFromForm, formatExpiry } from '../../../components/CardForm';

/** The embedded payment driver's card form (provider 'local') paying an order's intent. */
export function LocalCardForm({ intent, onPaid }: PaymentFormProps) {
  return (
    <CardForm
      amount={intent.amount}
      currency={intent.currency}
      pay={async (card) => {
        await confirmCardPayment(intent.paymentIntentId, card);
        await onPaid();
      }}
    />
  );
}

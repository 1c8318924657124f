import { formatMoney } from '../../../../shared/format';
import { StripeElementForm, stripeRefusal } from '../../../components/StripeElementForm';
import type { PaymentFormProps } from './payment-form';

// An order paid through Stripe (provider 'stripe', docs/decisions/029): the Payment Element for the
// order's intent, loaded only when the buyer reaches the payment step. The order is marked paid by
// Stripe's webhook, which /thanks waits for.

export function StripePaymentForm({ intent, orderId, onPaid }: PaymentFormProps) {
  return (
    <StripeElementForm
      publishableKey={intent.publishableKey}
      elementsOptions={{ clientSecret: intent.clientSecret }}
      elementsKey={intent.clientSecret}
      submitLabel={`Pay ${formatMoney(intent.amount, intent.currency)}`}
      testId="stripe-payment"
      pay={async ({ stripe, elements }) => {
        // Cards that need no redirect are confirmed in place; a redirect-based method (a bank's
        // page) comes back to /thanks, which shows the order once Stripe's webhook marked it paid.
        const returnUrl = new URL('/thanks', window.location.origin);
        returnUrl.searchParams.set('order', orderId);
        const { error } = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: returnUrl.href },
          redirect: 'if_required',
        });
        if (error) stripeRefusal(error);
        // The wait modal stays up until the confirmation page is there.
        await onPaid();
      }}
    />
  );
}

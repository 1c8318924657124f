import type { PaymentIntentResponse } from '../../../../shared/contracts/commerce';

/**
 * What the checkout hands the payment step, whichever driver pays: the embedded card form
 * (LocalCardForm) or Stripe's Payment Element (StripePaymentForm, loaded only when the intent's
 * provider is 'stripe').
 */
export interface PaymentFormProps {
  intent: PaymentIntentResponse;
  orderId: string;
  /** The payment went through (the server may still be confirming it: go to /thanks). */
  onPaid: () => void;
}

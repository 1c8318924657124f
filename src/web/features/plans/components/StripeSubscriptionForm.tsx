import { plansApi } from '../../../../shared/api/plans';
import { formatMoney } from '../../../../shared/format';
import { toMinor } from '../../../../shared/money';
import { StripeElementForm, stripeRefusal } from '../../../components/StripeElementForm';
import { api } from '../../../lib/api';
import type { SubscriptionFormProps } from '../subscription-form';

// A plan bought with Stripe (docs/decisions/033): the Payment Element in subscription mode, loaded
// only when /plan-selection shows a Stripe purchase. The card goes from Stripe's iframe to Stripe,
// which gives back a PaymentMethod; POST /users/subscription starts the subscription with it. When
// the bank wants the card holder to confirm (3-D Secure), the answer carries a client secret and
// Stripe.js shows the check; the plan starts when Stripe's webhook reports the payment.

export function StripeSubscriptionForm(props: SubscriptionFormProps) {
  const { planId, frequency, amount, currency, publishableKey, onSubscribed } = props;
  return (
    <StripeElementForm
      publishableKey={publishableKey}
      // No intent yet: the subscription's first invoice makes it once the card is known.
      elementsOptions={{
        mode: 'subscription',
        amount: toMinor(amount),
        currency: currency.toLowerCase(),
        paymentMethodCreation: 'manual',
      }}
      elementsKey={`${amount} ${currency}`}
      errorTestId="subscribe-error"
      submitLabel={`Pay ${formatMoney(amount, currency)} a ${frequency === 'year' ? 'year' : 'month'}`}
      testId="stripe-subscription"
      pay={async ({ stripe, elements }) => {
        const submitted = await elements.submit();
        if (submitted.error) stripeRefusal(submitted.error);
        const created = await stripe.createPaymentMethod({ elements });
        if (created.error) stripeRefusal(created.error);
        const plan = await api.call(plansApi.subscribe, {
          body: { planId, frequency, paymentMethodId: created.paymentMethod.id },
        });
        if (plan.paymentAction) {
          const confirmed = await stripe.handleNextAction({
            clientSecret: plan.paymentAction.clientSecret,
          });
          if (confirmed.error) stripeRefusal(confirmed.error);
        }
        const { paymentAction: _confirmed, ...subscribed } = plan;
        await onSubscribed(subscribed);
      }}
    />
  );
}

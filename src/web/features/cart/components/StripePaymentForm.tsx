import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { formatMoney } from '../../../../shared/format';
import { MESSAGES } from '../../../../shared/messages';
import { showWait } from '../../../components/ui/modal';
import type { PaymentFormProps } from './payment-form';

// Stripe's Payment Element (provider 'stripe', docs/decisions/029). Stripe.js comes from
// js.stripe.com, imported here only when the buyer reaches the payment step: no page bundle
// carries it. Card details go from Stripe's iframe to Stripe; this form only asks Stripe to confirm
// the intent and hears back. The order is marked paid by Stripe's webhook, which /thanks waits for.

type Loading =
  | { state: 'loading' }
  | { state: 'ready'; stripe: Stripe; elements: StripeElements }
  | { state: 'failed'; message: string };

const LOAD_FAILED =
  'The payment form could not be loaded. Check your connection, then reload the page to try again.';

/** What the buyer is told when confirming fails: Stripe's words when the card or a field is at fault. */
function failureMessage(error: StripeError): string {
  const theirs = error.type === 'card_error' || error.type === 'validation_error';
  return theirs && error.message ? error.message : MESSAGES.paymentError;
}

export function StripePaymentForm({ intent, orderId, onPaid, onError }: PaymentFormProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (message = LOAD_FAILED) => !cancelled && setLoading({ state: 'failed', message });
    (async () => {
      if (!intent.publishableKey) return fail();
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(intent.publishableKey);
      if (!stripe) return fail();
      if (cancelled || !mountPoint.current) return;
      const elements = stripe.elements({ clientSecret: intent.clientSecret });
      const element = elements.create('payment', { layout: 'tabs' });
      element.on('ready', () => !cancelled && setLoading({ state: 'ready', stripe, elements }));
      element.on('loaderror', (event) => fail(event.error.message ?? LOAD_FAILED));
      element.mount(mountPoint.current);
      destroy = () => element.destroy();
    })().catch(() => fail());
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [intent.publishableKey, intent.clientSecret]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || loading.state !== 'ready') return;
    busy.current = true;
    setPending(true);
    const closeWait = showWait(MESSAGES.paymentSubmitted);
    try {
      // Cards that need no redirect are confirmed in place; a redirect-based method (a bank's
      // page) comes back to /thanks, which shows the order once Stripe's webhook marked it paid.
      const returnUrl = new URL('/thanks', window.location.origin);
      returnUrl.searchParams.set('order', orderId);
      const { error } = await loading.stripe.confirmPayment({
        elements: loading.elements,
        confirmParams: { return_url: returnUrl.href },
        redirect: 'if_required',
      });
      if (error) {
        closeWait();
        onError(failureMessage(error));
        return;
      }
      // The wait modal stays up until the confirmation page is there.
      await onPaid();
      closeWait();
    } catch {
      closeWait();
      onError(MESSAGES.paymentError);
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby="stripe-form-heading"
      aria-busy={loading.state === 'loading' || pending}
      className="card space-y-4"
      data-testid="stripe-payment-form"
    >
      <h3 id="stripe-form-heading" className="text-lg font-semibold text-gray-900">
        Pay by card
      </h3>
      <section aria-label="Payment details" className="min-h-24">
        {loading.state === 'loading' && (
          <p role="status" className="text-gray-700">
            Loading the secure payment form…
          </p>
        )}
        {loading.state === 'failed' && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            {loading.message}
          </p>
        )}
        <div ref={mountPoint} data-testid="stripe-payment-element" />
      </section>
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={pending || loading.state !== 'ready'}
        data-testid="stripe-pay"
      >
        {pending ? 'Paying…' : `Pay ${formatMoney(intent.amount, intent.currency)}`}
      </button>
    </form>
  );
}

export default StripePaymentForm;

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type {
  Stripe,
  StripeElements,
  StripeElementsOptions,
  StripeElementsOptionsClientSecret,
  StripeElementsOptionsMode,
  StripeError,
} from '@stripe/stripe-js';
import { MESSAGES } from '../../shared/messages';
import { PaymentRefusal } from './PaymentRefusal';
import { ProviderRefused, refusalOf, type Refusal } from './payment-refusal';
import { showWait } from './ui/modal';

// Stripe's Payment Element, for the two things paid by card through Stripe: an order
// (features/cart StripePaymentForm, docs/decisions/029) and a plan (features/plans
// StripeSubscriptionForm, docs/decisions/033). Stripe.js comes from js.stripe.com, imported in the
// effect only when such a form is shown: no page bundle carries it, and both forms are lazy chunks.
// Card details go from Stripe's iframe to Stripe; the forms only ask Stripe to act and hear back.

export type StripeReady = { stripe: Stripe; elements: StripeElements };
type Loading =
  { state: 'loading' } | ({ state: 'ready' } & StripeReady) | { state: 'failed'; message: string };

const LOAD_FAILED =
  'The payment form could not be loaded. Check your connection, then reload the page to try again.';

/** Stripe refused (the card, a field): thrown from `pay`, shown by the form (payment-refusal.ts). */
export function stripeRefusal(error: StripeError): never {
  throw new ProviderRefused(error);
}

const isModeOptions = (o: StripeElementsOptions): o is StripeElementsOptionsMode =>
  (o as Partial<StripeElementsOptionsMode>).mode !== undefined &&
  !(o as Partial<StripeElementsOptionsClientSecret>).clientSecret;

/**
 * Loads Stripe.js and mounts a Payment Element built with `options`; `optionsKey` says when the
 * options changed (a new intent, another price), which mounts a fresh element.
 */
function useStripePaymentElement(
  publishableKey: string | null,
  options: StripeElementsOptions,
  optionsKey: string,
) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const fail = (message = LOAD_FAILED) => !cancelled && setLoading({ state: 'failed', message });
    (async () => {
      if (!publishableKey) return fail();
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) return fail();
      if (cancelled || !mountPoint.current) return;
      const opts = optionsRef.current;
      // Two overloads: an intent's client secret, or a mode with its amount.
      const elements = isModeOptions(opts) ? stripe.elements(opts) : stripe.elements(opts);
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
  }, [publishableKey, optionsKey]);

  return { mountPoint, loading };
}

export interface StripeElementFormProps {
  publishableKey: string | null;
  /** How the element is built: an intent's client secret, or a mode with amount and currency. */
  elementsOptions: StripeElementsOptions;
  /** Changes when the element must be built again. */
  elementsKey: string;
  /**
   * Pays once the element is ready; the wait modal stays up until it returns. What it throws (the
   * server's ApiError, Stripe's error via `stripeRefusal`) is shown next to the button.
   */
  pay: (ready: StripeReady) => Promise<void>;
  submitLabel: string;
  /** Prefix of the form's test ids (`{testId}-form`, `-element`, `-submit`). */
  testId: string;
  /** The refusal's test id (default "payment-error"). */
  errorTestId?: string;
  children?: ReactNode;
}

/** The card form around a Payment Element: loading and failure states, one payment at a time. */
export function StripeElementForm(props: StripeElementFormProps) {
  const { publishableKey, elementsOptions, elementsKey, pay, submitLabel, testId } = props;
  const { mountPoint, loading } = useStripePaymentElement(
    publishableKey,
    elementsOptions,
    elementsKey,
  );
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const busy = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || loading.state !== 'ready') return;
    busy.current = true;
    setPending(true);
    setRefusal(null);
    const closeWait = showWait(MESSAGES.paymentSubmitted);
    try {
      await pay(loading);
    } catch (err) {
      // A decline, a plan already bought, Stripe's words on the card: SPEC §8's sentence and advice.
      setRefusal(refusalOf(err));
    } finally {
      closeWait();
      busy.current = false;
      setPending(false);
    }
  }

  const headingId = `${testId}-heading`;
  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={headingId}
      aria-busy={loading.state === 'loading' || pending}
      className="card space-y-4"
      data-testid={`${testId}-form`}
    >
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
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
        <div ref={mountPoint} data-testid={`${testId}-element`} />
      </section>
      {props.children}
      <PaymentRefusal refusal={refusal} testId={props.errorTestId ?? 'payment-error'} />
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={pending || loading.state !== 'ready'}
        data-testid={`${testId}-submit`}
      >
        {pending ? 'Paying…' : submitLabel}
      </button>
    </form>
  );
}

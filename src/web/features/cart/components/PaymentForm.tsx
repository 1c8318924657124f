import { lazy, Suspense, type ComponentType } from 'react';
import type { PaymentFormProps } from './payment-form';

// The payment form of the intent's provider, each in a chunk of its own that loads when the buyer
// gets to pay (docs/decisions/031): the embedded card form, or Stripe's Payment Element.

const loadLocal = () => import('./LocalCardForm');
const LocalCardForm = lazy(() => loadLocal().then((m) => ({ default: m.LocalCardForm })));

type StripeModule = {
  StripePaymentForm?: ComponentType<PaymentFormProps>;
  default?: ComponentType<PaymentFormProps>;
};
// Looked up, not imported: the Stripe form is written beside this file separately, and a build
// without it still works (a deployment without Stripe keys never asks for it).
const stripeModules = import.meta.glob<StripeModule>('./StripePaymentForm.tsx');
const loadStripe = stripeModules['./StripePaymentForm.tsx'];

function StripeUnavailable() {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      Card payments are not available right now. Please try again later.
    </p>
  );
}

const StripePaymentForm = lazy(async () => {
  const m = loadStripe ? await loadStripe() : {};
  return { default: m.StripePaymentForm ?? m.default ?? StripeUnavailable };
});

/** Starts loading the form the buyer is likely to need (the payment step has opened). */
export function preloadPaymentForm(provider: 'local' | 'stripe'): void {
  const load = provider === 'stripe' ? loadStripe : loadLocal;
  load?.().catch(() => {
    // tried again when the form renders; a failed chunk reloads the page (lib/chunk-reload.ts)
  });
}

/** The form that pays `intent`: by its provider. */
export function PaymentForm(props: PaymentFormProps) {
  const Form = props.intent.provider === 'stripe' ? StripePaymentForm : LocalCardForm;
  return (
    <Suspense fallback={<p className="text-gray-700">Loading the payment form…</p>}>
      <Form {...props} />
    </Suspense>
  );
}

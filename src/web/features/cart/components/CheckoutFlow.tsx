import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { focusIfPossible } from '../../../lib/focus';
import { useRootData } from '../../../lib/root-data';
import { hasBlockingProblem } from '../cart-refresh';
import { cartLineKey, useCartStore, type CheckoutTab } from '../stores/cart-store';
import { useAddressBook } from '../use-address-book';
import { useCartRefresh } from '../use-cart-refresh';
import { CartStep } from './CartStep';
import { CheckoutSteps } from './CheckoutSteps';
import { EmptyCart } from './EmptyCart';
import { RefreshNotices } from './RefreshNotices';

// Only signed-in buyers reach the address and payment steps: their code (the address form, the
// order summary and, one chunk further, the card form) loads when they do (docs/decisions/031).
const AddressStep = lazy(() => import('./AddressStep').then((m) => ({ default: m.AddressStep })));
const loadPaymentStep = () => import('./PaymentStep');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));

const STEP_TITLES: Record<CheckoutTab, string> = {
  cart: 'Your cart',
  address: 'Shipping and billing address',
  payment: 'Review and pay',
};

/** A message for the buyer on the step they were sent back to. */
interface StepAlert {
  step: CheckoutTab;
  message: string;
}

/**
 * /checkout (SPEC §3 cart state) once the cart has something in it: the steps cart → address →
 * payment (`selectedTab`), each with its heading, which takes focus when the buyer moves to it.
 * The cart is checked against the server when the page opens and again before the cart step is
 * left.
 */
export function CheckoutFlow() {
  const root = useRootData();
  const user = root?.user ?? null;
  const currency = root?.config.currency ?? 'USD';
  const items = useCartStore((s) => s.items);
  const tab = useCartStore((s) => s.selectedTab);
  const addressIsValid = useCartStore((s) => s.addressIsValid);
  const setSelectedTab = useCartStore((s) => s.setSelectedTab);
  const refresh = useCartRefresh(items.length > 0, currency);
  const book = useAddressBook(user !== null);
  const [alert, setAlert] = useState<StepAlert | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest > 0) focusIfPossible(headingRef.current);
  }, [focusRequest]);

  const keys = new Set(items.map((i) => cartLineKey(i._id, i.selectedVariations)));
  const notes = refresh.notes.filter((n) => n.kind === 'removed' || keys.has(n.key));
  const blocked = hasBlockingProblem(notes);
  const canAddress = user !== null && items.length > 0 && !blocked;
  const reachable = { cart: true, address: canAddress, payment: canAddress && addressIsValid };
  const step: CheckoutTab = reachable[tab] ? tab : reachable.address ? 'address' : 'cart';

  function show(next: CheckoutTab, message?: string) {
    setAlert(message ? { step: next, message } : null);
    setSelectedTab(next);
    setFocusRequest((n) => n + 1);
  }

  async function go(next: CheckoutTab) {
    if (next === step) return;
    // Leaving the cart: the buyer goes on with what is true now, or stays to see what changed.
    if (step === 'cart' && !(await refresh.run())) return;
    show(next);
  }

  // The payment step's code loads while the buyer fills in the address: when they go on, it shows
  // at once, so a keyboard user's first Tab from the step's heading lands in it (not the footer).
  useEffect(() => {
    if (step === 'address') void loadPaymentStep();
  }, [step]);

  const alertFor = (s: CheckoutTab) => (alert?.step === s ? alert.message : null);
  // On the cart step, and when the cart is empty (the refresh may have removed its last line).
  const notices = (
    <RefreshNotices
      alert={step === 'cart' ? alertFor('cart') : null}
      notes={step === 'cart' ? notes : []}
      failed={step === 'cart' && refresh.failed}
    />
  );
  const empty = items.length === 0;
  // One tree shape, empty or not: the live region of the notices stays mounted when the refresh
  // removes the last line, so what it says is heard.
  return (
    <>
      {empty ? null : (
        <CheckoutSteps current={step} reachable={reachable} onSelect={(t) => void go(t)} />
      )}
      <section
        aria-labelledby={empty ? undefined : 'checkout-step-heading'}
        data-testid={`checkout-${step}`}
      >
        {empty ? null : (
          <h2
            id="checkout-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mb-4 text-xl font-semibold text-gray-900"
          >
            {STEP_TITLES[step]}
          </h2>
        )}
        {notices}
        {empty ? (
          <EmptyCart />
        ) : step === 'cart' ? (
          <CartStep
            currency={currency}
            signedIn={user !== null}
            refresh={refresh}
            notes={notes.filter((n) => n.kind !== 'removed')}
            blocked={blocked}
            onContinue={() => void go('address')}
            onFocusLost={() => focusIfPossible(headingRef.current)}
          />
        ) : (
          <Suspense fallback={<p className="text-gray-700">Loading…</p>}>
            {step === 'address' ? (
              <AddressStep
                book={book}
                alert={alertFor('address')}
                onBack={() => show('cart')}
                onContinue={() => show('payment')}
              />
            ) : (
              <PaymentStep
                currency={currency}
                userId={user!._id}
                onBackToCart={(message) => {
                  show('cart', message);
                  void refresh.run();
                }}
                onBackToAddress={(message) => show('address', message)}
              />
            )}
          </Suspense>
        )}
      </section>
    </>
  );
}

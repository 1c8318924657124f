import { CHECKOUT_TABS, type CheckoutTab } from '../stores/cart-store';

export const STEP_LABELS: Record<CheckoutTab, string> = {
  cart: 'Cart',
  address: 'Address',
  payment: 'Payment',
};

/**
 * The checkout's steps as a list of buttons, the current one marked `aria-current="step"`; a step
 * the buyer cannot reach yet (signed out, no address chosen) is disabled.
 */
export function CheckoutSteps({
  current,
  reachable,
  onSelect,
}: {
  current: CheckoutTab;
  reachable: Record<CheckoutTab, boolean>;
  onSelect: (tab: CheckoutTab) => void;
}) {
  return (
    <nav aria-label="Checkout steps" className="mb-6">
      <ol className="grid grid-cols-3 gap-2" data-testid="checkout-steps">
        {CHECKOUT_TABS.map((tab, i) => {
          const isCurrent = tab === current;
          return (
            <li key={tab}>
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!reachable[tab] && !isCurrent}
                onClick={() => !isCurrent && onSelect(tab)}
                className={`flex w-full min-h-11 items-center justify-center gap-2 rounded-lg border px-2 py-2 text-sm font-semibold ${
                  isCurrent
                    ? 'border-indigo-700 bg-indigo-700 text-white'
                    : 'border-gray-300 bg-white text-gray-900 enabled:hover:border-indigo-500 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-600'
                }`}
                data-testid={`checkout-step-${tab}`}
              >
                <span aria-hidden="true">{i + 1}.</span>
                <span>
                  <span className="sr-only">
                    Step {i + 1} of {CHECKOUT_TABS.length}:{' '}
                  </span>
                  {STEP_LABELS[tab]}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

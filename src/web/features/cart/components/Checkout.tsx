import { lazy, Suspense, useState } from 'react';
import { CART_STORAGE_KEY, useCartStore } from '../stores/cart-store';
import { useCartHydrated } from '../stores/use-cart-hydrated';
import { EmptyCart } from './EmptyCart';

// The checkout's steps load only for a cart with something in it (docs/decisions/031): an empty
// /checkout stays within the public pages' JavaScript budget. A browser whose stored cart has
// lines starts the download as this module runs, alongside hydration, not after it.
const loadFlow = () => import('./CheckoutFlow');
const CheckoutFlow = lazy(() => loadFlow().then((m) => ({ default: m.CheckoutFlow })));

function storedCartHasItems(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as {
      state?: { items?: unknown[] };
    } | null;
    return (stored?.state?.items?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

if (typeof window !== 'undefined' && storedCartHasItems()) {
  loadFlow().catch(() => {
    // tried again when the flow renders; a failed chunk reloads the page (lib/chunk-reload.ts)
  });
}

const loading = <p className="text-gray-700">Loading your cart…</p>;

/**
 * /checkout: the cart lives in the browser, so the server renders "Loading your cart…"; then the
 * empty cart, or the checkout's steps (CheckoutFlow), which keep showing once started — also when
 * its last line goes, so what removed it stays on screen.
 */
export function Checkout() {
  const hydrated = useCartHydrated();
  const hasItems = useCartStore((s) => s.items.length > 0);
  const [started, setStarted] = useState(false);
  if (hasItems && !started) setStarted(true);
  if (!hydrated) return loading;
  if (!hasItems && !started) return <EmptyCart />;
  return (
    <Suspense fallback={loading}>
      <CheckoutFlow />
    </Suspense>
  );
}

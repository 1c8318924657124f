import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshCart } from './api/checkout-api';
import { mergeRefresh, type LineNote } from './cart-refresh';
import { useCartStore } from './stores/cart-store';

export interface CartRefresh {
  /** What changed at the last refresh, one note per line. */
  notes: LineNote[];
  /** Units in stock per line key, as of the last refresh. */
  stock: Record<string, number>;
  pending: boolean;
  /** The last refresh could not be made (the order still checks everything). */
  failed: boolean;
  /**
   * Refreshes the cart from the server and applies the answer; resolves true when nothing
   * changed, so the buyer may go on with what they saw.
   */
  run: () => Promise<boolean>;
}

/**
 * The cart as the server sees it now (POST /cart/refresh), once when the checkout opens (when
 * `enabled`) and again whenever `run` is called: before leaving the cart step, after an order
 * was refused.
 */
export function useCartRefresh(enabled: boolean, currency: string): CartRefresh {
  const [state, setState] = useState({
    notes: [] as LineNote[],
    stock: {} as Record<string, number>,
    pending: false,
    failed: false,
  });
  const inFlight = useRef<Promise<boolean> | null>(null);

  const refreshNow = useCallback(async (): Promise<boolean> => {
    const items = useCartStore.getState().items;
    if (items.length === 0) return true;
    setState((s) => ({ ...s, pending: true }));
    try {
      const { items: lines } = await refreshCart(items);
      const store = useCartStore.getState();
      const outcome = mergeRefresh(store.items, lines, currency);
      store.replaceItems(outcome.items);
      setState({ notes: outcome.notes, stock: outcome.stock, pending: false, failed: false });
      return outcome.notes.length === 0;
    } catch {
      // Nothing is lost: POST /orders prices and checks every line again and says what is wrong.
      setState((s) => ({ ...s, pending: false, failed: true }));
      return true;
    }
  }, [currency]);

  const run = useCallback((): Promise<boolean> => {
    // A second ask while one is under way (a double click on Continue) waits for the same one.
    if (inFlight.current) return inFlight.current;
    const once = refreshNow().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = once;
    return once;
  }, [refreshNow]);

  const opened = useRef(false);
  useEffect(() => {
    if (!enabled || opened.current) return;
    opened.current = true;
    void run();
  }, [enabled, run]);

  return { ...state, run };
}

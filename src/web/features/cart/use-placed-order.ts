import { useEffect, useState } from 'react';
import type { Order } from '../../../shared/contracts/commerce';
import { myOrder } from './api/checkout-api';
import { orderFingerprint } from './order-fingerprint';
import { useCartStore } from './stores/cart-store';

/**
 * The unpaid order placed for this cart, as the server priced it (its code, discount and total):
 * placed in this visit (`setPlaced`), or placed before and read back when the buyer returns to
 * the payment step — then its code goes back in the field (`restoreCode`), so paying pays that
 * order. `current` is that order while the cart, addresses and code are still what it was placed
 * from (order-fingerprint.ts), else null.
 */
export function usePlacedOrder(userId: string, code: string, restoreCode: (code: string) => void) {
  const [placed, setPlaced] = useState<Order | null>(null);
  const placedOrder = useCartStore((s) => s.placedOrder);
  const items = useCartStore((s) => s.items);
  const shippingId = useCartStore((s) => s.selectedShippingAddressId);
  const billingId = useCartStore((s) => s.selectedBillingAddressId);

  const fingerprintWith = (discountCode: string) =>
    shippingId
      ? orderFingerprint({
          userId,
          items,
          shippingAddressId: shippingId,
          billingAddressId: billingId,
          discountCode,
        })
      : null;

  useEffect(() => {
    const before = useCartStore.getState().placedOrder;
    if (!before) return;
    let live = true;
    myOrder(before.orderId)
      .then((order) => {
        if (!live || order?.status !== 'pending') return;
        const typed = order.transactions.find((p) => p.discountCode)?.discountCode ?? '';
        if (fingerprintWith(typed) !== before.fingerprint) return;
        setPlaced(order);
        restoreCode(typed);
      })
      .catch(() => {
        // Not shown: paying places the cart, or reuses the order, as before.
      });
    return () => {
      live = false;
    };
    // Once, when the step opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current =
    placed &&
    placedOrder?.orderId === placed._id &&
    placedOrder.fingerprint === fingerprintWith(code)
      ? placed
      : null;
  return { current, setPlaced };
}

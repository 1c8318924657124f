import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartTotals } from '../../../../shared/cart';
import type { PaymentIntentResponse } from '../../../../shared/contracts/commerce';
import { COMMERCE_LIMITS } from '../../../../shared/contracts/commerce-rules';
import { formatMoney, formatNumber } from '../../../../shared/format';
import { usePending } from '../../../components/ui/form';
import { ApiError, isSessionExpired } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/errors';
import { useRootData } from '../../../lib/root-data';
import { addressLines } from '../address-lines';
import { placeOrder, startPayment } from '../api/checkout-api';
import { orderFingerprint } from '../order-fingerprint';
import { cartLineKey, useCartStore } from '../stores/cart-store';
import { CancelOrderButton } from '../../../components/CancelOrderButton';
import { PaymentRefusal } from '../../../components/PaymentRefusal';
import { refusalOf, type Refusal } from '../../../components/payment-refusal';
import { discountCodesOf, useDiscountCode } from '../use-discount-code';
import { usePlacedOrder } from '../use-placed-order';
import { CartTotals } from './CartTotals';
import { DiscountCodeField, PlacedDiscount } from './DiscountCodeField';
import { PaymentForm, preloadPaymentForm } from './PaymentForm';

interface PaymentStepProps {
  currency: string;
  userId: string;
  /** The server refused the order because of the cart (stock, availability): fix it there. */
  onBackToCart: (message: string) => void;
  /** The address is gone (or the buyer wants another one). */
  onBackToAddress: (message?: string) => void;
}

/** Starting a payment failed for a reason that is not the cart's. */
const START_ERROR = 'We could not start the payment.';
const startFailure = (err: unknown): Refusal => ({ advice: apiErrorMessage(err, START_ERROR) });

/**
 * The payment step: what is ordered and where it goes, then "Place order and pay" — POST /orders
 * once for this cart (its id kept with the cart's fingerprint, so coming back pays the same order),
 * POST /payment-intent and the provider's payment form. Paid: the cart is emptied and the buyer
 * lands on /thanks.
 */
export function PaymentStep({ currency, userId, onBackToCart, onBackToAddress }: PaymentStepProps) {
  const navigate = useNavigate();
  const items = useCartStore((s) => s.items);
  const shippingAddress = useCartStore((s) => s.shippingAddress);
  const shippingId = useCartStore((s) => s.selectedShippingAddressId);
  const billingId = useCartStore((s) => s.selectedBillingAddressId);
  const billingAddress = useCartStore((s) =>
    billingId ? (s.userAddresses.find((a) => a._id === billingId) ?? null) : null,
  );
  const stripeConfigured = Boolean(useRootData()?.config.stripePublishableKey);
  const [payment, setPayment] = useState<{ orderId: string; intent: PaymentIntentResponse }>();
  // Why the order could not be placed or its payment started (a card's refusal shows in its form).
  const [error, setError] = useState<Refusal | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const discount = useDiscountCode(items);
  const { current, setPlaced } = usePlacedOrder(userId, discount.code, discount.change);
  const [pending, run] = usePending();

  useEffect(() => preloadPaymentForm(stripeConfigured ? 'stripe' : 'local'), [stripeConfigured]);

  async function paid(orderId: string) {
    await navigate(`/thanks?order=${encodeURIComponent(orderId)}`);
    useCartStore.getState().clearCart();
  }

  /** The order for the cart as it is: the one placed before if nothing changed, else a new one. */
  async function orderIdFor(shippingAddressId: string): Promise<string> {
    const store = useCartStore.getState();
    const fingerprint = orderFingerprint({
      userId,
      items: store.items,
      shippingAddressId,
      billingAddressId: store.selectedBillingAddressId,
      discountCode: discount.code,
    });
    if (store.placedOrder?.fingerprint === fingerprint) return store.placedOrder.orderId;
    // Pressed again for the same cart (the answer was lost: a 503, the network): the same key, so
    // the server answers the order the first press may have placed (docs/decisions/077).
    const { order } = await placeOrder(
      store.items,
      shippingAddressId,
      store.selectedBillingAddressId,
      discount.code,
      store.placingKey(fingerprint),
    );
    setPlaced(order);
    useCartStore.getState().setPlacedOrder({ orderId: order._id, fingerprint });
    return order._id;
  }

  function orderRefused(err: unknown) {
    if (isSessionExpired(err)) return;
    // The code is wrong or cannot be used now: the message says which; the cart is fine.
    if (err instanceof ApiError && err.code?.startsWith('DISCOUNT_CODE_'))
      return discount.setError(err.message);
    if (err instanceof ApiError && err.code === 'ADDRESS_NOT_FOUND')
      return onBackToAddress(err.message);
    // Three unpaid orders already: the cart is fine, the buyer pays or cancels one first.
    if (err instanceof ApiError && err.code === 'TOO_MANY_UNPAID_ORDERS')
      return setError(refusalOf(err));
    if (err instanceof ApiError && (err.status === 400 || err.status === 409))
      return onBackToCart(err.message);
    setError(startFailure(err));
  }

  /** Places the order (once) and opens its payment; an expired order is replaced once. */
  async function start(shippingAddressId: string) {
    setError(null);
    discount.setError(null);
    setCancelled(false);
    for (let attempt = 0; attempt < 2; attempt++) {
      let orderId: string;
      try {
        orderId = await orderIdFor(shippingAddressId);
      } catch (err) {
        return orderRefused(err);
      }
      try {
        setPayment({ orderId, intent: await startPayment(orderId) });
        return;
      } catch (err) {
        const code = err instanceof ApiError ? err.code : undefined;
        if (code === 'ALREADY_PAID') return paid(orderId);
        if (code === 'ORDER_ITEM_UNAVAILABLE') {
          // The server cancelled the order: the cart's refresh shows which item is gone.
          useCartStore.getState().setPlacedOrder(null);
          return onBackToCart((err as ApiError).message);
        }
        if (code !== 'ORDER_NOT_PAYABLE' && code !== 'ORDER_NOT_FOUND') {
          if (!isSessionExpired(err)) setError(startFailure(err));
          return;
        }
        // Expired unpaid (its stock released) or gone: forget it and place the cart again.
        useCartStore.getState().setPlacedOrder(null);
      }
    }
    setError({ advice: START_ERROR });
  }

  if (!shippingId) return null;
  // The placed order's figures when it is this cart's, else the applied code's, else the cart's.
  const priced = current ?? discount.preview;
  const totals = priced ?? cartTotals(items);
  const codes = priced ? discountCodesOf(priced) : '';
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <section aria-labelledby="order-summary-heading" className="min-w-0 space-y-6">
        <h3 id="order-summary-heading" className="text-lg font-semibold text-gray-900">
          Your order
        </h3>
        <ul className="divide-y divide-gray-200" data-testid="order-summary-lines">
          {items.map((item) => (
            <li key={cartLineKey(item._id, item.selectedVariations)} className="flex gap-3 py-3">
              <span className="min-w-0 flex-1 break-words">
                {item.title ?? 'An item'}
                {Object.keys(item.selectedVariations).length > 0
                  ? ` (${Object.values(item.selectedVariations).join(', ')})`
                  : ''}{' '}
                × {formatNumber(item.amount)}
              </span>
              <span className="font-medium">
                {formatMoney(cartTotals([item]).subtotal, currency)}
              </span>
            </li>
          ))}
        </ul>
        <CartTotals
          totals={totals}
          currency={currency}
          discount={priced ? { codes, amount: priced.discount } : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h4 className="font-semibold text-gray-900">Ship to</h4>
            <address
              className="mt-1 text-sm not-italic text-gray-800"
              data-testid="summary-ship-to"
            >
              {(shippingAddress ? addressLines(shippingAddress) : []).map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div>
            <h4 className="font-semibold text-gray-900">Bill to</h4>
            <address className="mt-1 text-sm not-italic text-gray-800">
              {billingAddress
                ? addressLines(billingAddress).map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))
                : 'Same as shipping'}
            </address>
          </div>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => onBackToAddress()}>
          Change the address
        </button>
      </section>

      <div className="space-y-4">
        <DiscountCodeField state={discount} locked={Boolean(payment)} />
        {current ? <PlacedDiscount order={current} /> : null}
        <PaymentRefusal refusal={error} testId="payment-error" />
        {payment ? (
          <>
            <PaymentForm
              intent={payment.intent}
              orderId={payment.orderId}
              onPaid={() => paid(payment.orderId)}
            />
            <CancelOrderButton
              orderId={payment.orderId}
              onCancelled={() => {
                useCartStore.getState().setPlacedOrder(null);
                setPayment(undefined);
                setError(null);
                setCancelled(true);
              }}
            />
          </>
        ) : (
          <>
            {cancelled ? (
              <p role="status" className="rounded-lg bg-gray-100 p-3" data-testid="order-cancelled">
                Order cancelled: its items were released and nothing was charged. Your cart is
                unchanged, so you can place it again.
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-primary w-full"
              disabled={pending}
              onClick={() => void run(() => start(shippingId))}
              data-testid="place-order"
            >
              {pending ? 'Placing your order…' : 'Place order and pay'}
            </button>
            <p className="text-sm text-gray-700">
              Your items are held for you for {COMMERCE_LIMITS.holdMinutes} minutes while you pay.
            </p>
          </>
        )}
      </div>
    </div>
  );
}

import { attributionOf } from '../attribution';
import { commerceApi } from '../../../../shared/api/commerce';
import { discountsApi } from '../../../../shared/api/discounts';
import type { CardInput } from '../../../../shared/card';
import type { StoredAddress } from '../../../../shared/contracts/commerce-rules';
import type { Order } from '../../../../shared/contracts/commerce';
import { ACCESS_TOKEN_COOKIE, api } from '../../../lib/api';
import { ApiError, readCookie, type ApiClient } from '../../../lib/api-client';
import { refreshRequestLines } from '../cart-refresh';
import type { CartItem } from '../stores/cart-store';

// The checkout's calls (SPEC §7 "Cart and payments"), each naming its endpoint of the shared
// catalogue so request and response types come from the contracts. Browser calls use the app's
// client (token cookie, refresh-and-retry); the /thanks loader passes `serverApi(context)`.

/** POST /cart/refresh with the cart's lines and the prices the buyer was shown. */
export const refreshCart = (items: readonly CartItem[]) => {
  const lines = refreshRequestLines(items);
  return api.call(commerceApi.refreshCart, { body: { items: lines } });
};

/** GET /addresses: the member's address book, newest first. */
export const listAddresses = () => api.call(commerceApi.addresses, {});

/** POST /addresses as SPEC §7 has it: form data with `token` and `address` as a JSON string. */
export function createAddress(address: StoredAddress) {
  const form = new FormData();
  form.append('token', readCookie(document.cookie, ACCESS_TOKEN_COOKIE) ?? '');
  form.append('address', JSON.stringify(address));
  return api.call(commerceApi.createAddress, { body: form });
}

export const deleteAddress = (id: string) => api.call(commerceApi.deleteAddress, { query: { id } });

/** The cart's lines as POST /orders (and the discount preview) take them: no prices. */
const orderLines = (items: readonly CartItem[]) =>
  items.map((i) => ({ _id: i._id, amount: i.amount, selectedVariations: i.selectedVariations }));

/**
 * POST /orders: the server prices every line itself; the cart's prices are not sent. The key names
 * this attempt (placing-attempt.ts): sent again, the server answers the order it placed.
 */
export const placeOrder = (
  items: readonly CartItem[],
  shippingAddressId: string,
  billingAddressId: string | null,
  discountCode: string,
  idempotencyKey: string,
) =>
  api.call(commerceApi.createOrder, {
    body: {
      idempotencyKey,
      items: orderLines(items),
      shippingAddressId,
      ...(billingAddressId ? { billingAddressId } : {}),
      // A seller's code: the server alone decides whether and how much (docs/decisions/073).
      ...(discountCode.trim() ? { discountCode: discountCode.trim() } : {}),
      // Where the lines came from: each seller's part is credited (ADR 071).
      attribution: attributionOf(items),
    },
  });

/** POST /discounts/preview: what the code would do to this cart, as placing it would price it. */
export const previewDiscount = (items: readonly CartItem[], discountCode: string) =>
  api.call(discountsApi.previewDiscount, {
    body: { items: orderLines(items), discountCode: discountCode.trim() },
  });

/** GET /orders?id=: one of my orders (the checkout shows an unpaid one it placed before). */
export async function myOrder(id: string): Promise<Order | null> {
  const res = await api.call(commerceApi.orders, { query: { id } });
  return 'order' in res ? res.order : null;
}

/** POST /payment-intent: start (or resume) paying the order. */
export const startPayment = (orderId: string) =>
  api.call(commerceApi.createPaymentIntent, { body: { orderId } });

/** POST /payments/local/confirm: the embedded driver's card form. */
export const confirmCardPayment = (paymentIntentId: string, card: CardInput) =>
  api.call(commerceApi.confirmLocalPayment, { body: { paymentIntentId, card } });

// ---- server side (loaders) ----

/**
 * One of the signed-in buyer's orders, or null when it cannot be shown (not theirs, not there, or
 * the call failed): /thanks then says thank you without the details rather than fail.
 */
export async function loadOrder(client: ApiClient, id: string): Promise<Order | null> {
  try {
    const res = await client.call(commerceApi.orders, { query: { id } });
    return 'order' in res ? res.order : null;
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

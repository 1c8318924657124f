import { expect } from 'vitest';
import type { Discount, DiscountInput } from '../../../src/shared/contracts/discounts';
import type { Order } from '../../../src/shared/contracts/commerce';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import { ApiError } from '../../../src/web/lib/api-client';
import type { TestApp } from '../../helpers/app';
import { typedClient } from '../../helpers/typed-client';
import { createTestAddress } from '../../factories/commerce';
import { send, type Auth } from '../commerce/checkout-support';

// Shared by the discount code API tests: a seller's code saved through PUT /discounts, and a
// buyer's checkout through POST /orders with a code.

export { market, refused, send, type Auth } from '../commerce/checkout-support';

export async function saveCode(t: TestApp, auth: Auth, input: DiscountInput): Promise<Discount> {
  const res = await send(t, auth, 'PUT', '/discounts', input);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ discount: Discount }>().discount;
}

/** POST /orders for one unit of each post, with the code when given (a fresh address each time). */
export async function checkout(
  t: TestApp,
  buyer: { auth: Auth; user: { id: string } },
  postIds: string[],
  discountCode?: string,
) {
  const address = await createTestAddress(t, buyer.user.id);
  return send(t, buyer.auth, 'POST', '/orders', {
    items: postIds.map((_id) => ({ _id, amount: 1, selectedVariations: {} })),
    shippingAddressId: address.id,
    ...(discountCode === undefined ? {} : { discountCode }),
  });
}

export const orderOf = (res: { json: <T>() => T }) => res.json<{ order: Order }>().order;

/**
 * The preview and the order through the web's typed client (as the checkout calls them), each
 * answering what happened: the figures, or the refusal's status, code and sentence.
 */
type Outcome<T> =
  | { ok: T; refused: null }
  | { ok: null; refused: { status: number; code: string | undefined; message: string } };

export function previewCalls(app: () => TestApp) {
  const client = typedClient(app);
  const outcome = async <T>(call: Promise<T>): Promise<Outcome<T>> => {
    try {
      return { ok: await call, refused: null };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { ok: null, refused: { status: err.status, code: err.code, message: err.message } };
    }
  };
  const lines = (postIds: string[]) =>
    postIds.map((_id) => ({ _id, amount: 1, selectedVariations: {} }));
  return {
    preview: (auth: Auth, postIds: string[], discountCode: string) =>
      outcome(
        client.call(
          discountsApi.previewDiscount,
          { body: { items: lines(postIds), discountCode } },
          { headers: auth },
        ),
      ),
    place: (auth: Auth, postIds: string[], shippingAddressId: string, discountCode: string) =>
      outcome(
        client.call(
          commerceApi.createOrder,
          { body: { items: lines(postIds), shippingAddressId, discountCode } },
          { headers: auth },
        ),
      ),
  };
}

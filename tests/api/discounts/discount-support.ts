import { expect } from 'vitest';
import type { Discount, DiscountInput } from '../../../src/shared/contracts/discounts';
import type { Order } from '../../../src/shared/contracts/commerce';
import type { TestApp } from '../../helpers/app';
import { createTestAddress } from '../../factories/commerce';
import { send, type Auth } from '../commerce/checkout-support';

// Shared by the discount code API tests: a seller's code saved through PUT /discounts, and a
// buyer's checkout through POST /orders with a code.

export { refused, send, type Auth } from '../commerce/checkout-support';

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

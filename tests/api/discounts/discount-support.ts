import { expect } from 'vitest';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import type { CallInput, EndpointDef, ResponseOf } from '../../../src/shared/api/endpoint';
import type { DiscountInput } from '../../../src/shared/contracts/discounts';
import type { FieldIssue } from '../../../src/shared/errors';
import { ApiError } from '../../../src/web/lib/api-client';
import type { TestApp } from '../../helpers/app';
import type { Auth } from '../../helpers/member-calls';
import { typedClient } from '../../helpers/typed-client';
import { createTestAddress } from '../../factories/commerce';

// Shared by the discount code API tests: every call goes through the web's typed client (request
// and answer types from the shared contracts) and answers its HTTP status with its body or its
// refusal, so a test checks both as before. A seller's code saved through PUT /discounts, a
// buyer's checkout through POST /orders with a code, and the preview of one.

export { market } from '../commerce/checkout-support';
export type { Auth };

/** A call's HTTP status, and its typed answer or the refusal (code, sentence, field problems). */
export type Answer<T> =
  | { status: number; ok: T; error: null }
  | {
      status: number;
      ok: null;
      error: { code: string | undefined; message: string; details: FieldIssue[] | undefined };
    };

/** One call to `endpoint` as the member `auth` (null: signed out). */
export async function call<E extends EndpointDef>(
  t: TestApp,
  auth: Auth | null,
  endpoint: E,
  input: CallInput<E>,
): Promise<Answer<ResponseOf<E>>> {
  let status = 0;
  const client = typedClient(() => t, { onAnswer: (res) => (status = res.statusCode) });
  try {
    const ok = await client.call(endpoint, input, auth ? { headers: auth } : undefined);
    return { status, ok, error: null };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return {
      status,
      ok: null,
      error: { code: err.code, message: err.message, details: err.details },
    };
  }
}

/** The answer's typed body, once checked to be `status`. */
export function answered<T>(answer: Answer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.error)).toBe(status);
  return answer.ok!;
}

/** The refusal of a call, checked for its status and code, with a sentence for people. */
export function refused(answer: Answer<unknown>, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.ok ?? answer.error)).toBe(status);
  expect(answer.error?.code).toBe(code);
  expect(answer.error!.message.length).toBeGreaterThan(10);
  return answer.error!;
}

export async function saveCode(t: TestApp, auth: Auth, input: DiscountInput) {
  return answered(await call(t, auth, discountsApi.saveDiscount, { body: input })).discount;
}

const lines = (postIds: string[]) =>
  postIds.map((_id) => ({ _id, amount: 1, selectedVariations: {} }));

/** POST /orders for one unit of each post, with the code when given (to the address given). */
export const placeWith = (
  t: TestApp,
  auth: Auth,
  postIds: string[],
  shippingAddressId: string,
  discountCode?: string,
) =>
  call(t, auth, commerceApi.createOrder, {
    body: {
      items: lines(postIds),
      shippingAddressId,
      ...(discountCode === undefined ? {} : { discountCode }),
    },
  });

/** POST /orders for one unit of each post, with the code when given (a fresh address each time). */
export async function checkout(
  t: TestApp,
  buyer: { auth: Auth; user: { id: string } },
  postIds: string[],
  discountCode?: string,
) {
  const address = await createTestAddress(t, buyer.user.id);
  return placeWith(t, buyer.auth, postIds, address.id, discountCode);
}

/** The order a checkout placed (201). */
export const orderOf = (answer: Answer<ResponseOf<typeof commerceApi.createOrder>>) =>
  answered(answer, 201).order;

/** POST /discounts/preview for one unit of each post and the code typed. */
export const preview = (t: TestApp, auth: Auth | null, postIds: string[], discountCode: string) =>
  call(t, auth, discountsApi.previewDiscount, { body: { items: lines(postIds), discountCode } });

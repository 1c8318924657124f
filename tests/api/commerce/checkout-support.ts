import { count, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  addresses,
  discountCodes,
  discountRedemptions,
  jobs,
  ledgerEntries,
  orderItems,
  offers,
  orders,
  paymentIntents,
  products,
  transactions,
} from '../../../src/server/db/schema';
import type { CallInput, EndpointDef } from '../../../src/shared/api/endpoint';
import { ApiError } from '../../../src/web/lib/api-client';
import type { TestApp } from '../../helpers/app';
import type { Auth } from '../../helpers/member-calls';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress, createTestOrder } from '../../factories/commerce';

// Shared by the checkout API tests: calls with a signed-in user, and a snapshot of everything a
// refused call must leave as it was.

export { DECLINED, NO_FUNDS, VISA, freshAuth, send, type Auth } from '../../helpers/member-calls';

/**
 * The cast of the checkout tests: two sellers (Maya, Leo) and a buyer (Sam) with a saved address
 * (`home`). Each test file adds the posts it needs.
 */
export async function market(t: TestApp) {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const leo = await signedInUser(t.deps, { accountType: 'seller', name: 'Leo' });
  const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
  const home = await createTestAddress(t, sam.user.id);
  return { maya, leo, sam, home };
}

/**
 * Calls through the web's typed client (endpoints of src/shared/api), as a member or anonymously:
 * `call` resolves the answer's body or rejects with ApiError; `status()` is the status of the last
 * answer, so a test still checks a 201 or a 200 exactly, and `statuses()` those of every answer
 * since it was last asked (calls made at once).
 */
export function typedCalls(app: () => TestApp) {
  let last: LightMyRequestResponse | undefined;
  const answered: number[] = [];
  const client = typedClient(app, {
    onAnswer: (res) => {
      last = res;
      answered.push(res.statusCode);
    },
  });
  return {
    call: <E extends EndpointDef>(auth: Auth | null, endpoint: E, input: CallInput<E>) =>
      client.call(endpoint, input, { headers: auth ?? {} }),
    status: () => last?.statusCode,
    statuses: () => answered.splice(0),
  };
}

/** A typed call's refusal, checked for its status and code as `refused` checks an answer. */
export async function refusedCall(
  call: Promise<unknown>,
  status: number,
  code: string,
): Promise<ApiError> {
  const error = await call.then(
    (data) => new Error(`expected a ${status} refusal, got ${JSON.stringify(data)}`),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status, code });
  expect((error as ApiError).message.length).toBeGreaterThan(10);
  return error as ApiError;
}

/**
 * Typed calls made at the same moment: the answers that succeeded and the refusals (each an
 * ApiError: anything else thrown fails the test), both in call order.
 */
export async function atOnce<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  const answered = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const refused = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  for (const error of refused) expect(error).toBeInstanceOf(ApiError);
  const label = JSON.stringify(
    settled.map((s) => (s.status === 'fulfilled' ? 'ok' : (s.reason as ApiError).status)),
  );
  return { answered, refused: refused as ApiError[], label };
}

/**
 * Row counts of every commerce table a checkout call writes, the uses of discount codes and the
 * state of offers it takes, and the stock of the posts given.
 */
export async function snapshot(t: TestApp, productIds: string[] = []) {
  const db = t.deps.database.db;
  const rows = async (table: typeof orders | typeof transactions | typeof orderItems) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const stock = productIds.length
    ? await db
        .select({ id: products.id, stock: products.stock, variations: products.variations })
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(products.id)
    : [];
  return {
    orders: await rows(orders),
    transactions: await rows(transactions),
    orderItems: await rows(orderItems),
    addresses: (await db.select({ n: count() }).from(addresses))[0]!.n,
    intents: await db.select().from(paymentIntents).orderBy(paymentIntents.id),
    ledger: (await db.select({ n: count() }).from(ledgerEntries))[0]!.n,
    orderRows: await db.select().from(orders).orderBy(orders.id),
    jobs: (await db.select({ n: count() }).from(jobs))[0]!.n,
    codeUses: await db
      .select({ id: discountCodes.id, uses: discountCodes.uses })
      .from(discountCodes)
      .orderBy(discountCodes.id),
    redemptions: (await db.select({ n: count() }).from(discountRedemptions))[0]!.n,
    offers: await db
      .select({ id: offers.id, status: offers.status, orderId: offers.orderId })
      .from(offers)
      .orderBy(offers.id),
    stock,
  };
}

/** Runs `call` and checks that it changed nothing a checkout writes. */
export async function unchanged(
  t: TestApp,
  productIds: string[],
  call: () => Promise<void>,
): Promise<void> {
  const before = await snapshot(t, productIds);
  await call();
  expect(await snapshot(t, productIds)).toEqual(before);
}

/** The error body of a refused call, checked for its status and code. */
export function refused(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ code: string; message: string; details?: unknown }>();
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(10);
  return body;
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await t.deps.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

export async function ledgerOf(t: TestApp, orderId: string) {
  return t.deps.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
}

/** A buyer with an unpaid order for one Lamp (price 10.00 + 2.00 shipping + 1.20 tax). */
export async function unpaidOrder(app: TestApp) {
  const maya = await signedInUser(app.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(app.deps, { accountType: 'buyer', name: 'Sam' });
  const lamp = await createProduct(app, maya.user, {
    title: 'Lamp',
    price: 10,
    shippingCost: 2,
    stock: 3,
  });
  const order = await createTestOrder(app, sam.user.id, [{ productId: lamp._id }]);
  return { maya, sam, lamp, order };
}

import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress, createTestOrder } from '../../factories/commerce';
import { commerceApi } from '../../../src/shared/api/commerce';
import { atOnce, stockOf, typedCalls } from './checkout-support';

/**
 * Real PostgreSQL only (a pool of connections, so one member's orders truly race): the unpaid
 * orders limit (docs/decisions/052) holds when a member places many orders at the same moment —
 * the buyer's row lock counts them one after the other.
 */
const AT_ONCE = 12;
const ROUNDS = 8;

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
const api = typedCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.deps, { accountType: 'seller' });
}, 120_000);
afterAll(() => t?.close());

async function openOrdersOf(buyerId: string) {
  const [row] = await t.deps.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), inArray(orders.status, ['pending', 'payment_failed'])));
  return row!.n;
}

describe('the unpaid orders limit under concurrency (PostgreSQL)', () => {
  it(
    `${AT_ONCE} orders at once from one member: never more than ${COMMERCE_LIMITS.unpaidOrdersMax} open, ${ROUNDS} rounds`,
    { timeout: 300_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
        const address = await createTestAddress(t, buyer.user.id);
        const post = await createProduct(t, seller.user, { title: `Print #${round}`, stock: 100 });
        // Odd rounds start with two open orders already: only one more may be placed.
        const before = round % 2 === 1 ? 2 : 0;
        for (let i = 0; i < before; i++)
          await createTestOrder(t, buyer.user.id, [{ productId: post._id }]);
        const attempts = await atOnce(
          Array.from({ length: AT_ONCE }, () =>
            api.call(buyer.auth, commerceApi.createOrder, {
              body: {
                items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
                shippingAddressId: address.id,
              },
            }),
          ),
        );
        const label = `round ${round}: ${attempts.label}`;
        const allowed = COMMERCE_LIMITS.unpaidOrdersMax - before;
        expect(attempts.answered, label).toHaveLength(allowed);
        expect(
          attempts.refused.map((e) => [e.status, e.code]),
          label,
        ).toEqual(Array(AT_ONCE - allowed).fill([409, 'TOO_MANY_UNPAID_ORDERS']));
        expect(await openOrdersOf(buyer.user.id), label).toBe(COMMERCE_LIMITS.unpaidOrdersMax);
        // Refused orders took no stock.
        expect(await stockOf(t, post._id), label).toBe(100 - COMMERCE_LIMITS.unpaidOrdersMax);
      }
    },
  );
});

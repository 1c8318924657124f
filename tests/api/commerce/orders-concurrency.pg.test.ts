import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { commerceApi } from '../../../src/shared/api/commerce';
import { atOnce, stockOf, typedCalls } from './checkout-support';

/**
 * Real PostgreSQL only (a pool of connections, so orders truly race; PGlite has one connection and
 * would serialise them): 50 buyers order the last unit of a post at the same moment. The row lock
 * taken by POST /orders must let exactly one through, every round.
 */
const BUYERS = 50;
const ROUNDS = 20;

let t: TestApp;
let buyers: { auth: Record<string, string>; addressId: string; userId: string }[];
const api = typedCalls(() => t);
let seller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.deps, { accountType: 'seller' });
  buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
      const address = await createTestAddress(t, buyer.user.id);
      return { auth: buyer.auth, addressId: address.id, userId: buyer.user.id };
    }),
  );
}, 120_000);
afterAll(() => t?.close());

describe('POST /orders under concurrency (PostgreSQL)', () => {
  it(
    `${BUYERS} parallel orders for the last unit: exactly one succeeds, ${ROUNDS} rounds in a row`,
    { timeout: 300_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const post = await createProduct(t, seller.user, { title: `Last one #${round}`, stock: 1 });
        const { answered, refused, label } = await atOnce(
          buyers.map((b) =>
            api.call(b.auth, commerceApi.createOrder, {
              body: {
                items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
                shippingAddressId: b.addressId,
              },
            }),
          ),
        );
        expect(answered, `round ${round}: ${label}`).toHaveLength(1);
        expect(
          refused.map((e) => [e.status, e.code, e.message]),
          `round ${round}: ${label}`,
        ).toEqual(
          Array(BUYERS - 1).fill([409, 'OUT_OF_STOCK', `“Last one #${round}” is sold out.`]),
        );
        expect(await stockOf(t, post._id), label).toBe(0);
        const [sold] = await t.deps.database.db
          .select({ n: count() })
          .from(orderItems)
          .where(eq(orderItems.productId, post._id));
        expect(sold!.n, label).toBe(1);
        // One order row per round, whatever the 49 refused ones did before failing.
        const [placed] = await t.deps.database.db.select({ n: count() }).from(orders);
        expect(placed!.n, label).toBe(round);
        // The winner lets the order go, so no buyer reaches the unpaid orders limit (ADR 052)
        // by winning several rounds.
        const [won] = answered;
        const winner = buyers.find((b) => b.userId === won!.order.transactions[0]!.buyer._id)!;
        await api.call(winner.auth, commerceApi.cancelOrder, { body: { id: won!.order._id } });
        expect(api.status()).toBe(200);
      }
    },
  );
});

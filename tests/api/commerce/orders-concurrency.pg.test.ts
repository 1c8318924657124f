import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { send, stockOf } from './checkout-support';

/**
 * Real PostgreSQL only (a pool of connections, so orders truly race; PGlite has one connection and
 * would serialise them): 50 buyers order the last unit of a post at the same moment. The row lock
 * taken by POST /orders must let exactly one through, every round.
 */
const BUYERS = 50;
const ROUNDS = 20;

let t: TestApp;
let buyers: { auth: Record<string, string>; addressId: string }[];
let seller: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.deps, { accountType: 'seller' });
  buyers = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
      const address = await createTestAddress(t, buyer.user.id);
      return { auth: buyer.auth, addressId: address.id };
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
        const answers = await Promise.all(
          buyers.map((b) =>
            send(t, b.auth, 'POST', '/orders', {
              items: [{ _id: post._id, amount: 1, selectedVariations: {} }],
              shippingAddressId: b.addressId,
            }),
          ),
        );
        const statuses = answers.map((r) => r.statusCode);
        const label = `round ${round}: ${JSON.stringify(statuses)}`;
        expect(
          statuses.filter((s) => s === 201),
          label,
        ).toHaveLength(1);
        const refusedAnswers = answers.filter((r) => r.statusCode !== 201);
        expect(
          refusedAnswers.map((r) => r.statusCode),
          label,
        ).toEqual(Array(BUYERS - 1).fill(409));
        for (const r of refusedAnswers)
          expect(r.json(), label).toMatchObject({
            code: 'OUT_OF_STOCK',
            message: `“Last one #${round}” is sold out.`,
          });
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
        const winner = answers.findIndex((r) => r.statusCode === 201);
        const cancel = await send(t, buyers[winner]!.auth, 'POST', '/orders/cancel', {
          id: answers[winner]!.json<{ order: { _id: string } }>().order._id,
        });
        expect(cancel.statusCode, cancel.body).toBe(200);
      }
    },
  );
});

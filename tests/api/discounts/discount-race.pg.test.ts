import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, transactions } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { commerceApi } from '../../../src/shared/api/commerce';
import { answered, call, placeWith, saveCode } from './discount-support';

/**
 * Real PostgreSQL only (a pool of connections, so checkouts truly race; PGlite has one connection
 * and would serialise them): 20 checkouts at once with a code that has one use left, and one
 * buyer's 20 checkouts at once with a code each buyer may use once. Exactly one wins, every round.
 */
const PARALLEL = 20;
const ROUNDS = 5;

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let buyers: { auth: Record<string, string>; addressId: string }[];

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.deps, { accountType: 'seller' });
  buyers = await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
      const address = await createTestAddress(t, buyer.user.id);
      return { auth: buyer.auth, addressId: address.id };
    }),
  );
}, 120_000);
afterAll(() => t?.close());

const order = (b: (typeof buyers)[number], postId: string, code: string) =>
  placeWith(t, b.auth, [postId], b.addressId, code);

async function expectOneWinner(
  answers: Awaited<ReturnType<typeof order>>[],
  codeId: string,
  label: string,
) {
  const statuses = answers.map((r) => r.status);
  expect(
    statuses.filter((s) => s === 201),
    `${label}: ${JSON.stringify(statuses)}`,
  ).toHaveLength(1);
  for (const r of answers.filter((a) => a.status !== 201))
    expect(r, label).toMatchObject({ status: 409, error: { code: 'DISCOUNT_CODE_UNUSABLE' } });
  const db = t.deps.database.db;
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  expect(row!.uses, label).toBe(1);
  const [used] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, codeId));
  expect(used!.n, label).toBe(1);
  const [parts] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.discountCode, row!.code));
  expect(parts!.n, label).toBe(1);
  return answers.findIndex((r) => r.status === 201);
}

describe('discount codes under concurrency (PostgreSQL)', () => {
  it(
    `${PARALLEL} parallel checkouts with a code that has 1 use left: exactly one gets it, ${ROUNDS} rounds`,
    { timeout: 300_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const post = await createProduct(t, seller.user, { title: `Plenty #${round}`, stock: 100 });
        const code = await saveCode(t, seller.auth, {
          code: `LAST${round}`,
          kind: 'percent',
          value: 10,
          maxUses: 1,
        });
        const answers = await Promise.all(buyers.map((b) => order(b, post._id, `last${round}`)));
        const label = `round ${round}`;
        const winner = await expectOneWinner(answers, code._id, label);
        for (const r of answers.filter((a) => a.status !== 201))
          expect(r.error?.message, label).toBe(
            `The discount code “LAST${round}” has been used up.`,
          );
        // The winner lets the order go (its use comes back), so no buyer reaches the unpaid limit.
        const cancel = await call(t, buyers[winner]!.auth, commerceApi.cancelOrder, {
          body: { id: answers[winner]!.ok!.order._id },
        });
        answered(cancel, 200);
      }
    },
  );

  it(
    `one buyer's ${PARALLEL} parallel checkouts with a code each buyer may use once: exactly one gets it`,
    { timeout: 120_000 },
    async () => {
      const post = await createProduct(t, seller.user, { title: 'Once each', stock: 100 });
      const code = await saveCode(t, seller.auth, {
        code: 'ONCEEACH',
        kind: 'amount',
        value: 2,
        maxUsesPerBuyer: 1,
      });
      const buyer = buyers[0]!;
      const answers = await Promise.all(buyers.map(() => order(buyer, post._id, 'OnceEach')));
      await expectOneWinner(answers, code._id, 'one buyer');
      for (const r of answers.filter((a) => a.status !== 201))
        expect(r.error?.message).toBe(
          'You have already used the discount code “ONCEEACH” once: each buyer can use it once.',
        );
    },
  );
});

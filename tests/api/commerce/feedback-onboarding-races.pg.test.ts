import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbacks, sellerAccounts, users } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { leave, purchase, sellerWithPost } from './feedback-fixtures';

/**
 * Real PostgreSQL only: the same member clicking many times at once, on several connections. One
 * feedback per side of a sale (the unique index decides the race), one payout account per member.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('races (PostgreSQL)', () => {
  it('ten parallel ratings of one sale: one 201, nine 409 FEEDBACK_EXISTS, one row', async () => {
    const seller = await sellerWithPost(t, 'Maya Maker');
    const buyer = await signedInUser(t.deps);
    const order = await purchase(t, buyer, [seller.post._id]);
    const part = order.transactions[0]!._id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        leave(t, buyer, { type: 'order', id: part, rating: (i % 5) + 1 }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    for (const a of answers.filter((r) => r.statusCode === 409))
      expect(a.json().code).toBe('FEEDBACK_EXISTS');
    const rows = await t.deps.database.db
      .select()
      .from(feedbacks)
      .where(eq(feedbacks.transactionId, part));
    expect(rows).toHaveLength(1);
  });

  it('ten parallel first onboarding links: one payout account, the same id for all', async () => {
    const seller = await signedInUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        inject(t, {
          method: 'GET',
          url: '/api/v1/users/stripe-onboarding-link',
          headers: seller.auth,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().stripeUserId as string));
    expect(ids.size).toBe(1);
    const db = t.deps.database.db;
    const rows = await db
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, seller.user.id));
    expect(rows.map((r) => r.accountId)).toEqual([...ids]);
    const [user] = await db.select().from(users).where(eq(users.id, seller.user.id));
    expect(user!.stripeUserId).toBe([...ids][0]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { mailTo, paidBy, sellerWithPost, ship } from './sales-helpers';

// The mails of a two-seller order (issue 12 §8), through the job queue: one confirmation to the
// buyer, one new-sale mail to each seller about their own part, a shipped mail per part shipped.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('order mails', () => {
  it('tells the buyer once, each seller about their own part, and the buyer of each shipment', async () => {
    const a = await sellerWithPost(t, { title: 'Walnut stool' });
    const b = await sellerWithPost(t, { title: 'Blue mug' });
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const order = await paidBy(t, buyer, [{ productId: a.post._id }, { productId: b.post._id }]);
    const partOf = (id: string) => order.transactions.find((p) => p.seller._id === id)!._id;

    const confirmations = (await mailTo(t, buyer.user.email)).filter((m) =>
      /is confirmed/.test(m.subject),
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('Walnut stool');
    expect(confirmations[0]!.text).toContain('Blue mug');

    for (const [seller, mine, theirs] of [
      [a.seller, 'Walnut stool', 'Blue mug'],
      [b.seller, 'Blue mug', 'Walnut stool'],
    ] as const) {
      const sales = (await mailTo(t, seller.user.email)).filter((m) => /^New sale/.test(m.subject));
      expect(sales).toHaveLength(1);
      expect(sales[0]!.text).toContain(mine);
      expect(sales[0]!.text).not.toContain(theirs);
      expect(sales[0]!.text).toContain(`/sales/${partOf(seller.user.id)}`);
      expect(sales[0]!.text).toContain('1 Main Street');
    }

    expect((await ship(t, a.seller, partOf(a.seller.user.id), 'TRACK-A-0001')).statusCode).toBe(
      200,
    );
    const shipped = (await mailTo(t, buyer.user.email)).filter((m) => /^Shipped/.test(m.subject));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.subject).toContain(a.seller.user.name);
    expect(shipped[0]!.text).toContain('TRACK-A-0001');
    expect(shipped[0]!.text).not.toContain('Blue mug');
  });
});

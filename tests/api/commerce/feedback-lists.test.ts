import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { TEST_ADDRESS } from '../../factories/commerce';
import { leave, listFeedbacks, purchase, sellerWithPost, type Member } from './feedback-fixtures';

// GET /feedbacks: what a member received (as a seller or as a buyer), on a post, or wrote; with the
// average rating; public, and never with an email or an address in it.

let t: TestApp;
let queries = 0;
beforeAll(async () => {
  t = await createTestApp({}, {}, { onQuery: () => void (queries += 1) });
});
afterAll(() => t?.close());

/** A seller with `ratings.length` shipped sales to `buyer`, each rated as given (oldest first). */
async function ratedSeller(name: string, buyer: Member, ratings: number[]) {
  const seller = await sellerWithPost(t, name);
  const parts: string[] = [];
  for (const [i, rating] of ratings.entries()) {
    const order = await purchase(t, buyer, [seller.post._id]);
    const part = order.transactions[0]!._id;
    parts.push(part);
    t.advanceTime(1000); // distinct, increasing creation times
    const res = await leave(t, buyer, { type: 'order', id: part, rating, text: `Sale ${i + 1}` });
    expect(res.statusCode).toBe(201);
  }
  return { seller, parts };
}

describe('GET /feedbacks', () => {
  it("lists a seller's received feedback newest first, with the count and a one-decimal average", async () => {
    const buyer = await signedInUser(t.deps, { name: 'Sam Buyer' });
    const { seller } = await ratedSeller('Maya Maker', buyer, [5, 4, 4]);
    const res = await listFeedbacks(t, { userId: seller.user.id, type: 'order' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recordsCount).toBe(3);
    expect(body.averageRating).toBe(4.3);
    expect(body.feedbacks.map((f: { text: string }) => f.text)).toEqual([
      'Sale 3',
      'Sale 2',
      'Sale 1',
    ]);
    expect(body.feedbacks[0]).toMatchObject({
      author: { name: 'Sam Buyer', image: null, username: buyer.user.username },
      seller: { name: 'Maya Maker', username: seller.user.username },
      items: [{ productId: seller.post._id, title: "Maya Maker's lamp" }],
    });

    // Paged: the count and average still cover everything that matches.
    const page2 = (
      await listFeedbacks(t, { userId: seller.user.id, type: 'order', page: 2, limit: 2 })
    ).json();
    expect(page2).toMatchObject({ recordsCount: 3, averageRating: 4.3 });
    expect(page2.feedbacks.map((f: { text: string }) => f.text)).toEqual(['Sale 1']);
  });

  it('answers null for the average and an empty list when there is no feedback', async () => {
    const nobody = await signedInUser(t.deps);
    const res = await listFeedbacks(t, { userId: nobody.user.id });
    expect(res.json()).toEqual({ feedbacks: [], recordsCount: 0, averageRating: null });
  });

  it('separates feedback received as a seller (order) from feedback received as a buyer (transaction)', async () => {
    const seller = await sellerWithPost(t, 'Ada Anvil');
    const buyer = await signedInUser(t.deps);
    const order = await purchase(t, buyer, [seller.post._id]);
    const part = order.transactions[0]!._id;
    await leave(t, buyer, { type: 'order', id: part, rating: 2 });
    await leave(t, seller, { type: 'transaction', id: part, rating: 5, text: 'Paid fast' });

    const asBuyer = (await listFeedbacks(t, { userId: buyer.user.id, type: 'transaction' })).json();
    expect(asBuyer).toMatchObject({ recordsCount: 1, averageRating: 5 });
    expect(asBuyer.feedbacks[0]).toMatchObject({ type: 'transaction', text: 'Paid fast' });
    // The buyer has sold nothing: nothing received as a seller (type defaults to order).
    expect((await listFeedbacks(t, { userId: buyer.user.id })).json().recordsCount).toBe(0);
    expect(
      (await listFeedbacks(t, { userId: seller.user.id, type: 'order' })).json().averageRating,
    ).toBe(2);
  });

  it("lists buyers' feedback on sales containing a post (?productId=)", async () => {
    const maya = await sellerWithPost(t, 'Maya Two');
    const leo = await sellerWithPost(t, 'Leo Two');
    const buyer = await signedInUser(t.deps);
    const both = await purchase(t, buyer, [maya.post._id, leo.post._id]);
    for (const part of both.transactions)
      await leave(t, buyer, {
        type: 'order',
        id: part._id,
        rating: part.seller._id === maya.user.id ? 5 : 1,
      });
    const res = (await listFeedbacks(t, { productId: maya.post._id })).json();
    expect(res).toMatchObject({ recordsCount: 1, averageRating: 5 });
    expect(res.feedbacks[0].items).toEqual([
      { productId: maya.post._id, title: "Maya Two's lamp" },
    ]);
  });

  it('lists what a member wrote (?authorId=)', async () => {
    const buyer = await signedInUser(t.deps);
    await ratedSeller('Nia Needle', buyer, [3, 5]);
    const res = (await listFeedbacks(t, { authorId: buyer.user.id })).json();
    expect(res.recordsCount).toBe(2);
    expect(res.averageRating).toBe(4);
    expect(
      res.feedbacks.every(
        (f: { author: { username: string } }) => f.author.username === buyer.user.username,
      ),
    ).toBe(true);
  });

  it("lists the feedback on one order's sales (?orderId=)", async () => {
    const maya = await sellerWithPost(t, 'Maya Three');
    const leo = await sellerWithPost(t, 'Leo Three');
    const buyer = await signedInUser(t.deps);
    const order = await purchase(t, buyer, [maya.post._id, leo.post._id]);
    const other = await purchase(t, buyer, [maya.post._id]);
    for (const part of [...order.transactions, ...other.transactions])
      await leave(t, buyer, { type: 'order', id: part._id, rating: 4 });
    const res = (await listFeedbacks(t, { orderId: order._id })).json();
    expect(res.recordsCount).toBe(2);
    // One per seller of the order (a sale is named by its seller, never by id).
    expect(
      res.feedbacks.map((f: { seller: { username: string } }) => f.seller.username).sort(),
    ).toEqual(order.transactions.map((p) => p.seller.username).sort());
  });

  it('is public and never shows an email or an address', async () => {
    const buyer = await signedInUser(t.deps, { email: `sam-${Date.now()}@buyers.example` });
    const { seller } = await ratedSeller('Oli Oak', buyer, [4]);
    const res = await listFeedbacks(t, { userId: seller.user.id });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).not.toContain('@');
    expect(text).not.toContain(buyer.user.email);
    expect(text).not.toContain(seller.user.email);
    expect(text).not.toContain(TEST_ADDRESS.line1);
    expect(text).not.toContain(TEST_ADDRESS.postalCode);
    // The marketplace's latest feedback (no filter) likewise.
    const latest = await listFeedbacks(t, {});
    expect(latest.json().recordsCount).toBeGreaterThan(0);
    expect(latest.body).not.toContain('@');
    expect(latest.body).not.toContain(TEST_ADDRESS.line1);
  });

  it('loads a page in a fixed number of queries, however many feedbacks it holds', async () => {
    const buyer = await signedInUser(t.deps);
    const one = await ratedSeller('Pia One', buyer, [5]);
    const many = await ratedSeller('Quin Many', buyer, [5, 4, 3, 2, 1, 5]);
    const countFor = async (userId: string) => {
      queries = 0;
      const res = await listFeedbacks(t, { userId });
      expect(res.statusCode).toBe(200);
      return queries;
    };
    expect(await countFor(many.seller.user.id)).toBe(await countFor(one.seller.user.id));
  });

  it('refuses malformed filters with 400', async () => {
    const malformed: Record<string, string | number>[] = [
      { userId: 'nope' },
      { type: 'seller' },
      { page: 0 },
      { limit: 101 },
      { productId: '123' },
    ];
    for (const query of malformed) {
      const res = await listFeedbacks(t, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

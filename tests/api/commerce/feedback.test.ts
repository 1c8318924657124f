import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbacks, transactions } from '../../../src/server/db/schema';
import { cancelTransaction } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { leave, purchase, sellerWithPost, type Member } from './feedback-fixtures';

// POST /products/feedback: who may rate which side of a sale, when, and how often.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const feedbackOf = (transactionId: string) =>
  db().select().from(feedbacks).where(eq(feedbacks.transactionId, transactionId));

/** Runs `call` and checks no feedback was written anywhere. */
async function nothingWritten(call: () => Promise<void>) {
  const before = await db().select().from(feedbacks);
  await call();
  expect(await db().select().from(feedbacks)).toEqual(before);
}

async function oneSellerSale({ shipped = true } = {}) {
  const seller = await sellerWithPost(t, 'Maya Maker');
  const buyer = await signedInUser(t.deps, { name: 'Sam Buyer' });
  const order = await purchase(t, buyer, [seller.post._id], { shipped });
  return { seller, buyer, order, part: order.transactions[0]! };
}

describe('POST /products/feedback', () => {
  it('lets the buyer rate the seller of a shipped sale, once', async () => {
    const { seller, buyer, part } = await oneSellerSale();
    const res = await leave(t, buyer, {
      type: 'order',
      id: part._id,
      rating: 5,
      text: '  Arrived quickly, well packed.  ',
    });
    expect(res.statusCode).toBe(201);
    const { feedback } = res.json();
    // The public shape (docs/decisions/051): no ids of the order, the sale or the parties.
    expect(feedback).toEqual({
      _id: expect.any(String),
      type: 'order',
      author: { name: 'Sam Buyer', image: null, username: buyer.user.username },
      seller: { name: 'Maya Maker', username: seller.user.username },
      rating: 5,
      text: 'Arrived quickly, well packed.',
      items: [{ productId: seller.post._id, title: "Maya Maker's lamp" }],
      createdAt: expect.any(String),
    });
    expect(new Date(feedback.createdAt).toISOString()).toBe(feedback.createdAt);
    // Stored against the sale, its order and both parties.
    expect(await feedbackOf(part._id)).toEqual([
      expect.objectContaining({
        id: feedback._id,
        orderId: part.orderId,
        authorId: buyer.user.id,
        subjectId: seller.user.id,
      }),
    ]);

    await nothingWritten(async () => {
      const again = await leave(t, buyer, { type: 'order', id: part._id, rating: 1, text: '' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'FEEDBACK_EXISTS' });
      expect(again.json().message).toMatch(/already rated/);
    });
    expect(await feedbackOf(part._id)).toHaveLength(1);
  });

  it('lets the seller rate the buyer of a shipped sale (type transaction), once', async () => {
    const { seller, buyer, part } = await oneSellerSale();
    const res = await leave(t, seller, { type: 'transaction', id: part._id, rating: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json().feedback).toMatchObject({
      type: 'transaction',
      author: { name: 'Maya Maker', username: seller.user.username },
      rating: 4,
      text: '',
    });
    expect(await feedbackOf(part._id)).toEqual([
      expect.objectContaining({
        type: 'transaction',
        authorId: seller.user.id,
        subjectId: buyer.user.id,
      }),
    ]);
    const again = await leave(t, seller, { type: 'transaction', id: part._id, rating: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FEEDBACK_EXISTS');
    // Each side rates once: the buyer's own feedback is still open.
    expect((await leave(t, buyer, { type: 'order', id: part._id, rating: 3 })).statusCode).toBe(
      201,
    );
    expect(await feedbackOf(part._id)).toHaveLength(2);
  });

  it('accepts the order id when the order has one seller', async () => {
    const { order, buyer, part } = await oneSellerSale();
    const res = await leave(t, buyer, { type: 'order', id: order._id, rating: 4 });
    expect(res.statusCode).toBe(201);
    expect(await feedbackOf(part._id)).toEqual([
      expect.objectContaining({ id: res.json().feedback._id, type: 'order' }),
    ]);
  });

  it('asks which seller when the order id names an order with several sellers', async () => {
    const maya = await sellerWithPost(t, 'Maya Maker');
    const leo = await sellerWithPost(t, 'Leo Lathe');
    const buyer = await signedInUser(t.deps);
    const order = await purchase(t, buyer, [maya.post._id, leo.post._id]);
    expect(order.transactions).toHaveLength(2);
    await nothingWritten(async () => {
      const res = await leave(t, buyer, { type: 'order', id: order._id, rating: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/2 sellers \((Leo Lathe, Maya Maker)\)/);
      expect(res.json().details).toHaveLength(2);
    });
    // Each part rated on its own works.
    for (const part of order.transactions)
      expect((await leave(t, buyer, { type: 'order', id: part._id, rating: 5 })).statusCode).toBe(
        201,
      );
  });

  it('refuses feedback before the sale shipped (409 FEEDBACK_TOO_EARLY), for either side', async () => {
    const { seller, buyer, part } = await oneSellerSale({ shipped: false });
    await nothingWritten(async () => {
      const early = await leave(t, buyer, { type: 'order', id: part._id, rating: 5 });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        code: 'FEEDBACK_TOO_EARLY',
        message: 'You can rate the seller once they have shipped your order.',
      });
      const sellerEarly = await leave(t, seller, { type: 'transaction', id: part._id, rating: 5 });
      expect(sellerEarly.statusCode).toBe(409);
      expect(sellerEarly.json().code).toBe('FEEDBACK_TOO_EARLY');
    });
  });

  it('refuses feedback on a cancelled sale', async () => {
    const { buyer, part } = await oneSellerSale({ shipped: false });
    await cancelTransaction(t.moduleDeps(), part._id, 'Out of stock');
    const [row] = await db().select().from(transactions).where(eq(transactions.id, part._id));
    expect(row!.status).toBe('cancelled');
    await nothingWritten(async () => {
      const res = await leave(t, buyer, { type: 'order', id: part._id, rating: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/cancelled/);
    });
  });

  it('answers 404 to anyone but the party itself, and nothing changes', async () => {
    const { seller, buyer, order, part } = await oneSellerSale();
    const stranger = await signedInUser(t.deps);
    await nothingWritten(async () => {
      const attempts: [Member, unknown][] = [
        [stranger, { type: 'order', id: part._id, rating: 1 }],
        [stranger, { type: 'order', id: order._id, rating: 1 }],
        [stranger, { type: 'transaction', id: part._id, rating: 1 }],
        // Each side only rates the other: the seller cannot rate as a buyer, nor the buyer as a seller.
        [seller, { type: 'order', id: part._id, rating: 5 }],
        [buyer, { type: 'transaction', id: part._id, rating: 5 }],
        // Unknown ids.
        [buyer, { type: 'order', id: '00000000-0000-4000-8000-000000000000', rating: 5 }],
      ];
      for (const [who, body] of attempts) {
        const res = await leave(t, who, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(['ORDER_NOT_FOUND', 'SALE_NOT_FOUND']).toContain(res.json().code);
      }
    });
  });

  it('validates the rating, the text, the type and the id (400, nothing written)', async () => {
    const { buyer, part } = await oneSellerSale();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'order', id: part._id, rating: 0 }, /1 to 5/],
      [{ type: 'order', id: part._id, rating: 6 }, /1 to 5/],
      [{ type: 'order', id: part._id, rating: 4.5 }, /whole number/],
      [{ type: 'order', id: part._id, rating: '5' }, /./],
      [{ type: 'order', id: part._id }, /./],
      [{ type: 'order', id: part._id, rating: 5, text: 'x'.repeat(1001) }, /at most 1,000/],
      [{ type: 'order', id: part._id, rating: 5, text: 'nul\u0000' }, /control characters/],
      [{ type: 'seller', id: part._id, rating: 5 }, /order .*transaction/],
      [{ type: 'order', id: 'not-an-id', rating: 5 }, /id/],
    ];
    await nothingWritten(async () => {
      for (const [body, message] of bad) {
        const res = await leave(t, buyer, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toMatch(message);
      }
    });
  });

  it('needs a signed-in member', async () => {
    const { part } = await oneSellerSale();
    const res = await leave(t, null, { type: 'order', id: part._id, rating: 5 });
    expect(res.statusCode).toBe(401);
  });

  it('keeps one feedback when the same side submits twice at once (unique index)', async () => {
    const { buyer, part } = await oneSellerSale();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => leave(t, buyer, { type: 'order', id: part._id, rating: 5 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await feedbackOf(part._id)).toHaveLength(1);
  });

  it('limits how many ratings a member sends in a short time', async () => {
    const { buyer, part } = await oneSellerSale({ shipped: false });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await leave(t, buyer, { type: 'order', id: part._id, rating: 5 })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 409)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

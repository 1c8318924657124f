import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../../src/server/db/schema';
import { accountsApi } from '../../../src/shared/api/accounts';
import { commerceApi } from '../../../src/shared/api/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder, markTestShipped } from '../../factories/commerce';
import { callThrough, PRIVATE_MEMBER_FIELDS, PUBLIC_MEMBER_FIELDS } from './private-support';

/**
 * Issue 23, "strangers learn too much" (docs/decisions/051): what an anonymous caller can and
 * cannot read of the member directory, the feedback lists and the cart refresh — one assertion
 * per field. Each test failed on the code before the fix.
 */
let t: TestApp;
type Member = Awaited<ReturnType<typeof signedInUser>>;
/** A word only this file's usernames contain, so directory searches see only them. */
const WORD = `pd${process.pid.toString(36)}`;
let maya: Member; // a seller with a post
let both: Member; // account type both, no post yet: sells, so listed
let poster: Member; // a buyer account with a published post: has a public page
let bea: Member; // a buyer who only buys
let boss: Member; // the super admin (account type both)
let mod: Member; // a moderator who also sells
let order: Awaited<ReturnType<typeof createPaidOrder>>;
let call: ReturnType<typeof callThrough>;

beforeAll(async () => {
  t = await createTestApp();
  call = callThrough(t);
  const member = (key: string, input: Parameters<typeof signedInUser>[1]) =>
    signedInUser(t.deps, { username: `${WORD}-${key}`, name: `${key} ${WORD}`, ...input });
  maya = await member('maya', { accountType: 'seller' });
  both = await member('both', { accountType: 'both' });
  poster = await member('poster', { accountType: 'buyer' });
  bea = await member('bea', { accountType: 'buyer' });
  boss = await member('boss', { accountType: 'both', role: 'superAdmin' });
  mod = await member('mod', { accountType: 'seller', role: 'moderator' });
  const stool = await createProduct(t, maya.user, { title: 'Walnut stool', price: 40, stock: 5 });
  await createProduct(t, poster.user, { title: 'Spare lamp', price: 10 });
  await createProduct(t, mod.user, { title: 'Moderator mug', price: 10 });
  order = await createPaidOrder(t, bea.user.id, [{ productId: stool._id }]);
  for (const part of order.transactions) await markTestShipped(t, part._id);
  const sale = order.transactions[0]!._id;
  const rate = (who: Member, body: object) =>
    call(commerceApi.leaveFeedback, { body: { id: sale, ...body } }, who.auth);
  expect((await rate(bea, { type: 'order', rating: 5, text: 'Lovely stool' })).statusCode).toBe(
    201,
  );
  expect((await rate(maya, { type: 'transaction', rating: 4, text: 'Paid fast' })).statusCode).toBe(
    201,
  );
}, 300_000);
afterAll(() => t?.close());

describe('GET /users: only members with a public page, public fields only', () => {
  const PUBLIC_FIELDS = PUBLIC_MEMBER_FIELDS;
  const PRIVATE_FIELDS = PRIVATE_MEMBER_FIELDS;

  const listed = async (auth?: Record<string, string>) => {
    const res = await call(accountsApi.directory, { query: { name: WORD, limit: 100 } }, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: Record<string, unknown>[]; recordsCount: number };
  };

  it('lists sellers and members with a published post; never a buyer who only buys, nor staff', async () => {
    const body = await listed();
    const names = body.users.map((u) => u.username);
    expect(names.sort()).toEqual([both, maya, poster].map((m) => m.user.username).sort());
    expect(body.recordsCount).toBe(3);
    for (const hidden of [bea, boss, mod]) {
      const search = await listed();
      expect(search.users.map((u) => u._id)).not.toContain(hidden.user.id);
      // Not even by its exact username.
      const exact = await call(accountsApi.directory, { query: { name: hidden.user.username } });
      expect(exact.json()).toEqual({ users: [], recordsCount: 0 });
    }
  });

  it.each(PUBLIC_FIELDS)('shows a stranger the public field %s', async (field) => {
    const entry = (await listed()).users.find((u) => u._id === maya.user.id)!;
    expect(entry).toHaveProperty(field);
  });

  it.each(PRIVATE_FIELDS)('never shows a stranger %s', async (field) => {
    for (const entry of (await listed()).users) expect(entry).not.toHaveProperty(field);
    // An entry has exactly the public fields, nothing more.
    const entry = (await listed()).users[0]!;
    expect(Object.keys(entry).sort()).toEqual([...PUBLIC_FIELDS].sort());
  });

  it('gives signed-in members and staff the same public view; the admin list keeps everything', async () => {
    const anonymous = await listed();
    expect(await listed(bea.auth)).toEqual(anonymous);
    expect(await listed(boss.auth)).toEqual(anonymous);
    const admin = await call(accountsApi.adminUsers, { query: { q: WORD, limit: 100 } }, boss.auth);
    expect(admin.statusCode).toBe(200);
    const everyone = admin.json().users as { _id: string; role: string; email: string }[];
    expect(everyone).toHaveLength(6);
    expect(everyone.find((u) => u._id === boss.user.id)).toMatchObject({
      role: 'superAdmin',
      email: boss.user.email,
    });
  });
});

describe('GET /feedbacks: reputation without internal ids', () => {
  const list = async (query: Record<string, string>) => {
    const res = await call(commerceApi.feedbacks, { query });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('shows the reviewer’s name and avatar, the rating, text, date, seller and item titles', async () => {
    const res = await list({ userId: maya.user.id, type: 'order' });
    const [feedback] = res.json().feedbacks;
    expect(Object.keys(feedback).sort()).toEqual(
      ['_id', 'type', 'author', 'seller', 'rating', 'text', 'items', 'createdAt'].sort(),
    );
    expect(feedback).toMatchObject({
      type: 'order',
      rating: 5,
      text: 'Lovely stool',
      seller: { name: maya.user.name, username: maya.user.username },
      items: [{ title: 'Walnut stool' }],
    });
    expect(feedback.createdAt).toMatch(/^\d{4}-/);
    // A buyer who only buys has no public page: named and pictured, not linked.
    expect(feedback.author).toEqual({ name: bea.user.name, image: null, username: null });
  });

  it.each(['orderId', 'transactionId', 'subjectId'])('never shows a stranger %s', async (field) => {
    const { feedbacks } = (await list({ userId: maya.user.id, type: 'order' })).json();
    expect(feedbacks[0]).not.toHaveProperty(field);
  });

  it('names no order, sale, buyer or seller by id anywhere in a list', async () => {
    const queries: Record<string, string>[] = [
      { userId: maya.user.id, type: 'order' },
      { userId: bea.user.id, type: 'transaction' },
      { orderId: order._id, type: 'order' },
      {},
    ];
    for (const query of queries) {
      const body = (await list(query)).body;
      for (const id of [order._id, order.transactions[0]!._id, bea.user.id, maya.user.id])
        expect(body).not.toContain(id);
    }
    const { feedbacks } = (await list({ userId: maya.user.id })).json();
    expect(feedbacks[0].author).not.toHaveProperty('_id');
    expect(feedbacks[0].seller).not.toHaveProperty('_id');
  });

  it('links a reviewer who has a public page by username', async () => {
    const { feedbacks } = (await list({ userId: bea.user.id, type: 'transaction' })).json();
    expect(feedbacks).toHaveLength(1);
    expect(feedbacks[0].author).toEqual({
      name: maya.user.name,
      image: null,
      username: maya.user.username,
    });
  });

  it('gives a post id only while the post is public', async () => {
    const first = (await list({ userId: maya.user.id })).json().feedbacks[0];
    expect(first.items[0].productId).toMatch(/^[0-9a-f-]{36}$/);
    await t.deps.database.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, first.items[0].productId));
    const later = (await list({ userId: maya.user.id })).json().feedbacks[0];
    expect(later.items).toEqual([{ productId: null, title: 'Walnut stool' }]);
    await t.deps.database.db
      .update(products)
      .set({ status: 'published' })
      .where(eq(products.id, first.items[0].productId));
  });
});

describe('POST /cart/refresh: a post nobody may buy is only "no longer available"', () => {
  const DETAILS = ['title', 'image', 'sellerId', 'sellerName', 'sellerUsername'] as const;
  /** What an unknown id is answered: the baseline a hidden post must match. */
  const unknownLine = async () => {
    const id = randomUUID();
    const res = await call(commerceApi.refreshCart, {
      body: { items: [{ _id: id, amount: 1, selectedVariations: {} }] },
    });
    const { _id, ...rest } = res.json().items[0];
    expect(_id).toBe(id);
    return rest;
  };

  const hidden = async (kind: 'draft' | 'archived' | 'sold' | 'deleted' | 'suspended') => {
    const owner = await signedInUser(t.deps, { accountType: 'seller', name: `Secret ${kind}` });
    const post = await createProduct(t, owner.user, {
      title: `Secret ${kind} chair`,
      price: 77,
      shippingCost: 9,
      stock: 4,
    });
    const db = t.deps.database.db;
    if (kind === 'deleted') await db.delete(products).where(eq(products.id, post._id));
    else if (kind === 'suspended') {
      await db.update(users).set({ status: 'suspended' }).where(eq(users.id, owner.user.id));
      await db
        .update(products)
        .set({ sellerHidden: true })
        .where(eq(products.userId, owner.user.id));
    } else await db.update(products).set({ status: kind }).where(eq(products.id, post._id));
    return { post, owner };
  };

  it.each(['draft', 'archived', 'sold', 'deleted', 'suspended'] as const)(
    'answers a %s post exactly as an unknown id, naming nothing',
    async (kind) => {
      const { post, owner } = await hidden(kind);
      const res = await call(commerceApi.refreshCart, {
        body: { items: [{ _id: post._id, amount: 2, selectedVariations: {}, price: 77 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [line] = res.json().items;
      for (const field of DETAILS) expect(line[field], field).toBeNull();
      expect(line).toMatchObject({ price: 0, shippingCost: 0, stock: 0, amount: 0 });
      expect(line.problem).toBe('unavailable');
      expect(line.notice).toBe('An item in your cart is no longer available.');
      for (const secret of [post.title, owner.user.username, owner.user.name, owner.user.id])
        expect(res.body).not.toContain(secret);
      const { _id, ...rest } = line;
      expect(_id).toBe(post._id);
      expect(rest).toEqual({ ...(await unknownLine()), requested: 2 });
    },
  );
});

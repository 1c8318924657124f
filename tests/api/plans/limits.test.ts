import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createPaidOrder } from '../../factories/commerce';
import { DAY, freshAuth, send, subscribedMember } from './plans-support';

// The plan limits the server enforces (docs/decisions/032): a free member is refused with a
// message naming the plan that allows it, a paid member is allowed, and the limit applies again
// as soon as the paid plan ends.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const appNow = () => t.moduleDeps().now();
type Member = { user: UserRow; auth: Record<string, string> };

async function publishMany(member: Member, n: number) {
  for (let i = 0; i < n; i++) await createProduct(t, member.user, { title: `Post ${i + 1}` });
}
const newPost = (auth: Record<string, string>, status?: string) =>
  send(t, auth, 'PUT', '/products', {
    title: 'One more',
    description: 'A post',
    price: 10,
    shippingCost: 0,
    stock: 1,
    _tags: [],
    variations: [],
    ...(status ? { status } : {}),
  });

/** Switches the member to free and moves the clock past the end of the paid period. */
async function endPaidPlan(member: Member & { plan: { end: string } }) {
  expect((await send(t, member.auth, 'PATCH', '/users/subscription')).statusCode).toBe(200);
  t.advanceTime(Date.parse(member.plan.end) - appNow() + 1000);
  await t.runJobs();
}

const POSTS_REFUSAL =
  'Your Free plan does not let you publish more than 25 posts at once. Upgrade to the Creator plan to publish more than 25 posts at once.';

describe('published posts', () => {
  it('refuses a free member’s 26th published post, allows drafts, and names the plan to upgrade to', async () => {
    const member = await signedInUser(t.deps);
    await publishMany(member, 25);
    const refused = await newPost(member.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT', message: POSTS_REFUSAL });
    const draft = await newPost(member.auth, 'draft');
    expect(draft.statusCode, draft.body).toBe(200);
    const publish = await send(t, member.auth, 'PATCH', '/products/status', {
      id: draft.json().product._id,
      status: 'published',
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().message).toBe(POSTS_REFUSAL);
  });

  it('lets a paid member publish more, and applies the limit again once the plan has ended', async () => {
    const member = await subscribedMember(t);
    await publishMany(member, 25);
    const more = await newPost(member.auth);
    expect(more.statusCode, more.body).toBe(200);
    await endPaidPlan(member);
    const auth = await freshAuth(t, member.user);
    // The 26 published posts stay published; a new one is refused.
    const mine = await send(t, auth, 'GET', `/products/user/${member.user.username}`);
    expect(mine.json().recordsCount).toBe(26);
    const refused = await newPost(auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your Free plan does not let you publish more than 26 posts at once. Upgrade to the Creator plan to publish more than 26 posts at once.',
    );
  });
});

describe('custom domain', () => {
  const DOMAIN_REFUSAL =
    'Your Free plan does not let you use your own domain name. Upgrade to the Creator plan to use your own domain name.';

  it('is refused on the free plan (set and verify), allowed on a paid one', async () => {
    const free = await signedInUser(t.deps);
    const res = await send(t, free.auth, 'PUT', '/sites', { domainName: 'free-shop.example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT', message: DOMAIN_REFUSAL });
    const mine = await send(t, free.auth, 'GET', '/sites/mine');
    expect(mine.json().domain.status).toBe('none');
    // Saving the page without a domain is fine.
    expect((await send(t, free.auth, 'PUT', '/sites', { name: 'My shop' })).statusCode).toBe(200);

    const paid = await subscribedMember(t);
    const ok = await send(t, paid.auth, 'PUT', '/sites', { domainName: 'paid-shop.example.com' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().site.domain).toMatchObject({
      name: 'paid-shop.example.com',
      status: 'pending',
    });
  });

  it('stops serving a verified domain when the plan ends, keeps it saved, and serves it again after an upgrade', async () => {
    const member = await subscribedMember(t);
    expect(
      (await send(t, member.auth, 'PUT', '/sites', { domainName: 'lapsed.example.com' }))
        .statusCode,
    ).toBe(200);
    // Verified (the domain checks themselves are tested in tests/api/sites).
    const { sites } = await import('../../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.deps.database.db
      .update(sites)
      .set({ domainVerifiedAt: new Date(appNow()) })
      .where(eq(sites.userId, member.user.id));
    await createProduct(t, member.user, { title: 'On my domain' });
    const served = await send(t, null, 'GET', '/products/domain/lapsed.example.com');
    expect(served.json().recordsCount).toBe(1);

    await endPaidPlan(member);
    expect((await send(t, null, 'GET', '/products/domain/lapsed.example.com')).json()).toEqual({
      products: [],
      recordsCount: 0,
      totalProducts: 0,
    });
    const auth = await freshAuth(t, member.user);
    const mine = await send(t, auth, 'GET', '/sites/mine');
    expect(mine.json().domain).toMatchObject({ name: 'lapsed.example.com', status: 'verified' });
    const verify = await send(t, auth, 'POST', '/sites/domain/verify');
    expect(verify.statusCode).toBe(403);
    expect(verify.json().message).toBe(DOMAIN_REFUSAL);

    const again = await send(t, auth, 'POST', '/users/subscription', {
      planId: 'business',
      frequency: 'month',
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date(appNow()).getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      (await send(t, null, 'GET', '/products/domain/lapsed.example.com')).json().recordsCount,
    ).toBe(1);
  });
});

describe('platform fee', () => {
  it('takes the seller’s plan rate of the items and shipping at purchase, shown on the sale', async () => {
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const free = await signedInUser(t.deps);
    const paid = await subscribedMember(t); // Creator: 3%
    const business = await signedInUser(t.deps, { plan: 'business' }); // 1%
    const line = async (seller: Member) =>
      (await createProduct(t, seller.user, { price: 12.34, shippingCost: 0.01, stock: 5 }))._id;
    const order = await createPaidOrder(t, buyer.user.id, [
      { productId: await line(free), amount: 1 },
      { productId: await line(paid), amount: 1 },
      { productId: await line(business), amount: 1 },
    ]);
    const fees = Object.fromEntries(order.transactions.map((p) => [p.seller._id, p.platformFee]));
    // 12.35 of items and shipping each: 5% = 0.6175 → 0.62; 3% = 0.3705 → 0.37; 1% = 0.1235 →
    // 0.12 (half up to the cent). The tax is not charged a fee.
    expect(fees).toEqual({ [free.user.id]: 0.62, [paid.user.id]: 0.37, [business.user.id]: 0.12 });
    for (const p of order.transactions)
      expect(Math.round(p.payout * 100)).toBe(Math.round((p.total - p.platformFee) * 100));
    const sale = await send(
      t,
      paid.auth,
      'GET',
      `/transactions?id=${order.transactions.find((p) => p.seller._id === paid.user.id)!._id}`,
    );
    expect(sale.json().transaction).toMatchObject({ platformFee: 0.37 });
  });

  it('keeps the fee of a sale made on a paid plan after the plan ends', async () => {
    const buyer = await signedInUser(t.deps, { accountType: 'buyer' });
    const seller = await subscribedMember(t);
    const post = await createProduct(t, seller.user, { price: 100, shippingCost: 0, stock: 2 });
    const first = await createPaidOrder(t, buyer.user.id, [{ productId: post._id, amount: 1 }]);
    await endPaidPlan(seller);
    t.advanceTime(DAY);
    const second = await createPaidOrder(t, buyer.user.id, [{ productId: post._id, amount: 1 }]);
    expect(first.transactions[0]!.platformFee).toBe(3);
    expect(second.transactions[0]!.platformFee).toBe(5);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightDaily, insightEvents, paymentIntents, transactions } from '../../../src/server/db/schema';
import {
  dropOldEvents,
  ensurePartition,
  foldFinishedDays,
  utcDay,
  addDays,
} from '../../../src/server/modules/insights';
import { commerceApi } from '../../../src/shared/api/commerce';
import { insightsApi } from '../../../src/shared/api/insights';
import { sitesApi } from '../../../src/shared/api/sites';
import { createTestApp, type TestApp } from '../../helpers/app';
import { VISA, freshAuth } from '../../helpers/member-calls';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { BROWSER_UA, INSTAGRAM_UA, insightsOf } from './insights-support';

/**
 * Sales in insights (issue 26, docs/decisions/071): a cart line carries its credit from POST
 * /insights/cart-adds to POST /orders; the purchase counts only from the payment's confirmation;
 * a cancelled sale takes its revenue back; the daily totals equal the raw events; a seller reads
 * only their own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const client = typedClient(() => t);
const DAY = 86_400_000;
const seller = () => signedInUser(t.deps, { accountType: 'seller' });

/** A buyer's whole checkout through the API, as the pages make it: cart add, order, card. */
async function buyThroughTheApi(
  buyer: Awaited<ReturnType<typeof signedInUser>>,
  postId: string,
  landing: { search: string; referrer?: string; linkId?: string | null } | null,
  ua = BROWSER_UA,
) {
  const headers = { ...buyer.auth, 'user-agent': ua };
  const { attribution } = await client.call(
    insightsApi.cartAdd,
    { body: { postId, landing: landing && { referrer: '', linkId: null, ...landing, at: new Date(t.deps.now!()).toISOString() } } },
    { headers },
  );
  const address = await createTestAddress(t, buyer.user.id);
  const { order } = await client.call(
    commerceApi.createOrder,
    {
      body: {
        items: [{ _id: postId, amount: 1, selectedVariations: {} }],
        shippingAddressId: address.id,
        attribution: attribution ? [attribution] : [],
      },
    },
    { headers },
  );
  const intent = await client.call(commerceApi.createPaymentIntent, { body: { orderId: order._id } }, { headers });
  await client.call(
    commerceApi.confirmLocalPayment,
    { body: { paymentIntentId: intent.paymentIntentId, card: VISA } },
    { headers },
  );
  return { attribution, order, intent };
}

describe('a sale’s credit', () => {
  it('credits a sale after ?src=ig to ig and the post, on the order, the payment and insights', async () => {
    const a = await seller();
    const post = await createProduct(t, a.user, { title: 'Amber ring', price: 40, shippingCost: 5 });
    const buyer = await signedInUser(t.deps);
    const { attribution, order, intent } = await buyThroughTheApi(buyer, post._id, { search: '?src=ig' }, INSTAGRAM_UA);
    expect(attribution).toMatchObject({ postId: post._id, source: 'ig', linkId: null });
    const [part] = await t.deps.database.db.select().from(transactions).where(eq(transactions.orderId, order._id));
    expect(part).toMatchObject({ source: 'ig', sourcePostId: post._id, sourceLinkId: null });
    const [pi] = await t.deps.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.paymentIntentId));
    expect(pi!.metadata.attribution).toBe(`${a.user.username}:ig:${post._id}:`);

    const seen = await insightsOf(t, a.auth);
    expect(seen.totals).toMatchObject({ carts: 1, orders: 1, revenue: 49.5 });
    expect(seen.bySource).toEqual([
      { source: 'ig', views: 0, visitors: 0, clicks: 0, carts: 1, orders: 1, revenue: 49.5 },
    ]);
    expect(seen.byPost).toEqual([
      { postId: post._id, title: 'Amber ring', path: expect.stringMatching(/^\/.+\/amber-ring-[0-9a-f]{12}$/), views: 0, carts: 1, orders: 1, revenue: 49.5 },
    ]);
  });

  it('credits the seller’s link that led there, never another seller’s, and ignores a credit for another post', async () => {
    const a = await seller();
    const b = await seller();
    const post = await createProduct(t, a.user, { title: 'Linked vase' });
    const mine = await client.call(sitesApi.replaceLinks, { body: { links: [{ title: 'The vase', postId: post._id }] } }, { headers: a.auth });
    const theirs = await client.call(sitesApi.replaceLinks, { body: { links: [{ title: 'Elsewhere', url: 'https://example.com' }] } }, { headers: b.auth });
    const buyer = await signedInUser(t.deps);
    const linkId = mine.site.links[0]!._id;
    const first = await buyThroughTheApi(buyer, post._id, { search: `?link=${linkId}`, linkId });
    expect(first.attribution).toMatchObject({ source: 'direct', linkId });
    const seen = await insightsOf(t, a.auth);
    expect(seen.byLink).toEqual([{ linkId, title: 'The vase', clicks: 0, orders: 1, revenue: seen.totals.revenue }]);
    // Another seller's link id is dropped, at the cart and at the order.
    const other = await createProduct(t, a.user);
    const second = await buyThroughTheApi(buyer, other._id, { search: '', linkId: theirs.site.links[0]!._id });
    expect(second.attribution!.linkId).toBeNull();
    // A credit naming a post not in the order, or older than 7 days, credits nothing.
    const third = await createProduct(t, a.user);
    const address = await createTestAddress(t, buyer.user.id);
    const old = new Date(t.deps.now!() - 8 * DAY).toISOString();
    const { order } = await client.call(
      commerceApi.createOrder,
      {
        body: {
          items: [{ _id: third._id, amount: 1, selectedVariations: {} }],
          shippingAddressId: address.id,
          attribution: [
            { postId: post._id, source: 'tt', linkId: null, at: new Date(t.deps.now!()).toISOString() },
            { postId: third._id, source: 'fb', linkId: null, at: old },
          ],
        },
      },
      { headers: buyer.auth },
    );
    const [part] = await t.deps.database.db.select().from(transactions).where(eq(transactions.orderId, order._id));
    expect(part).toMatchObject({ source: 'direct', sourcePostId: null, sourceLinkId: null });
  });

  it('counts a purchase only when paid, and a cancelled sale leaves orders and revenue', async () => {
    const a = await seller();
    const post = await createProduct(t, a.user, { price: 10, shippingCost: 0 });
    const buyer = await signedInUser(t.deps);
    const address = await createTestAddress(t, buyer.user.id);
    // Placed, not paid: a checkout, no order.
    await client.call(
      commerceApi.createOrder,
      { body: { items: [{ _id: post._id, amount: 1, selectedVariations: {} }], shippingAddressId: address.id } },
      { headers: buyer.auth },
    );
    const kinds = async () =>
      (await t.deps.database.db.select().from(insightEvents).where(eq(insightEvents.sellerId, a.user.id))).map((e) => e.kind).sort();
    expect(await kinds()).toEqual(['checkout']);
    expect((await insightsOf(t, a.auth)).totals).toMatchObject({ orders: 0, revenue: 0 });
    const { order } = await buyThroughTheApi(buyer, post._id, null);
    expect((await insightsOf(t, a.auth)).totals).toMatchObject({ carts: 1, orders: 1, revenue: 11 });
    const sale = order.transactions[0]!;
    await client.call(commerceApi.cancelSale, { body: { id: sale._id, reason: 'Broken in the workshop' } }, { headers: a.auth });
    expect(await kinds()).toEqual(['cart', 'checkout', 'checkout', 'order', 'refund']);
    expect((await insightsOf(t, a.auth)).totals).toMatchObject({ carts: 1, orders: 0, revenue: 0 });
  });
});

describe('who reads insights', () => {
  it('answers another seller’s insights 403, an admin’s read 200, and an unknown range 400', async () => {
    const a = await seller();
    const b = await seller();
    const admin = await signedInUser(t.deps, { role: 'admin' });
    await expect(insightsOf(t, b.auth, '30d', a.user.id)).rejects.toMatchObject({ status: 403, message: 'You can only see your own insights.' });
    expect((await insightsOf(t, admin.auth, '30d', a.user.id)).range).toBe('30d');
    await expect(
      client.call(insightsApi.insights, { query: { range: '2d' as '7d' } }, { headers: a.auth }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Choose a range') });
    await expect(client.call(insightsApi.insights, { query: {} as { range: '7d' } })).rejects.toMatchObject({ status: 401 });
  });

  it('lets a seller clear their own numbers, nobody else’s', async () => {
    const a = await seller();
    const b = await seller();
    for (const s of [a, b]) await buyThroughTheApi(await signedInUser(t.deps), (await createProduct(t, s.user))._id, null);
    const cleared = await client.call(insightsApi.clearInsights, {}, { headers: a.auth });
    expect(cleared.message).toMatch(/cleared/);
    expect((await insightsOf(t, a.auth)).totals).toMatchObject({ carts: 0, orders: 0, revenue: 0 });
    expect((await insightsOf(t, b.auth)).totals).toMatchObject({ carts: 1, orders: 1 });
  });
});

describe('storage', () => {
  it('folds finished days into daily totals that answer the same as the raw events', async () => {
    const a = await seller();
    const posts = await Promise.all([createProduct(t, a.user), createProduct(t, a.user)]);
    for (const [i, post] of posts.entries())
      await buyThroughTheApi(await signedInUser(t.deps), post._id, { search: i ? '?src=ig' : '?utm_source=Mail' });
    const before = await insightsOf(t, a.auth, '30d');
    // Two days later the day is folded; the raw events are still there (kept 90 days).
    t.advanceTime(2 * DAY);
    const auth = await freshAuth(t, a.user);
    expect(await foldFinishedDays(t.moduleDeps())).toBeGreaterThanOrEqual(1);
    const folded = await t.deps.database.db.select().from(insightDaily).where(eq(insightDaily.sellerId, a.user.id));
    expect(folded.length).toBeGreaterThan(0);
    const after = await insightsOf(t, auth, '30d');
    expect(after.totals).toEqual(before.totals);
    expect(after.bySource).toEqual(before.bySource);
    expect(after.byPost).toEqual(before.byPost);
    expect(after.daily.filter((d) => d.orders)).toEqual(before.daily.filter((d) => d.orders));
  });

  it('moves a day’s stray events into its partition when it is made, and drops raw days after 90', async () => {
    const a = await seller();
    const today = utcDay(t.deps.now!());
    const far = addDays(today, 30);
    await t.deps.database.db.insert(insightEvents).values({
      day: far,
      at: new Date(`${far}T12:00:00Z`),
      sellerId: a.user.id,
      kind: 'view',
      source: 'direct',
    });
    await ensurePartition(t.moduleDeps(), far);
    const rows = await t.deps.database.db.execute(
      `select tableoid::regclass::text as part from insight_events where day = '${far}'`,
    );
    expect((rows as unknown as { rows: { part: string }[] }).rows).toEqual([
      { part: `insight_events_${far.replaceAll('-', '')}` },
    ]);
    // 125 days on, that day is more than 90 days old and folded: its partition is dropped.
    t.advanceTime(125 * DAY);
    await foldFinishedDays(t.moduleDeps());
    expect(await dropOldEvents(t.moduleDeps())).toBeGreaterThanOrEqual(1);
    const left = await t.deps.database.db.select().from(insightEvents).where(eq(insightEvents.day, far));
    expect(left).toEqual([]);
    const kept = await t.deps.database.db.select().from(insightDaily).where(eq(insightDaily.day, far));
    expect(kept.map((r) => r.views)).toEqual([1]);
  });
});

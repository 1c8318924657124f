import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema';
import { LIKED_POST_ALERT_DELAY_MS } from '../../../src/server/modules/notifications';
import { updateNotificationSettings } from '../../../src/server/modules/notifications';
import { COMMERCE_LIMITS } from '../../../src/shared/contracts/commerce-rules';
import type { Product } from '../../../src/shared/contracts/catalog';
import { createTestApp, type TestApp } from '../../helpers/app';
import { freshAuth, send, type Auth } from '../../helpers/member-calls';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestOrder } from '../../factories/commerce';
import {
  headersOf,
  mailsTo,
  passBatchWindow,
  unsubscribeLinks,
} from '../../factories/notifications';

/**
 * Alerts for liked posts (docs/decisions/075): the bell beside the heart (POST /products/alert,
 * its state in GET /me/page-state), and the digest line a price drop or a restock brings to the
 * members who rang it — queued by the catalogue's write, fanned out by a job, mailed in the digest
 * with the one-click unsubscribe.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedInUser>>;

async function cast() {
  const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
  const sam = await signedInUser(t.deps, { name: 'Sam' });
  const lamp = await createProduct(t, maya.user, { title: 'Brass lamp', price: 40, stock: 2 });
  return { maya, sam, lamp };
}

const ring = (auth: Auth, id: string, alert = true) =>
  send(t, auth, 'POST', '/products/alert', { id, alert });
const like = (auth: Auth, id: string) => send(t, auth, 'POST', '/products/like', { id });
const pageState = async (auth: Auth, id: string) =>
  (await send(t, auth, 'GET', `/me/page-state?ids=${id}`)).json<{
    likedPostIds: string[];
    alertPostIds: string[];
  }>();

/** The seller saves the post through PUT /products with some fields changed. */
async function edit(seller: Member, post: Product, changes: { price?: number; stock?: number }) {
  const auth = await freshAuth(t, seller.user);
  const res = await send(t, auth, 'PUT', '/products', {
    _id: post._id,
    title: post.title,
    description: post.description,
    price: post.price,
    shippingCost: post.shippingCost,
    _tags: [],
    variations: [],
    stock: post.stock,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The alert job's wait and the digest's batch window pass; the digest mails go out. */
async function alertsTo(member: Member) {
  t.advanceTime(LIKED_POST_ALERT_DELAY_MS + 1000);
  await t.runJobs();
  passBatchWindow(t);
  return (await mailsTo(t, member.user.email)).filter((m) => m.text.includes('Brass lamp'));
}

describe('POST /products/alert (the bell)', () => {
  it('rings only for a post one likes, shows in the page state, and goes with the like', async () => {
    const { sam, lamp } = await cast();
    const refused = await ring(sam.auth, lamp._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_LIKED', message: /Like this post first/ });

    expect((await like(sam.auth, lamp._id)).statusCode).toBe(200);
    expect((await pageState(sam.auth, lamp._id)).alertPostIds).toEqual([]);
    const rung = await ring(sam.auth, lamp._id);
    expect(rung.statusCode, rung.body).toBe(200);
    expect(rung.json()).toEqual({ productId: lamp._id, alert: true });
    expect(await pageState(sam.auth, lamp._id)).toMatchObject({
      likedPostIds: [lamp._id],
      alertPostIds: [lamp._id],
    });
    // Silenced, then rung again; taking the like back silences it for good.
    expect((await ring(sam.auth, lamp._id, false)).json()).toEqual({
      productId: lamp._id,
      alert: false,
    });
    expect((await pageState(sam.auth, lamp._id)).alertPostIds).toEqual([]);
    await ring(sam.auth, lamp._id);
    await like(sam.auth, lamp._id);
    await like(sam.auth, lamp._id);
    expect(await pageState(sam.auth, lamp._id)).toMatchObject({
      likedPostIds: [lamp._id],
      alertPostIds: [],
    });
  });

  it('refuses visitors (401), unknown posts (404) and malformed calls (400)', async () => {
    const { sam, lamp } = await cast();
    expect((await ring({}, lamp._id)).statusCode).toBe(401);
    const unknown = await ring(sam.auth, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/could not be found/);
    const bad = await send(t, sam.auth, 'POST', '/products/alert', { id: lamp._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/alert/);
  });
});

describe('alerts in the digest', () => {
  it('tells the members who rang the bell of a price drop, once, with the one-click unsubscribe', async () => {
    const { maya, sam, lamp } = await cast();
    const quiet = await signedInUser(t.deps, { name: 'Quiet liker' });
    const off = await signedInUser(t.deps, { name: 'Switched off' });
    for (const member of [sam, off]) {
      await like(member.auth, lamp._id);
      await ring(member.auth, lamp._id);
    }
    await like(quiet.auth, lamp._id);
    await updateNotificationSettings(t.moduleDeps(), off.user.id, { likedPostAlert: false });

    // A higher price is no news; a lower one is — but not inside the seller's save.
    await edit(maya, lamp, { price: 45 });
    await edit(maya, lamp, { price: 32 });
    const recorded = await t.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sam.user.id));
    expect(recorded).toEqual([]);

    const [mail, ...more] = await alertsTo(sam);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('“Brass lamp” is now $32.00');
    expect(mail!.text).toContain('“Brass lamp” by Maya is now $32.00 (was $45.00).');
    expect(mail!.text).toContain(`/products/${lamp._id}`);
    const headers = await headersOf(t, mail!.file);
    expect(headers.get('list-unsubscribe')).toMatch(
      /\/api\/v1\/notifications\/unsubscribe\?token=/,
    );
    expect([...unsubscribeLinks(mail!.text).keys()]).toContain(
      'Stop emails about price drops and restocks of posts you like',
    );
    // The liker who did not ring the bell, and the one who switched these emails off, hear
    // nothing; nothing is sent twice.
    expect(await alertsTo(quiet)).toEqual([]);
    expect(await alertsTo(off)).toEqual([]);
    expect(await alertsTo(sam)).toHaveLength(1);
  });

  it('tells of a restock: the seller refilling an empty stock, or an expired order giving it back', async () => {
    const { maya, sam, lamp } = await cast();
    await like(sam.auth, lamp._id);
    await ring(sam.auth, lamp._id);
    await edit(maya, lamp, { stock: 0 });
    await edit(maya, lamp, { stock: 3 });
    const [mail] = await alertsTo(sam);
    expect(mail!.text).toContain('“Brass lamp” by Maya is back in stock.');

    // Someone holds the last unit; their order expires and the unit comes back.
    await edit(maya, lamp, { stock: 1 });
    const buyer = await signedInUser(t.deps, { name: 'Bea' });
    await createTestOrder(t, buyer.user.id, [{ productId: lamp._id }]);
    t.advanceTime(COMMERCE_LIMITS.holdMinutes * 60_000 + 1000);
    await t.runJobs();
    expect(await alertsTo(sam)).toHaveLength(2);
  });

  it('drops the alert when the price is back up or the bell silenced before the digest', async () => {
    const { maya, sam, lamp } = await cast();
    await like(sam.auth, lamp._id);
    await ring(sam.auth, lamp._id);
    await edit(maya, lamp, { price: 30 });
    t.advanceTime(LIKED_POST_ALERT_DELAY_MS + 1000);
    await t.runJobs();
    // Before the digest goes out the seller puts the price back.
    await edit(maya, lamp, { price: 40 });
    expect(await alertsTo(sam)).toEqual([]);

    await edit(maya, lamp, { price: 35 });
    await ring(await freshAuth(t, sam.user), lamp._id, false);
    expect(await alertsTo(sam)).toEqual([]);
  });
});

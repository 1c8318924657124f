import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/postgres';
import { isDatabaseUnavailable } from '../../../src/server/db/faults';
import { discountRedemptions, jobs, ledgerEntries, offers } from '../../../src/server/db/schema';
import { refundJob, returnRefundJob } from '../../../src/server/modules/commerce';
import { DEFAULT_LEASE_MS, enqueueJob } from '../../../src/server/modules/core/jobs';
import { commerceApi } from '../../../src/shared/api/commerce';
import { discountsApi } from '../../../src/shared/api/discounts';
import { returnsApi } from '../../../src/shared/api/returns';
import type { orderCreateRequest } from '../../../src/shared/contracts/commerce';
import type { z } from 'zod';
import type { TestApp } from '../../helpers/app';
import { expectCallUnavailable } from '../../helpers/database-away';
import { startOwnPostgres, type OwnPostgres } from '../../helpers/own-postgres';
import { typedClient } from '../../helpers/typed-client';
import { signedInUser } from '../../factories/accounts';
import { createProduct } from '../../factories/catalog';
import { createTestAddress } from '../../factories/commerce';
import { market, offerCalls } from '../offers/offer-support';
import { snapshot, type Auth } from './checkout-support';
import {
  closeStripeTestApp,
  openStripeTestApp,
  paidOutStripeSale,
  paidStripeSale,
  type StripeTestApp,
} from './stripe-support';

/**
 * Fault drills of issue 27's money paths (docs/decisions/038, 073, 074, 076), on a PostgreSQL
 * cluster of the test's own (initdb in a temporary directory, port 54402): the fault strikes in
 * the middle of the path — the app's transaction is held at a chosen statement by a row lock of
 * the test's, then its sessions are ended or the server stopped. The call answers 503 with
 * Retry-After, nothing is half-made, and once the database is back the same call (or the job's
 * retry) completes exactly once.
 */
const PORT = 54402;

let server: OwnPostgres;
let w: StripeTestApp;
let t: TestApp;
let last: LightMyRequestResponse | undefined;
const client = typedClient(() => t, { onAnswer: (res) => (last = res) });
const offerApi = offerCalls(() => t);
const as = (auth: Auth) => ({ headers: auth });
const answered = () => last;

beforeAll(async () => {
  server = await startOwnPostgres(PORT);
  // Its connections are cut on purpose: the pool reports each and opens new ones.
  const database = await openPostgres(server.url, { onConnectionError: () => {} });
  w = await openStripeTestApp({ database });
  t = w.t;
}, 120_000);
// A drill that failed half-way does not leave the next one without its server.
afterEach(() => server.start());
afterAll(async () => {
  await closeStripeTestApp(w);
  await server?.dispose();
});

type OrderBody = z.input<typeof orderCreateRequest>;
const place = (auth: Auth, body: OrderBody) =>
  client.call(commerceApi.createOrder, { body }, as(auth));

/** A call left in flight while the fault is made: its refusal is awaited later, not unhandled. */
function inFlight<T>(call: Promise<T>): Promise<T> {
  call.catch(() => {});
  return call;
}

/** Once the server is back, the app's pool reaches it again (its dead connections dropped). */
const databaseBack = () =>
  expect.poll(() => t.deps.database.ping(), { timeout: 10_000 }).toBe(true);

describe('POST /orders with a discount code, its sessions ended mid-transaction', () => {
  it('answers 503 with Retry-After, leaves no order and no use of the code, then places it once', async () => {
    const maya = await signedInUser(t.deps, { accountType: 'seller', name: 'Maya' });
    const sam = await signedInUser(t.deps, { accountType: 'buyer', name: 'Sam' });
    const lamp = await createProduct(t, maya.user, { title: 'Lamp', price: 40, stock: 3 });
    const { discount } = await client.call(
      discountsApi.saveDiscount,
      { body: { code: 'LAST1', kind: 'percent', value: 25, maxUses: 1 } },
      as(maya.auth),
    );
    const home = await createTestAddress(t, sam.user.id);
    const body: OrderBody = {
      items: [{ _id: lamp._id, amount: 1, selectedVariations: {} }],
      shippingAddressId: home.id,
      discountCode: 'last1',
    };
    const before = await snapshot(t, [lamp._id]);

    // Stock is taken last: by then the order, its part and items, the code's use and who used
    // it are written in the transaction. There, every session of the app is ended.
    const hold = await server.holdRows('select 1 from products where id = $1 for no key update', [
      lamp._id,
    ]);
    const placing = inFlight(place(sam.auth, body));
    expect(await hold.waitedOn()).toMatch(/^update "products"/);
    expect(await server.terminateSessions([hold.pid])).toBeGreaterThan(0);
    await expectCallUnavailable(placing, answered, 'the order placed as the sessions end');
    await hold.release();
    expect(await snapshot(t, [lamp._id])).toEqual(before);

    // The buyer tries again: one order, the code's one use taken by it.
    const { order } = await place(sam.auth, body);
    expect(order.transactions[0]).toMatchObject({ discountCode: 'LAST1', discount: 10 });
    const after = await snapshot(t, [lamp._id]);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock[0]!.stock).toBe(2);
    expect(after.codeUses.find((c) => c.id === discount._id)!.uses).toBe(1);
    const used = await t.deps.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, discount._id));
    expect(used).toMatchObject([{ orderId: order._id, buyerId: sam.user.id }]);
    // Used up by that one order: another is refused, saying so.
    await expect(place(sam.auth, body)).rejects.toMatchObject({
      status: 409,
      message: 'The discount code “LAST1” has been used up.',
    });
  });
});

describe('POST /orders claiming an accepted offer, the server stopped mid-transaction', () => {
  it('answers 503 with Retry-After while it is away, leaves the offer unused, then uses it once', async () => {
    const { maya, sam, post } = await market(t);
    const { offer } = await offerApi.make(sam.auth, { postId: post._id, amount: 30 });
    await offerApi.respond(maya.auth, { id: offer._id, action: 'accept' });
    const home = await createTestAddress(t, sam.user.id);
    const body: OrderBody = {
      items: [{ _id: post._id, amount: 1, selectedVariations: {}, offerId: offer._id }],
      shippingAddressId: home.id,
    };
    const before = await snapshot(t, [post._id]);

    // The offer is claimed after the order is written; there the server stops. Immediately: a
    // fast stop ends the sessions one by one, and when the hold's goes first the order's can
    // claim the offer and commit before its own end comes — the buyer then rightly gets the
    // order, but that is not the fault this drill is about.
    const hold = await server.holdRows('select 1 from offers where id = $1 for no key update', [
      offer._id,
    ]);
    const placing = inFlight(place(sam.auth, body));
    expect(await hold.waitedOn()).toMatch(/^update "offers"/);
    await server.stop('immediate');
    await expectCallUnavailable(placing, answered, 'the order placed as the server stops');
    await expectCallUnavailable(place(sam.auth, body), answered, 'the order placed while away');
    await hold.release();
    await server.start();
    await databaseBack();
    expect(await snapshot(t, [post._id])).toEqual(before);

    const { order } = await place(sam.auth, body);
    expect(order.subtotal).toBe(30);
    const [row] = await t.deps.database.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ status: 'used', orderId: order._id });
    expect((await snapshot(t, [post._id])).orders).toBe(before.orders + 1);
  });
});

const ledgerOf = (partId: string) =>
  t.deps.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, partId))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.kind);
/** The newest job of this name (each drill below queues one of its kind). */
const newestJob = async (name: string) =>
  (
    await t.deps.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, name))
      .orderBy(desc(jobs.createdAt))
      .limit(1)
  )[0]!;
const refundKeys = (key: string) =>
  w.standIn.calls('POST', '/v1/refunds').filter((r) => r.idempotencyKey === key);

/**
 * Runs the due jobs with the server stopped while Stripe answers a refund (Stripe made it; the
 * answer finds no database): the run fails, no process ends. Once the server is back the part's
 * ledger is as it was and the job, still 'running', waits for its lease to run out; then it runs
 * again, and is done.
 */
async function refundAcrossAStop(job: string, partId: string) {
  const before = (await ledgerOf(partId)).map((e) => e.kind);
  w.standIn.whenAnswering(/^\/v1\/refunds$/, () => server.stop());
  await expect(t.runJobs()).rejects.toSatisfy(isDatabaseUnavailable);
  await server.start();
  await databaseBack();
  expect((await ledgerOf(partId)).map((e) => e.kind)).toEqual(before);
  expect(await newestJob(job)).toMatchObject({ status: 'running', attempts: 1 });
  t.advanceTime(DEFAULT_LEASE_MS + 1_000);
  await t.runJobs();
  expect(await newestJob(job)).toMatchObject({ status: 'done', attempts: 2 });
}

describe('refund jobs, the server stopped while Stripe refunds', () => {
  it('a return’s: no ledger row half-way; the retry records the one refund Stripe made', async () => {
    const { seller, intent, partId } = await paidOutStripeSale(w);
    const { returnRequest } = await client.call(
      returnsApi.open,
      { body: { transactionId: partId, reason: 'damaged', message: 'Cracked.' } },
      as(w.buyer.auth),
    );
    await client.call(
      returnsApi.accept,
      { body: { id: returnRequest._id, refund: 20, returnItem: false } },
      as(seller.auth),
    );

    await refundAcrossAStop(returnRefundJob.name, partId);
    // Asked twice with one key, Stripe refunded once; the ledger holds that one refund.
    expect(refundKeys(`refund:return:${returnRequest._id}`)).toHaveLength(2);
    expect(w.standIn.refunded.get(intent.id)).toBe(2000);
    expect((await ledgerOf(partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['transfer', 5250],
      ['refund', 2000],
      ['reversal', 1909],
    ]);
    const shown = await client.call(
      returnsApi.list,
      { query: { id: returnRequest._id } },
      as(w.buyer.auth),
    );
    expect(shown).toMatchObject({ returnRequest: { refundSent: true } });

    // Asked once more, nothing moves again.
    const asked = w.standIn.requests.length;
    await enqueueJob(t.moduleDeps(), returnRefundJob, { returnId: returnRequest._id });
    await t.runJobs();
    expect(w.standIn.requests.slice(asked).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await ledgerOf(partId)).toHaveLength(3);
  });

  it('a cancelled sale’s: the same, one refund of the part’s total', async () => {
    const { seller, intent, partId } = await paidStripeSale(w);
    await client.call(
      commerceApi.cancelSale,
      { body: { id: partId, reason: 'Broken in the workshop.' } },
      as(seller.auth),
    );

    await refundAcrossAStop(refundJob.name, partId);
    expect(refundKeys(`refund:${partId}`)).toHaveLength(2);
    // 2 × 20.00 + 2 × 5.00 shipping + 10 % tax.
    expect(w.standIn.refunded.get(intent.id)).toBe(5500);
    expect((await ledgerOf(partId)).map((e) => [e.kind, e.amountMinor])).toEqual([
      ['refund', 5500],
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerEntries, webhookEvents } from '../../../src/server/db/schema';
import { commerceMailJob, stripeEventJob } from '../../../src/server/modules/commerce';
import { readTestOrder } from '../../factories/commerce';
import {
  closeStripeTestApp,
  deliver,
  openStripeTestApp,
  stripeOrder,
  type StripeTestApp,
} from './stripe-support';

/**
 * On PostgreSQL, with real concurrency: Stripe's retries of one event arriving at the same moment
 * (several instances behind a load balancer) are recorded and queued once; the events of one
 * order handled by two workers at once pay it once.
 */
let w: StripeTestApp;
beforeAll(async () => {
  w = await openStripeTestApp();
});
afterAll(() => closeStripeTestApp(w));

const db = () => w.t.deps.database.db;

describe('concurrent webhook deliveries', () => {
  it('20 simultaneous deliveries of one event: one record, one job, one payment', async () => {
    const { order, intent } = await stripeOrder(w);
    w.standIn.succeed(intent.id);
    const event = w.standIn.event('payment_intent.succeeded', w.standIn.intents.get(intent.id)!);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(w.t, w.standIn, event)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(
      await db()
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, String(event.id))),
    ).toHaveLength(1);
    const queued = (
      await db().select().from(jobs).where(eq(jobs.name, stripeEventJob.name))
    ).filter((j) => (j.payload as { id?: string }).id === event.id);
    expect(queued).toHaveLength(1);

    // The success and a late failure of the same order, handled by two workers at once.
    w.standIn.fail(intent.id, 'Your card was declined.');
    const lateFailure = w.standIn.event('payment_intent.payment_failed', {
      ...w.standIn.intents.get(intent.id)!,
    });
    w.standIn.succeed(intent.id);
    await deliver(w.t, w.standIn, lateFailure);
    await Promise.all([w.t.runJobs(), w.t.runJobs()]);

    expect(await readTestOrder(w.t, order._id)).toMatchObject({
      status: 'paid',
      paymentError: null,
    });
    const charges = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, order._id));
    expect(charges).toHaveLength(1);
    const confirmations = (
      await db().select().from(jobs).where(eq(jobs.name, commerceMailJob.name))
    )
      .map((j) => j.payload as { mail?: string; id?: string })
      .filter((p) => p.mail === 'order_confirmation' && p.id === order._id);
    expect(confirmations).toHaveLength(1);
  });
});

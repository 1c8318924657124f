import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripeEventJob } from '../../../src/server/modules/commerce';
import { WEBHOOK_SECRET, deliver, eventJobs, type StripeTestApp } from '../commerce/stripe-support';
import { send, stateOf } from './plans-support';
import {
  buyWithStripe,
  closeStripeTestApp,
  deliverAll,
  openStripeTestApp,
  planEventJobs,
  stripeEvent,
  stripeMember,
} from './stripe-plans-support';

/**
 * Stripe's subscription webhooks (docs/decisions/033): a renewal paid moves the period and sends
 * a receipt; a renewal that fails puts the member back on the free plan with an email and stops
 * Stripe retrying; switching to free stops the schedule at Stripe and the plan ends when Stripe
 * ends the subscription. The events reach the plans module's job, signed.
 */
let w: StripeTestApp;
beforeEach(async () => {
  w = await openStripeTestApp();
});
afterEach(() => closeStripeTestApp(w));

const subjectsTo = async (email: string) =>
  (await w.t.outbox()).filter((m) => m.to === email).map((m) => m.subject);

describe('Stripe subscription events', () => {
  it('a paid renewal moves the period on and sends a receipt, once however often it is delivered', async () => {
    const m = await stripeMember(w);
    const renewal = w.standIn.billing.periodEnds(m.subscriptionId)!;
    const paid = stripeEvent(w.standIn, 'invoice.paid', String(renewal.id));
    const updated = stripeEvent(w.standIn, 'customer.subscription.updated', m.subscriptionId);
    await deliverAll(w, [paid, updated, paid]);

    expect((await planEventJobs(w.t)).map((j) => j.status)).toEqual(['done', 'done']);
    expect(await eventJobs(w.t)).toHaveLength(0);
    const state = await stateOf(w.t, m.user.id);
    const period = (renewal.lines as { data: { period: { start: number; end: number } }[] })
      .data[0]!.period;
    expect(state.subs).toMatchObject([
      {
        status: 'active',
        currentPeriodStart: new Date(period.start * 1000),
        currentPeriodEnd: new Date(period.end * 1000),
      },
    ]);
    expect(state.charges.map((c) => [c.status, c.providerRef])).toEqual([
      ['paid', m.firstInvoice],
      ['paid', renewal.id],
    ]);
    expect(state.plan).toMatchObject({ end: new Date(period.end * 1000).toISOString() });
    expect(await subjectsTo(m.user.email)).toEqual([
      'Welcome to the Creator plan',
      'Your Creator plan was renewed',
    ]);
  });

  it('a failed renewal puts the member back on the free plan with an email, and Stripe stops trying', async () => {
    const m = await stripeMember(w);
    const renewal = w.standIn.billing.periodEnds(m.subscriptionId, { cardFails: true })!;
    await deliverAll(w, [stripeEvent(w.standIn, 'invoice.payment_failed', String(renewal.id))]);

    const state = await stateOf(w.t, m.user.id);
    expect(state.plan).toBeNull();
    expect(state.subs).toMatchObject([{ status: 'ended', endedReason: 'payment_failed' }]);
    expect(state.charges.map((c) => [c.status, c.failureMessage])).toEqual([
      ['paid', null],
      ['failed', 'Your card was declined.'],
    ]);
    // Released after its first period: the subscription itself is cancelled, without a credit.
    expect(w.standIn.calls('DELETE', `/v1/subscriptions/${m.subscriptionId}`)).toMatchObject([
      {
        idempotencyKey: `cancel:${m.subscriptionId}`,
        body: { invoice_now: 'false', prorate: 'false' },
      },
    ]);
    expect(w.standIn.billing.subscriptions.get(m.subscriptionId)!.status).toBe('canceled');
    const mails = (await w.t.outbox()).filter((x) => x.to === m.user.email);
    expect(mails.map((x) => x.subject)).toEqual([
      'Welcome to the Creator plan',
      'We could not renew your Creator plan',
    ]);
    expect(mails[1]!.text).toContain('Your card was declined.');
    expect(mails[1]!.text).toContain('You are now on the Free plan');

    // Stripe's follow-up (the subscription deleted) changes nothing more.
    await deliverAll(w, [
      stripeEvent(w.standIn, 'customer.subscription.deleted', m.subscriptionId),
    ]);
    expect((await stateOf(w.t, m.user.id)).subs).toMatchObject([{ endedReason: 'payment_failed' }]);
    expect(await subjectsTo(m.user.email)).toHaveLength(2);
  });

  it('switching to free ends the schedule with its period at Stripe; the plan ends when Stripe ends the subscription', async () => {
    const m = await stripeMember(w);
    const res = await send(w.t, m.auth, 'PATCH', '/users/subscription');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(m.plan);
    const update = w.standIn.calls('POST', `/v1/subscription_schedules/${m.scheduleId}`);
    expect(update).toMatchObject([{ body: { end_behavior: 'cancel' } }]);
    expect(update[0]!.idempotencyKey).toMatch(new RegExp(`^schedule-end:${m.scheduleId}:`));
    let state = await stateOf(w.t, m.user.id);
    expect(state.subs).toMatchObject([{ status: 'active', cancelAtPeriodEnd: true }]);
    expect(state.plan).toEqual(m.plan);

    // Choosing the plan again before the end carries on, at Stripe too; then free again.
    const again = await buyWithStripe(w, m.auth);
    expect(again.statusCode, again.body).toBe(200);
    expect(w.standIn.billing.schedules.get(m.scheduleId)!.end_behavior).toBe('release');
    expect((await send(w.t, m.auth, 'PATCH', '/users/subscription')).statusCode).toBe(200);
    expect(w.standIn.billing.schedules.get(m.scheduleId)!.end_behavior).toBe('cancel');

    expect(w.standIn.billing.periodEnds(m.subscriptionId)).toBeNull();
    await deliverAll(w, [
      stripeEvent(w.standIn, 'customer.subscription.deleted', m.subscriptionId),
      stripeEvent(w.standIn, 'subscription_schedule.completed', m.scheduleId),
    ]);
    state = await stateOf(w.t, m.user.id);
    expect(state.plan).toBeNull();
    expect(state.subs).toMatchObject([{ status: 'ended', endedReason: 'switched_to_free' }]);
    expect(state.charges).toHaveLength(1);
    const subjects = await subjectsTo(m.user.email);
    expect(subjects).toHaveLength(3);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Welcome to the Creator plan',
        expect.stringMatching(/^Your Creator plan ends on /),
        'You are now on the Free plan',
      ]),
    );
  });

  it('after the schedule released the subscription, switching to free stops the subscription itself', async () => {
    const m = await stripeMember(w);
    const renewal = w.standIn.billing.periodEnds(m.subscriptionId)!;
    await deliverAll(w, [stripeEvent(w.standIn, 'invoice.paid', String(renewal.id))]);
    expect(w.standIn.billing.schedules.get(m.scheduleId)!.status).toBe('released');

    expect((await send(w.t, m.auth, 'PATCH', '/users/subscription')).statusCode).toBe(200);
    expect(w.standIn.calls('POST', `/v1/subscriptions/${m.subscriptionId}`)).toMatchObject([
      { body: { cancel_at_period_end: 'true' } },
    ]);
    expect(w.standIn.billing.periodEnds(m.subscriptionId)).toBeNull();
    await deliverAll(w, [
      stripeEvent(w.standIn, 'customer.subscription.deleted', m.subscriptionId),
    ]);
    expect((await stateOf(w.t, m.user.id)).subs).toMatchObject([
      { status: 'ended', endedReason: 'switched_to_free' },
    ]);
  });

  it('refuses a delivery whose signature does not match (400), queueing nothing', async () => {
    const m = await stripeMember(w);
    const renewal = w.standIn.billing.periodEnds(m.subscriptionId)!;
    const event = stripeEvent(w.standIn, 'invoice.paid', String(renewal.id));
    const forged = await deliver(w.t, w.standIn, event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await planEventJobs(w.t)).toHaveLength(0);

    const genuine = await deliver(w.t, w.standIn, event, WEBHOOK_SECRET);
    expect(genuine.statusCode).toBe(200);
    expect(await planEventJobs(w.t)).toHaveLength(1);
    expect((await eventJobs(w.t)).filter((j) => j.name === stripeEventJob.name)).toHaveLength(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../factories/accounts';
import type { StripeTestApp } from '../commerce/stripe-support';
import { stateOf } from './plans-support';
import {
  buyWithStripe,
  closeStripeTestApp,
  deliverAll,
  openStripeTestApp,
  stripeEvent,
} from './stripe-plans-support';

/**
 * POST /users/subscription with Stripe (docs/decisions/033), against the local stand-in: what is
 * asked of Stripe and with which idempotency keys, the plan answered, a 3-D Secure check, a
 * decline, and Stripe failing half-way.
 */
let w: StripeTestApp;
beforeEach(async () => {
  w = await openStripeTestApp();
});
afterEach(() => closeStripeTestApp(w));

const DAY = 24 * 3600_000;
const posts = () => w.standIn.requests.filter((r) => r.method === 'POST');

describe('buying a plan with Stripe', () => {
  it('makes a customer, attaches the card, finds or creates the price, starts a schedule and charges its first invoice', async () => {
    const member = await signedInUser(w.t.deps, { name: 'Ada Member' });
    const before = Date.now();
    const res = await buyWithStripe(w, member.auth);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json();
    expect(plan).toMatchObject({ id: 'creator', frequency: 'month' });
    expect(plan).not.toHaveProperty('paymentAction');
    expect(plan.subscriptionScheduleId).toMatch(/^sub_sched_/);
    expect(Date.parse(plan.end) - before).toBeGreaterThanOrEqual(28 * DAY);

    const { billing } = w.standIn;
    const [customer] = [...billing.customers.values()];
    const [schedule] = [...billing.schedules.values()];
    const sub = billing.subscriptions.get(String(schedule!.subscription))!;
    const invoice = String(sub.latest_invoice);
    const pm = String(sub.default_payment_method);
    const price = [...billing.prices.values()][0]!;
    expect(w.standIn.requests.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/customers', `customer:${member.user.id}`],
      ['POST', `/v1/payment_methods/${pm}/attach`, `attach:${pm}:${customer!.id}`],
      ['POST', `/v1/customers/${customer!.id}`, `default-card:${customer!.id}:${pm}`],
      ['GET', '/v1/prices', null],
      ['GET', '/v1/products/plan_creator', null],
      ['POST', '/v1/products', 'product:plan_creator'],
      ['POST', '/v1/prices', 'price:plan_creator_month:900:usd'],
      ['POST', '/v1/subscription_schedules', `schedule:${member.user.id}:0:${pm}`],
      ['GET', `/v1/invoices/${invoice}`, null],
      ['POST', `/v1/invoices/${invoice}/finalize`, `finalize:${invoice}`],
      ['POST', `/v1/invoices/${invoice}/pay`, `pay:${invoice}`],
      ['GET', `/v1/invoices/${invoice}`, null],
    ]);
    const body = (path: string) => w.standIn.calls('POST', path)[0]!.body;
    expect(body('/v1/customers')).toMatchObject({
      email: member.user.email,
      name: 'Ada Member',
      metadata: { userId: member.user.id },
    });
    expect(body(`/v1/customers/${customer!.id}`)).toEqual({
      invoice_settings: { default_payment_method: pm },
    });
    expect(w.standIn.calls('GET', '/v1/prices')[0]!.body).toMatchObject({
      lookup_keys: { 0: 'plan_creator_month' },
      active: 'true',
    });
    expect(body('/v1/prices')).toMatchObject({
      product: 'plan_creator',
      currency: 'usd',
      unit_amount: '900',
      recurring: { interval: 'month' },
      lookup_key: 'plan_creator_month',
      transfer_lookup_key: 'true',
    });
    const metadata = { userId: member.user.id, planId: 'creator', frequency: 'month' };
    expect(body('/v1/subscription_schedules')).toMatchObject({
      customer: customer!.id,
      start_date: 'now',
      end_behavior: 'release',
      default_settings: { collection_method: 'charge_automatically', default_payment_method: pm },
      phases: {
        0: {
          items: { 0: { price: price.id, quantity: '1' } },
          duration: { interval: 'month', interval_count: '1' },
          metadata,
        },
      },
      metadata,
    });

    const state = await stateOf(w.t, member.user.id);
    expect(state.plan).toEqual(plan);
    expect(state.subs).toMatchObject([
      {
        status: 'active',
        provider: 'stripe',
        scheduleId: schedule!.id,
        providerSubscriptionId: sub.id,
        customerId: customer!.id,
        paymentMethodId: pm,
      },
    ]);
    expect(state.charges).toMatchObject([
      { status: 'paid', amountMinor: 900, currency: 'USD', providerRef: invoice },
    ]);
    expect(state.charges[0]!.idempotencyKey).toBe(`stripe:${invoice}`);
    const mails = await w.t.outbox();
    expect(mails.filter((m) => m.to === member.user.email).map((m) => m.subject)).toEqual([
      'Welcome to the Creator plan',
    ]);
  });

  it('creates a plan price once: the next member finds it by its lookup key', async () => {
    const first = await signedInUser(w.t.deps);
    expect((await buyWithStripe(w, first.auth)).statusCode).toBe(200);
    const second = await signedInUser(w.t.deps);
    const yearly = await buyWithStripe(w, second.auth, 'succeeds', { frequency: 'year' });
    expect(yearly.statusCode, yearly.body).toBe(200);
    const third = await signedInUser(w.t.deps);
    expect((await buyWithStripe(w, third.auth)).statusCode).toBe(200);

    expect(w.standIn.calls('POST', '/v1/prices').map((r) => r.idempotencyKey)).toEqual([
      'price:plan_creator_month:900:usd',
      'price:plan_creator_year:9000:usd',
    ]);
    expect(w.standIn.calls('POST', '/v1/products')).toHaveLength(1);
    expect(posts().every((r) => r.idempotencyKey)).toBe(true);
  });

  it('answers a 3-D Secure check with the client secret, and starts the plan when Stripe reports the payment', async () => {
    const member = await signedInUser(w.t.deps);
    const res = await buyWithStripe(w, member.auth, 'requires_action');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.paymentAction.clientSecret).toMatch(/^pi_.+_secret_/);
    let state = await stateOf(w.t, member.user.id);
    expect(state.subs).toMatchObject([{ status: 'incomplete' }]);
    expect(state.plan).toBeNull();

    const sub = w.standIn.billing.subscriptions.get(state.subs[0]!.providerSubscriptionId!)!;
    w.standIn.billing.completeAction(String(sub.latest_invoice));
    await deliverAll(w, [stripeEvent(w.standIn, 'invoice.paid', String(sub.latest_invoice))]);
    state = await stateOf(w.t, member.user.id);
    expect(state.subs).toMatchObject([{ status: 'active' }]);
    expect(state.plan).toMatchObject({
      id: 'creator',
      subscriptionScheduleId: answer.subscriptionScheduleId,
    });
    const mails = await w.t.outbox();
    expect(mails.filter((m) => m.to === member.user.email).map((m) => m.subject)).toEqual([
      'Welcome to the Creator plan',
    ]);
  });

  it('refuses a declined card with the bank’s words (402), cancelling the schedule at Stripe', async () => {
    const member = await signedInUser(w.t.deps);
    const res = await buyWithStripe(w, member.auth, 'insufficient_funds');
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds. Try another card.',
    });
    const [schedule] = [...w.standIn.billing.schedules.values()];
    expect(schedule!.status).toBe('canceled');
    const state = await stateOf(w.t, member.user.id);
    expect(state.plan).toBeNull();
    expect(state.subs).toMatchObject([{ status: 'ended', endedReason: 'incomplete_expired' }]);
    expect(await w.t.outbox()).toHaveLength(0);

    // Another card then works: a new schedule, the same customer.
    const again = await buyWithStripe(w, member.auth);
    expect(again.statusCode, again.body).toBe(200);
    expect(w.standIn.billing.customers.size).toBe(1);
    expect((await stateOf(w.t, member.user.id)).plan).toMatchObject({ id: 'creator' });
  });

  it('answers 503 when Stripe is down, leaving nothing half-made', async () => {
    const member = await signedInUser(w.t.deps);
    w.standIn.failNext(/^\/v1\/subscription_schedules$/, 500);
    const down = await buyWithStripe(w, member.auth);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json()).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: expect.stringMatching(/could not reach Stripe.+try again/),
    });
    expect(w.standIn.billing.schedules.size).toBe(0);
    let state = await stateOf(w.t, member.user.id);
    expect(state.subs).toHaveLength(0);
    expect(state.plan).toBeNull();

    // Down while charging: the schedule made a moment before is cancelled, nothing stays live.
    w.standIn.failNext(/\/pay$/, 503);
    const midway = await buyWithStripe(w, member.auth);
    expect(midway.statusCode, midway.body).toBe(503);
    const [schedule] = [...w.standIn.billing.schedules.values()];
    expect(schedule!.status).toBe('canceled');
    state = await stateOf(w.t, member.user.id);
    expect(state.subs.map((s) => s.status)).toEqual(['ended']);
    expect(state.charges).toHaveLength(0);
    expect(state.plan).toBeNull();
    expect(await w.t.outbox()).toHaveLength(0);
  });
});

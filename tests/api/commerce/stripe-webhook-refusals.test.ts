import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import type { StripeStandIn } from '../../helpers/stripe-stand-in';
import { inject } from '../../factories/accounts';
import { readTestOrder } from '../../factories/commerce';
import {
  WEBHOOK_SECRET,
  closeStripeTestApp,
  deliver,
  eventJobs,
  openStripeTestApp,
  stripeOrder,
  type StripeTestApp,
} from './stripe-support';

/**
 * What POST /webhooks/stripe refuses: a delivery not signed with this server's secret, a body that
 * is not an event, another content type, and any delivery when Stripe is not configured — each
 * with a sentence, and nothing recorded.
 */
let w: StripeTestApp;
let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  w = await openStripeTestApp();
  ({ t, standIn } = w);
});
afterAll(() => closeStripeTestApp(w));

const db = () => t.deps.database.db;

describe('refused deliveries', () => {
  it('a bad or missing signature is 400 WEBHOOK_SIGNATURE_INVALID and nothing is recorded', async () => {
    const { order, intent } = await stripeOrder(w);
    standIn.succeed(intent.id);
    const event = standIn.event('payment_intent.succeeded', standIn.intents.get(intent.id)!);
    const eventsBefore = (await db().select().from(webhookEvents)).length;
    const jobsBefore = (await eventJobs(t)).length;
    const { payload, signature } = standIn.sign(event, WEBHOOK_SECRET);
    const post = (headers: Record<string, string>, body = payload) =>
      inject(t, {
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });

    const refusals = [
      await deliver(t, standIn, event, 'whsec_someone_else'),
      await post({ 'stripe-signature': signature }, payload.replace('succeeded', 'canceled')),
      await post({ 'stripe-signature': 't=1,v1=00' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: expect.stringMatching(/^The Stripe-Signature header does not match this body/),
      });
    }
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: expect.stringMatching(/^The Stripe-Signature header is missing\./),
    });

    expect(await db().select().from(webhookEvents)).toHaveLength(eventsBefore);
    expect(await eventJobs(t)).toHaveLength(jobsBefore);
    await t.runJobs();
    expect((await readTestOrder(t, order._id)).status).toBe('pending');
  });

  it('a correctly signed body that is not an event is 400, never a 500', async () => {
    const bodies = [
      'null',
      '5',
      '[]',
      'not json',
      '{"id":"evt_1"}',
      '{"id":"evt_2","type":"x","data":{}}',
    ];
    for (const payload of bodies) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      const res = await inject(t, {
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/Stripe/);
    }
  });

  it('takes only JSON bodies, raw in this route alone (other routes still parse JSON)', async () => {
    const text = await inject(t, {
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(text.statusCode).toBe(415);
    const login = await inject(t, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is 404 with the reason when Stripe is not configured', { timeout: 90_000 }, async () => {
    const embedded = await createTestApp();
    const noSecret = await createTestApp({ payments: standIn.driver() });
    try {
      const event = standIn.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
      });
      const off = await deliver(embedded, standIn, event);
      expect(off.statusCode).toBe(404);
      expect(off.json().message).toBe(
        'Stripe webhooks are not enabled: this server takes payments with its embedded driver (set STRIPE_SECRET_KEY to use Stripe).',
      );
      const unsigned = await deliver(noSecret, standIn, event);
      expect(unsigned.statusCode).toBe(404);
      expect(unsigned.json().message).toMatch(/STRIPE_WEBHOOK_SECRET is not set/);
    } finally {
      await embedded.close();
      await noSecret.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptReturn,
  confirmReturnReceived,
  openReturn,
  returnRefundJob,
} from '../../../src/server/modules/commerce';
import { enqueueJob } from '../../../src/server/modules/core';
import type { TestApp } from '../../helpers/app';
import type { StripeStandIn } from '../../helpers/stripe-stand-in';
import {
  closeStripeTestApp,
  openStripeTestApp,
  paidOutStripeSale,
  type StripeTestApp,
} from '../commerce/stripe-support';
import { ledgerOf } from './returns-support';

/**
 * A return refunded after the seller was paid, with Stripe as the payments driver (its stand-in):
 * the buyer is refunded from the charge and the seller's transfer is reversed by their share of
 * the refund, each once whatever retries ask.
 */
let w: StripeTestApp;
let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  w = await openStripeTestApp();
  ({ t, standIn } = w);
});
afterAll(() => closeStripeTestApp(w));

describe('a refund after payout with Stripe', () => {
  it('refunds the buyer and reverses the seller’s transfer by their share, once', async () => {
    const { order, intent, partId, seller, transferId } = await paidOutStripeSale(w);
    const [transferCall] = standIn.calls('POST', '/v1/transfers').slice(-1);
    expect(transferCall!.body.amount).toBe('5250');

    const deps = t.moduleDeps();
    const request = await openReturn(
      deps,
      { id: w.buyer.id, role: 'user' },
      {
        transactionId: partId,
        reason: 'not_as_described',
        message: 'Not the colour in the photos.',
      },
    );
    const sellerReader = { id: seller.user.id, role: 'user' };
    await acceptReturn(deps, sellerReader, { id: request._id, refund: 20, returnItem: true });
    await t.runJobs();
    // The item comes back first: nothing moves until the seller confirms it arrived.
    expect(standIn.calls('POST', '/v1/refunds')).toEqual([]);
    await confirmReturnReceived(deps, sellerReader, { id: request._id });
    await t.runJobs();

    const metadata = { orderId: order._id, transactionId: partId, returnId: request._id };
    expect(standIn.calls('POST', '/v1/refunds')).toEqual([
      expect.objectContaining({
        body: { payment_intent: intent.id, amount: '2000', metadata },
        idempotencyKey: `refund:return:${request._id}`,
      }),
    ]);
    // 20.00 refunded of 55.00 gives back round(2.50 × 20 / 55) = 0.91 of the fee: the seller's
    // transfer is reversed by 19.09.
    expect(standIn.calls('POST', `/v1/transfers/${transferId}/reversals`)).toEqual([
      expect.objectContaining({
        body: { amount: '1909', metadata },
        idempotencyKey: `reversal:return:${request._id}`,
      }),
    ]);
    expect(standIn.transfers.get(transferId)).toMatchObject({
      amount: 5250,
      amount_reversed: 1909,
    });
    const ledger = await ledgerOf(t, partId);
    expect(ledger.filter((e) => e.kind !== 'transfer')).toMatchObject([
      { kind: 'refund', amountMinor: 2000, feeMinor: 91, provider: 'stripe' },
      {
        kind: 'reversal',
        amountMinor: 1909,
        provider: 'stripe',
        providerRef: expect.stringMatching(/^trr_/),
      },
    ]);

    // A retried job: the ledger has both movements, Stripe is not called again.
    const before = standIn.requests.length;
    await enqueueJob(t.moduleDeps(), returnRefundJob, { returnId: request._id });
    await t.runJobs();
    expect(standIn.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a reversal Stripe refuses is retried by the job, and lands once', async () => {
    const { partId, seller } = await paidOutStripeSale(w);
    const deps = t.moduleDeps();
    const request = await openReturn(
      deps,
      { id: w.buyer.id, role: 'user' },
      {
        transactionId: partId,
        reason: 'damaged',
        message: 'Cracked.',
      },
    );
    await acceptReturn(
      deps,
      { id: seller.user.id, role: 'user' },
      {
        id: request._id,
        refund: 55,
        returnItem: false,
      },
    );
    standIn.failNext(/\/reversals$/, 500);
    await t.runJobs();
    expect((await ledgerOf(t, partId)).map((e) => e.kind)).toEqual(['transfer', 'refund']);
    t.advanceTime(10 * 60_000); // past the job's backoff
    await t.runJobs();
    const ledger = await ledgerOf(t, partId);
    // A full refund: the whole fee back, the whole transfer reversed.
    expect(ledger.map((e) => [e.kind, e.amountMinor])).toEqual([
      ['transfer', 5250],
      ['refund', 5500],
      ['reversal', 5250],
    ]);
    expect(
      standIn
        .calls('POST', '/v1/refunds')
        .filter((r) => r.idempotencyKey === `refund:return:${request._id}`),
    ).toHaveLength(1);
  });
});

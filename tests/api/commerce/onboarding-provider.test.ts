import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsDriver } from '../../../src/server/adapters/payments/types';
import { ledgerEntries, sellerAccounts, transactions } from '../../../src/server/db/schema';
import { localPayments, queuePayout } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { purchase, sellerWithPost, type Member } from './feedback-fixtures';

// Onboarding through a provider driver (as Stripe's): what the link call asks the provider for,
// the status kept from the provider's answer, held payouts released once it says ready, and the
// embedded form refused. The driver here records calls and answers like Stripe would; the Stripe
// driver's own HTTP shapes are tested with it.

const calls: { method: string; input: unknown }[] = [];
const ready = new Set<string>();
let accounts = 0;

function recordingDriver(t: () => TestApp): PaymentsDriver {
  // Payment intents come from the embedded driver (the factories pay through it).
  const local = () => localPayments(t().moduleDeps());
  return {
    provider: 'stripe',
    publishableKey: 'pk_test_123',
    createPaymentIntent: (input) => local().createPaymentIntent(input),
    retrievePaymentIntent: (id) => local().retrievePaymentIntent(id),
    cancelPaymentIntent: (id, key) => local().cancelPaymentIntent(id, key),
    async createTransfer(input) {
      calls.push({ method: 'createTransfer', input });
      return { id: `tr_${calls.length}` };
    },
    async createRefund(input) {
      calls.push({ method: 'createRefund', input });
      return { id: `re_${calls.length}` };
    },
    async createTransferReversal(input) {
      calls.push({ method: 'createTransferReversal', input });
      return { id: `trr_${calls.length}` };
    },
    async createAccount(input) {
      calls.push({ method: 'createAccount', input });
      accounts += 1;
      return { id: `acct_test_${accounts}` };
    },
    async createAccountLink(input) {
      calls.push({ method: 'createAccountLink', input });
      return { url: `https://connect.stripe.test/setup/${input.accountId}` };
    },
    async retrieveAccount(id) {
      calls.push({ method: 'retrieveAccount', input: id });
      return { id, detailsSubmitted: ready.has(id), payoutsEnabled: ready.has(id) };
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ payments: recordingDriver(() => t) });
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const get = (who: Member, path: string) =>
  inject(t, { method: 'GET', url: `/api/v1/users/${path}`, headers: who.auth });

describe('payout onboarding with a provider', () => {
  it('creates the connected account with an idempotency key and links back to our pages', async () => {
    const seller = await signedInUser(t.deps);
    calls.length = 0;
    const res = await get(seller, 'stripe-onboarding-link');
    expect(res.statusCode).toBe(200);
    const { stripeUserId, url } = res.json();
    expect(url).toBe(`https://connect.stripe.test/setup/${stripeUserId}`);
    expect(calls).toEqual([
      {
        method: 'createAccount',
        input: {
          email: seller.user.email,
          metadata: { userId: seller.user.id },
          idempotencyKey: `acct:${seller.user.id}`,
        },
      },
      {
        method: 'createAccountLink',
        input: {
          accountId: stripeUserId,
          refreshUrl: 'http://localhost:3000/onboarding-failure',
          returnUrl: 'http://localhost:3000/onboarding-success',
          type: 'account_onboarding',
        },
      },
    ]);
    const [row] = await db()
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, seller.user.id));
    expect(row).toMatchObject({ provider: 'stripe', accountId: stripeUserId });
    // A second link reuses the account.
    calls.length = 0;
    await get(seller, 'stripe-onboarding-link?linkType=account_update');
    expect(calls.map((c) => c.method)).toEqual(['createAccountLink']);
  });

  it('keeps the status from the provider and releases held payouts once it says ready', async () => {
    const seller = await sellerWithPost(t, 'Maya Maker', 30);
    const buyer = await signedInUser(t.deps);
    const order = await purchase(t, buyer, [seller.post._id]);
    const part = order.transactions[0]!;
    await queuePayout(t.moduleDeps(), part._id);
    await t.runJobs();
    const { stripeUserId } = (await get(seller, 'stripe-onboarding-link')).json();

    const before = (await get(seller, 'stripe-onboarding-status')).json();
    expect(before).toEqual({
      stripeUserId,
      details_submitted: false,
      payouts_enabled: false,
      heldAmount: part.payout,
    });

    ready.add(stripeUserId);
    calls.length = 0;
    const after = (
      await get(seller, `stripe-onboarding-status?stripeUserId=${stripeUserId}`)
    ).json();
    expect(after).toEqual({
      stripeUserId,
      details_submitted: true,
      payouts_enabled: true,
      heldAmount: part.payout,
    });
    const [account] = await db()
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, seller.user.id));
    expect(account).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true });

    await get(seller, 'stripe-onboarding-status'); // asked again before the job ran
    await t.runJobs();
    const transfers = calls.filter((c) => c.method === 'createTransfer');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.input).toMatchObject({
      destination: stripeUserId,
      amountMinor: Math.round(part.payout * 100),
      idempotencyKey: `transfer:${part._id}`,
    });
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, part._id), eq(ledgerEntries.kind, 'transfer')));
    expect(ledger).toHaveLength(1);
    const [row] = await db().select().from(transactions).where(eq(transactions.id, part._id));
    expect(row!.payoutStatus).toBe('paid');
    expect((await get(seller, 'stripe-onboarding-status')).json().heldAmount).toBe(0);
  });

  it('refuses the embedded payout form (409 WRONG_PAYMENT_PROVIDER)', async () => {
    const seller = await signedInUser(t.deps);
    const { stripeUserId } = (await get(seller, 'stripe-onboarding-link')).json();
    const res = await inject(t, {
      method: 'POST',
      url: '/api/v1/payments/local/onboarding',
      headers: seller.auth,
      payload: {
        accountId: stripeUserId,
        holderName: 'Maya Maker',
        country: 'US',
        accountNumber: '000123456789',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('WRONG_PAYMENT_PROVIDER');
    const [row] = await db()
      .select()
      .from(sellerAccounts)
      .where(eq(sellerAccounts.userId, seller.user.id));
    expect(row!.detailsSubmitted).toBe(false);
  });
});

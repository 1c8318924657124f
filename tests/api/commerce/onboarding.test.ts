import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, sellerAccounts, transactions, users } from '../../../src/server/db/schema';
import { queuePayout } from '../../../src/server/modules/commerce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { inject, signedInUser } from '../../factories/accounts';
import { purchase, sellerWithPost, type Member } from './feedback-fixtures';

// Seller payout onboarding with the embedded driver: the link creates the account once, the
// status call reads it, the /payout-setup form's call finishes it and releases held payouts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;

const link = (who: Member, query: Record<string, string> = {}) =>
  inject(t, {
    method: 'GET',
    url: `/api/v1/users/stripe-onboarding-link?${new URLSearchParams(query)}`,
    headers: who.auth,
  });
const status = (who: Member, query: Record<string, string> = {}) =>
  inject(t, {
    method: 'GET',
    url: `/api/v1/users/stripe-onboarding-status?${new URLSearchParams(query)}`,
    headers: who.auth,
  });
const submitForm = (who: Member, body: Record<string, unknown>) =>
  inject(t, {
    method: 'POST',
    url: '/api/v1/payments/local/onboarding',
    headers: who.auth,
    payload: body,
  });
const accountsOf = (userId: string) =>
  db().select().from(sellerAccounts).where(eq(sellerAccounts.userId, userId));

const FORM = {
  holderName: 'Maya Maker',
  country: 'DE',
  accountNumber: 'DE89 3704 0044 0532 0130 00',
};

/** A seller with one shipped sale whose payout is held because their payouts are not set up. */
async function sellerWithHeldPayout() {
  const seller = await sellerWithPost(t, 'Maya Maker', 40);
  const buyer = await signedInUser(t.deps);
  const order = await purchase(t, buyer, [seller.post._id]);
  const part = order.transactions[0]!;
  await queuePayout(t.moduleDeps(), part._id);
  await t.runJobs();
  const [row] = await db().select().from(transactions).where(eq(transactions.id, part._id));
  expect(row).toMatchObject({ payoutStatus: 'held', status: 'shipped' });
  expect(row!.payoutHeldReason).toMatch(/payout setup/);
  return { seller, part };
}

describe('GET /users/stripe-onboarding-link', () => {
  it('creates the payout account once and links to our own payout form', async () => {
    const seller = await signedInUser(t.deps);
    const first = await link(seller);
    expect(first.statusCode).toBe(200);
    const { url, stripeUserId } = first.json();
    expect(stripeUserId).toMatch(/^acct_local_/);
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://localhost:3000');
    expect(parsed.pathname).toBe('/payout-setup');
    expect(parsed.searchParams.get('account')).toBe(stripeUserId);
    expect(parsed.searchParams.get('type')).toBe('account_onboarding');

    const second = await link(seller, { stripeUserId, linkType: 'account_update' });
    expect(second.statusCode).toBe(200);
    expect(second.json().stripeUserId).toBe(stripeUserId);
    expect(new URL(second.json().url).searchParams.get('type')).toBe('account_update');

    const rows = await accountsOf(seller.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'local',
      accountId: stripeUserId,
      detailsSubmitted: false,
    });
    // SPEC §3 User.stripeUserId / stripeAccountLink.
    const [user] = await db().select().from(users).where(eq(users.id, seller.user.id));
    expect(user).toMatchObject({ stripeUserId, stripeAccountLink: second.json().url });
  });

  it('keeps one account when two first calls race', async () => {
    const seller = await signedInUser(t.deps);
    const [a, b] = await Promise.all([link(seller), link(seller)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().stripeUserId).toBe(b.json().stripeUserId);
    expect(await accountsOf(seller.user.id)).toHaveLength(1);
  });

  it("refuses another member's account id (403) and creates nothing", async () => {
    const maya = await signedInUser(t.deps);
    const mayaAccount = (await link(maya)).json().stripeUserId;
    const leo = await signedInUser(t.deps);
    const res = await link(leo, { stripeUserId: mayaAccount });
    expect(res.statusCode).toBe(403);
    expect(await accountsOf(leo.user.id)).toHaveLength(0);
    // Leo with an account of his own still cannot name Maya's.
    await link(leo);
    expect((await link(leo, { stripeUserId: mayaAccount })).statusCode).toBe(403);
    expect((await status(leo, { stripeUserId: mayaAccount })).statusCode).toBe(403);
  });
});

describe('GET /users/stripe-onboarding-status', () => {
  it('says not submitted before any account exists, and with one not yet set up', async () => {
    const seller = await signedInUser(t.deps);
    expect((await status(seller)).json()).toEqual({
      stripeUserId: null,
      details_submitted: false,
      payouts_enabled: false,
      heldAmount: 0,
    });
    const { stripeUserId } = (await link(seller)).json();
    expect((await status(seller, { stripeUserId })).json()).toEqual({
      stripeUserId,
      details_submitted: false,
      payouts_enabled: false,
      heldAmount: 0,
    });
  });

  it('shows what shipped sales hold until the setup is finished', async () => {
    const { seller, part } = await sellerWithHeldPayout();
    expect((await status(seller)).json()).toMatchObject({
      details_submitted: false,
      heldAmount: part.payout,
    });
  });
});

describe('POST /payments/local/onboarding', () => {
  it('records the payout details (last four only), and the held payouts are transferred once', async () => {
    const { seller, part } = await sellerWithHeldPayout();
    const { stripeUserId } = (await link(seller)).json();
    const res = await submitForm(seller, { ...FORM, accountId: stripeUserId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ details_submitted: true });

    const [account] = await accountsOf(seller.user.id);
    expect(account).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      payoutHolderName: 'Maya Maker',
      payoutCountry: 'DE',
      payoutAccountLast4: '3000',
    });
    expect(JSON.stringify(account)).not.toContain('37040044');

    await t.runJobs();
    const transfers = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.transactionId, part._id), eq(ledgerEntries.kind, 'transfer')));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.amountMinor).toBe(Math.round(part.payout * 100));
    const [row] = await db().select().from(transactions).where(eq(transactions.id, part._id));
    expect(row).toMatchObject({ payoutStatus: 'paid', payoutHeldReason: null });

    // The status call now says ready; submitting again changes the details but pays nothing twice.
    expect((await status(seller)).json()).toEqual({
      stripeUserId,
      details_submitted: true,
      payouts_enabled: true,
      heldAmount: 0,
    });
    const update = await submitForm(seller, {
      ...FORM,
      accountNumber: '000123456789',
      accountId: stripeUserId,
    });
    expect(update.statusCode).toBe(200);
    await t.runJobs();
    expect((await accountsOf(seller.user.id))[0]!.payoutAccountLast4).toBe('6789');
    expect(
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, part._id)),
    ).toHaveLength(1);
  });

  it("refuses another member's account (403) and a member without one (404)", async () => {
    const maya = await signedInUser(t.deps);
    const mayaAccount = (await link(maya)).json().stripeUserId;
    const leo = await signedInUser(t.deps);
    const none = await submitForm(leo, { ...FORM, accountId: mayaAccount });
    expect(none.statusCode).toBe(404);
    await link(leo);
    const theirs = await submitForm(leo, { ...FORM, accountId: mayaAccount });
    expect(theirs.statusCode).toBe(403);
    expect((await accountsOf(maya.user.id))[0]!.detailsSubmitted).toBe(false);
  });

  it('answers field errors for a bad form', async () => {
    const seller = await signedInUser(t.deps);
    const { stripeUserId } = (await link(seller)).json();
    const res = await submitForm(seller, {
      accountId: stripeUserId,
      holderName: ' ',
      country: 'XX',
      accountNumber: '12',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { path: string[] }) => d.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['holderName', 'country', 'accountNumber']));
    expect((await accountsOf(seller.user.id))[0]!.detailsSubmitted).toBe(false);
  });
});

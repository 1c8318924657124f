import { and, eq, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  localOnboardingRequest,
  onboardingLinkQuery,
  onboardingStatusResponse,
} from '../../../shared/contracts/commerce';
import { toMajor } from '../../../shared/money';
import { sellerAccounts, transactions, users, type SellerAccountRow } from '../../db/schema';
import { setPaymentAccount } from '../accounts';
import {
  appOrigin,
  conflict,
  forbidden,
  inTransaction,
  notFound,
  nowDate,
  unauthorized,
  type DbOrTx,
  type ModuleDeps,
} from '../core';
import { paymentsOf } from './payments';
import { releaseHeldPayouts } from './payouts';

// A seller's payout account (SPEC §7 stripe-onboarding-link / -status): created on first use, one
// per member (seller_accounts' primary key is the member), through the payments adapter — a
// Stripe connected account with an Account Link, or the embedded driver's own form at
// /payout-setup. Finishing setup releases what was held for the seller's shipped sales
// (docs/decisions/030).

export type OnboardingLinkQuery = z.output<typeof onboardingLinkQuery>;
export type LocalOnboardingInput = z.output<typeof localOnboardingRequest>;
export type OnboardingStatus = z.input<typeof onboardingStatusResponse>;

const notYours = () => forbidden('This payout account is not yours.');

async function accountOf(db: DbOrTx, userId: string): Promise<SellerAccountRow | null> {
  const [row] = await db
    .select()
    .from(sellerAccounts)
    .where(eq(sellerAccounts.userId, userId))
    .limit(1);
  return row ?? null;
}

/** A `stripeUserId` the caller sent must be their own account's (none sent: their own). */
function assertOwn(row: SellerAccountRow | null, stripeUserId: string | undefined) {
  if (stripeUserId && stripeUserId !== row?.accountId) throw notYours();
}

/**
 * The member's payout account, created with the provider on first use. The idempotency key makes
 * Stripe answer a retried creation with the same account; two calls racing with the embedded
 * driver may both create one, but only the first row is kept and both answer with it.
 */
async function ensureAccount(deps: ModuleDeps, userId: string): Promise<SellerAccountRow> {
  const existing = await accountOf(deps.db, userId);
  if (existing) return existing;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized();
  const payments = paymentsOf(deps);
  const { id } = await payments.createAccount({
    email: user.email,
    metadata: { userId },
    idempotencyKey: `acct:${userId}`,
  });
  await deps.db
    .insert(sellerAccounts)
    .values({ userId, provider: payments.provider, accountId: id, updatedAt: nowDate(deps) })
    .onConflictDoNothing({ target: sellerAccounts.userId });
  return (await accountOf(deps.db, userId))!;
}

/**
 * GET /users/stripe-onboarding-link: where the caller sets up (or updates) their payouts. Back to
 * /onboarding-success when done, to /onboarding-failure when the link has expired or failed.
 */
export async function onboardingLink(
  deps: ModuleDeps,
  userId: string,
  query: OnboardingLinkQuery,
): Promise<{ url: string; stripeUserId: string }> {
  assertOwn(await accountOf(deps.db, userId), query.stripeUserId);
  const account = await ensureAccount(deps, userId);
  const origin = appOrigin(deps);
  const { url } = await paymentsOf(deps).createAccountLink({
    accountId: account.accountId,
    refreshUrl: `${origin}/onboarding-failure`,
    returnUrl: `${origin}/onboarding-success`,
    type: query.linkType,
  });
  await setPaymentAccount(deps, userId, {
    stripeUserId: account.accountId,
    stripeAccountLink: url,
  });
  return { url, stripeUserId: account.accountId };
}

/** Money of the seller's shipped sales held until their payout setup is finished (minor units). */
async function heldForSetupMinor(db: DbOrTx, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(sql`${transactions.totalMinor} - ${transactions.platformFeeMinor}`) })
    .from(transactions)
    .where(
      and(
        eq(transactions.sellerId, sellerId),
        eq(transactions.status, 'shipped'),
        eq(transactions.payoutStatus, 'held'),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * GET /users/stripe-onboarding-status: the provider's word on the caller's account, kept in
 * seller_accounts. `heldAmount` is what their shipped sales hold for the setup; when the account
 * is ready, this call releases it (the transfers run as jobs), so it is what is on its way.
 */
export async function onboardingStatus(
  deps: ModuleDeps,
  userId: string,
  stripeUserId: string | undefined,
): Promise<OnboardingStatus> {
  const row = await accountOf(deps.db, userId);
  assertOwn(row, stripeUserId);
  const heldAmount = toMajor(await heldForSetupMinor(deps.db, userId));
  if (!row)
    return { stripeUserId: null, details_submitted: false, payouts_enabled: false, heldAmount };
  const account = await paymentsOf(deps).retrieveAccount(row.accountId);
  await inTransaction(deps, async (tx) => {
    if (
      account.detailsSubmitted !== row.detailsSubmitted ||
      account.payoutsEnabled !== row.payoutsEnabled
    ) {
      await tx.db
        .update(sellerAccounts)
        .set({
          detailsSubmitted: account.detailsSubmitted,
          payoutsEnabled: account.payoutsEnabled,
          updatedAt: nowDate(deps),
        })
        .where(eq(sellerAccounts.userId, userId));
    }
    // Ready: release whatever is still held (a no-op when nothing is; payouts are idempotent).
    if (account.detailsSubmitted && heldAmount > 0) await releaseHeldPayouts(tx, userId);
  });
  return {
    stripeUserId: row.accountId,
    details_submitted: account.detailsSubmitted,
    payouts_enabled: account.payoutsEnabled,
    heldAmount,
  };
}

/**
 * POST /payments/local/onboarding: the embedded driver's payout form. Keeps who is paid and the
 * last four characters of where (never the whole number), marks the account ready and releases
 * the held payouts, in one transaction.
 */
export async function completeLocalOnboarding(
  deps: ModuleDeps,
  userId: string,
  input: LocalOnboardingInput,
): Promise<{ details_submitted: true }> {
  if (deps.payments) {
    throw conflict(
      'Payouts are set up with our payment provider: use the setup link on your Sales page.',
      'WRONG_PAYMENT_PROVIDER',
    );
  }
  await inTransaction(deps, async (tx) => {
    const row = await accountOf(tx.db, userId);
    if (!row) throw notFound('Start your payout setup from your Sales page first.', 'NOT_FOUND');
    if (row.accountId !== input.accountId) throw notYours();
    await tx.db
      .update(sellerAccounts)
      .set({
        payoutHolderName: input.holderName,
        payoutCountry: input.country,
        payoutAccountLast4: input.accountNumber.slice(-4).toUpperCase(),
        detailsSubmitted: true,
        payoutsEnabled: true,
        updatedAt: nowDate(deps),
      })
      .where(eq(sellerAccounts.userId, userId));
    await releaseHeldPayouts(tx, userId);
  });
  return { details_submitted: true };
}

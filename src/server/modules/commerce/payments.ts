import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  localRefunds,
  paymentIntents,
  sellerAccounts,
  type PaymentIntentRow,
} from '../../db/schema';
import type { PaymentIntentInfo, PaymentsDriver } from '../../adapters/payments/types';
import { localCardOutcome, type DeclineCode } from '../../adapters/payments/test-cards';
import { digitsOnly, type CardInput } from '../../../shared/card';
import {
  appOrigin,
  conflict,
  inTransaction,
  notFound,
  nowDate,
  paymentRequired,
  requireValidCard,
  type ModuleDeps,
} from '../core';

/**
 * The payments driver for this call: Stripe when configured (deps.payments), else the embedded
 * driver below, bound to `deps.db` so that inside a transaction its rows commit with the order's.
 */
export function paymentsOf(deps: ModuleDeps): PaymentsDriver {
  return deps.payments ?? localPayments(deps);
}

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

const toInfo = (row: PaymentIntentRow): PaymentIntentInfo => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amountMinor: row.amountMinor,
  currency: row.currency,
  metadata: row.metadata,
  chargeId: row.status === 'succeeded' ? `ch_${row.id}` : null,
});

export const paymentNotFound = () =>
  notFound(
    'This payment could not be found. Start the payment again from checkout.',
    'PAYMENT_NOT_FOUND',
  );

async function intentRow(deps: Pick<ModuleDeps, 'db'>, id: string, lock = false) {
  const query = deps.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  if (!row) throw paymentNotFound();
  return row;
}

/**
 * A refund of the embedded driver, kept as Stripe keeps one: asked again with the same key it is
 * the same refund (a job retried after the refund was made but before the ledger recorded it gets
 * the id it got the first time), and a payment's refunds never add up to more than was paid. The
 * payment's row is locked first, so two refunds of one payment are decided one after the other.
 */
function localRefund(deps: ModuleDeps, input: Parameters<PaymentsDriver['createRefund']>[0]) {
  return inTransaction(deps, async (tx) => {
    const row = await intentRow(tx, input.paymentIntentId, true);
    const [done] = await tx.db
      .select({ id: localRefunds.id })
      .from(localRefunds)
      .where(eq(localRefunds.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (done) return { id: done.id };
    if (row.status !== 'succeeded') throw conflict('Only a paid payment can be refunded.');
    const [sum] = await tx.db
      .select({ refunded: sql<number>`coalesce(sum(${localRefunds.amountMinor}), 0)::int` })
      .from(localRefunds)
      .where(eq(localRefunds.paymentIntentId, row.id));
    if (sum!.refunded + input.amountMinor > row.amountMinor)
      throw conflict('This refund is more than what is left of the payment to refund.');
    const id = newId('re');
    await tx.db.insert(localRefunds).values({
      id,
      paymentIntentId: row.id,
      amountMinor: input.amountMinor,
      metadata: input.metadata,
      idempotencyKey: input.idempotencyKey,
    });
    return { id };
  });
}

/**
 * The embedded driver (DESIGN §1): real payment intents in the database, Stripe's test-card
 * behaviour on confirm, payout accounts filled in through our own form. Transfers and refunds
 * have nowhere to send money on a laptop: they succeed with an id, and commerce's ledger records
 * them exactly once, as it does for Stripe; refunds are kept (localRefund) as Stripe keeps them.
 */
export function localPayments(deps: ModuleDeps): PaymentsDriver {
  return {
    provider: 'local',
    publishableKey: null,
    async createPaymentIntent(input) {
      const id = newId('pi');
      // Insert first, look up only when the key was already used: one statement on a first call.
      const [row] = await deps.db
        .insert(paymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amountMinor: input.amountMinor,
          currency: input.currency.toLowerCase(),
          status: 'requires_payment_method',
          transferGroup: input.transferGroup,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          createdAt: nowDate(deps),
          updatedAt: nowDate(deps),
        })
        .onConflictDoNothing({ target: paymentIntents.idempotencyKey })
        .returning();
      if (row) return toInfo(row);
      const [existing] = await deps.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.idempotencyKey, input.idempotencyKey))
        .limit(1);
      return toInfo(existing!);
    },
    async retrievePaymentIntent(id) {
      return toInfo(await intentRow(deps, id));
    },
    async cancelPaymentIntent(id) {
      const row = await intentRow(deps, id, true);
      if (row.status !== 'requires_payment_method') return toInfo(row);
      const [updated] = await deps.db
        .update(paymentIntents)
        .set({ status: 'canceled', updatedAt: nowDate(deps) })
        .where(eq(paymentIntents.id, id))
        .returning();
      return toInfo(updated!);
    },
    async createTransfer() {
      return { id: newId('tr') };
    },
    createRefund: (input) => localRefund(deps, input),
    async createTransferReversal() {
      return { id: newId('trr') };
    },
    async createAccount() {
      return { id: newId('acct') };
    },
    async createAccountLink(input) {
      const params = new URLSearchParams({ account: input.accountId, type: input.type });
      return { url: `${appOrigin(deps)}/payout-setup?${params}` };
    },
    async retrieveAccount(id) {
      const [row] = await deps.db
        .select()
        .from(sellerAccounts)
        .where(eq(sellerAccounts.accountId, id))
        .limit(1);
      if (!row) throw notFound('This payout account could not be found.');
      return { id, detailsSubmitted: row.detailsSubmitted, payoutsEnabled: row.payoutsEnabled };
    },
  };
}

export type LocalConfirmOutcome =
  | { outcome: 'succeeded' | 'already_succeeded'; intent: PaymentIntentInfo }
  | {
      outcome: 'declined';
      intent: PaymentIntentInfo;
      code: 'card_declined' | 'insufficient_funds';
      message: string;
    };

/**
 * Confirms an embedded payment intent with a card, as Stripe's test mode would: malformed cards
 * are 400 by the field; the decline cards (and any real card: this is not a live payment system)
 * come back `declined` with Stripe's code and wording, recorded on the intent — the caller
 * records it on the order, commits, then answers 402 (`declineError`). A succeeded intent
 * confirms again as `already_succeeded` (a double submit never charges twice).
 */
export async function confirmLocalIntent(
  deps: ModuleDeps,
  id: string,
  card: CardInput,
): Promise<LocalConfirmOutcome> {
  const row = await intentRow(deps, id, true);
  if (row.status === 'succeeded') return { outcome: 'already_succeeded', intent: toInfo(row) };
  if (row.status === 'canceled') {
    throw conflict(
      'This payment was cancelled because the order expired. Place the order again.',
      'ORDER_NOT_PAYABLE',
    );
  }
  requireValidCard(card, nowDate(deps));
  const digits = digitsOnly(card.number);
  const { decline } = localCardOutcome(digits);
  const at = nowDate(deps);
  if (decline) {
    const [declined] = await deps.db
      .update(paymentIntents)
      .set({ lastErrorCode: decline.code, updatedAt: at })
      .where(eq(paymentIntents.id, id))
      .returning();
    return { outcome: 'declined', intent: toInfo(declined!), ...decline };
  }
  const [updated] = await deps.db
    .update(paymentIntents)
    .set({ status: 'succeeded', cardLast4: digits.slice(-4), lastErrorCode: null, updatedAt: at })
    .where(eq(paymentIntents.id, id))
    .returning();
  return { outcome: 'succeeded', intent: toInfo(updated!) };
}

/** The 402 a decline answers with: Stripe's code and a sentence the buyer can act on. */
export const declineError = (code: DeclineCode, message: string) => paymentRequired(message, code);

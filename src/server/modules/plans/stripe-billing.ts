import { isStripeDriver } from '../../adapters/payments/stripe';
import {
  isPaymentProviderError,
  type BillingDriver,
  type BillingInvoiceInfo,
  type PaymentsDriver,
} from '../../adapters/payments/types';
import type { SubscriptionRow } from '../../db/schema';
import {
  inTransaction,
  paymentRequired,
  unavailable,
  validationError,
  type ModuleDeps,
} from '../core';
import { queuePlanMail } from './mail';
import { announcePlanChange } from './renew';
import { lockSubscription, recordPeriodPaid, type PeriodCharge } from './subscription-state';

// What the Stripe use-cases (stripe-subscriptions.ts) and webhook handlers (stripe-events.ts)
// share (docs/decisions/033): the billing driver, Stripe's failures in a member's words, and a
// paid invoice recorded as its period's charge.

export type StripeDeps = ModuleDeps & { payments: PaymentsDriver };

/** The billing part of the Stripe driver; null when payments are not Stripe's. */
export function billingOf(deps: Pick<ModuleDeps, 'payments'>): BillingDriver | null {
  return isStripeDriver(deps.payments) ? deps.payments.billing : null;
}

export function requireBilling(deps: StripeDeps): BillingDriver {
  const billing = billingOf(deps);
  if (!billing) {
    throw unavailable(
      'Paid plans cannot be bought on this server right now.',
      'PAYMENT_PROVIDER_ERROR',
    );
  }
  return billing;
}

/** A failure at Stripe in words a member can act on: a card problem is 402, an outage 503. */
export function stripeFailure(err: unknown): unknown {
  if (!isPaymentProviderError(err)) return err;
  const refusal = err.refusal;
  if (refusal?.cardError) {
    const code = refusal.code === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
    return paymentRequired(`${refusal.said} Try another card.`, code);
  }
  if (!err.retryable && refusal?.code === 'resource_missing') {
    return validationError(
      'Your card details could not be used: enter them again.',
      'CARD_INVALID',
      [{ path: ['paymentMethodId'], message: 'Enter your card details again.' }],
    );
  }
  return unavailable(
    'We could not reach Stripe, our payment provider, so nothing changed. Please try again in a few minutes.',
    'PAYMENT_PROVIDER_ERROR',
  );
}

export async function atStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw stripeFailure(err);
  }
}

/** A paid invoice as the period charge it records (keyed by the invoice: one charge per invoice). */
export const invoiceCharge = (invoice: BillingInvoiceInfo): PeriodCharge => ({
  periodStart: invoice.periodStart,
  periodEnd: invoice.periodEnd,
  amountMinor: invoice.amountPaidMinor || invoice.amountDueMinor,
  currency: invoice.currency.toUpperCase(),
  providerRef: invoice.id,
  idempotencyKey: `stripe:${invoice.id}`,
});

/** The subscription row, locked for the rest of the transaction (callers know it exists). */
export async function lockRow(deps: Pick<ModuleDeps, 'db'>, id: string): Promise<SubscriptionRow> {
  return (await lockSubscription(deps.db, id))!;
}

/** Records a paid invoice (once) and queues its receipt while the subscription is on. */
export async function recordPaidInvoice(
  deps: ModuleDeps,
  rowId: string,
  invoice: BillingInvoiceInfo,
): Promise<SubscriptionRow> {
  const { subscription, started } = await inTransaction(deps, async (tx) => {
    const row = await lockRow(tx, rowId);
    const paid = await recordPeriodPaid(tx, row, invoiceCharge(invoice));
    if (paid.created && paid.subscription.status === 'active') {
      const first = invoice.billingReason === 'subscription_create';
      await queuePlanMail(tx, first ? 'receipt' : 'renewed', paid.charge.id);
    }
    return { subscription: paid.subscription, started: row.status !== paid.subscription.status };
  });
  // The plan started: what it unlocks on the member's pages changes (after the commit).
  if (started) announcePlanChange(deps, subscription.userId);
  return subscription;
}
